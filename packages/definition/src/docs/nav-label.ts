/**
 * Navigation labels: the short name a sidebar shows for an endpoint, channel or webhook (peers
 * show "List repositories", not the sentence-long summary, which stays the page heading), and the
 * plain text of a title written in inline markdown (for `<title>`, slugs and length checks).
 */

/** Longest label, in characters of plain text, the sidebar shows as it is. */
export const NAV_LABEL_MAX = 40;

/**
 * Words with single spaces between them and no character a rule of `plainTitle` reads (escapes,
 * code spans, links, emphasis, its private-use range): most titles, their own plain text. Their
 * seven replacements were most of a sidebar link's cost (issue #30).
 */
const ALREADY_PLAIN = /^[^\s\\`*_[\]\ue000-\ue0ff]+(?: [^\s\\`*_[\]\ue000-\ue0ff]+)*$/;

/** An escaped character set aside (a private-use code point) so no rule of `plainTitle` reads it. */
const hide = (c: string) => String.fromCharCode(0xe000 + c.charCodeAt(0));

/**
 * `text` without inline markdown: code spans keep their text, links their label, emphasis its
 * words; backslash escapes are resolved.
 * @example plainTitle('Get a `Plant` by [id](/ids)') // 'Get a Plant by id'
 */
export function plainTitle(text: string): string {
  if (ALREADY_PLAIN.test(text)) return text;
  return text
    .replace(/\\([\\`*_[\]()#+\-.!])/g, (_, c: string) => hide(c))
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/[\ue000-\ue0ff]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xe000))
    .replace(/\s+/g, ' ')
    .trim();
}

/** `repos/list-for-org`, `listForOrg`, `list_for_org` → `List for org` (the last path segment). */
export function humanizeOperationId(operationId: string): string {
  const last = operationId.split(/[/.:]/).filter(Boolean).pop() ?? operationId;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => (/^[A-Z0-9]+$/.test(word) && word.length > 1 ? word : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `text` cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  if (text.charAt(max - 1) === ' ') return `${cut.replace(/[\s,.;:]+$/, '')}…`;
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The sidebar label of an operation: its title (summary) when short; else a name made from its
 * operationId; else the title cut short. Inline markdown in a short title is kept (the sidebar
 * renders code spans).
 * @example navLabel({ title: 'Get the thing with everything it links to, including its parts', operationId: 'things/get' }) // 'Get'
 */
export function navLabel({ title, operationId }: { title: string; operationId?: string }): string {
  const plain = plainTitle(title);
  if (plain.length <= NAV_LABEL_MAX) return title;
  const fromId = operationId ? humanizeOperationId(operationId) : '';
  if (fromId && fromId.length <= NAV_LABEL_MAX) return fromId;
  return shorten(plain, NAV_LABEL_MAX);
}
