/**
 * The one sanitiser every piece of author- or spec-provided HTML goes through: no scripts, no
 * event handlers, no `javascript:` (or other non-http) URLs, no styles, no forms, no frames.
 * Author ids are prefixed `user-content-` (as GitHub does) so they can never clash with, or
 * clobber, the ids the page relies on (`sx-data`…); same-page `#fragment` links are rewritten
 * to match, and the heading ids the renderer gave (`keepIds`) are kept as they are.
 */
import sanitizeHtml from 'sanitize-html';

/** The prefix of every id that comes from an author. */
export const USER_CONTENT_PREFIX = 'user-content-';

/** The id an author's `id` becomes: kept when the renderer made it, else prefixed (once). */
function safeId(id: string, keepIds: ReadonlySet<string>): string {
  return keepIds.has(id) || id.startsWith(USER_CONTENT_PREFIX) ? id : `${USER_CONTENT_PREFIX}${id}`;
}

/**
 * Where a same-page link `#name` points once ids are prefixed: a heading the renderer named
 * (`#h-setup`, or GitHub's `#setup` for it), else the author's prefixed id.
 */
function safeFragment(href: string, keepIds: ReadonlySet<string>): string {
  if (!href.startsWith('#') || href.length === 1) return href;
  let name: string;
  try {
    name = decodeURIComponent(href.slice(1));
  } catch {
    name = href.slice(1);
  }
  if (keepIds.has(`h-${name}`)) return `#h-${name}`;
  return `#${encodeURIComponent(safeId(name, keepIds))}`;
}

/** Attributes with the id prefixed (every element) and same-page links rewritten (links). */
function withSafeIds(
  attribs: sanitizeHtml.Attributes,
  keepIds: ReadonlySet<string>,
): sanitizeHtml.Attributes {
  const out = { ...attribs };
  if (out.id !== undefined) out.id = safeId(out.id, keepIds);
  if (out.href !== undefined) out.href = safeFragment(out.href, keepIds);
  return out;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'aside', 'div', 'span'],
    ...[
      'ul',
      'ol',
      'li',
      'dl',
      'dt',
      'dd',
      'a',
      'img',
      'strong',
      'b',
      'em',
      'i',
      'del',
      's',
      'sub',
      'sup',
      'kbd',
      'mark',
    ],
    ...[
      'pre',
      'code',
      'table',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'th',
      'td',
      'caption',
      'details',
      'summary',
      'input',
      'section',
      'figure',
      'figcaption',
    ],
    // Placeholders of the page renderer's own parts (islands, math, icons):
    // `server/mdx/content-tree.ts` replaces each by what its table holds for its unguessable key,
    // and drops unknown ones.
    'sx-x',
    'sx-slot',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'id'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    input: ['type', 'checked', 'disabled', 'aria-label'],
    th: ['align'],
    td: ['align'],
    li: ['id'],
    section: ['id'],
    ol: ['start'],
    details: ['open'],
    // Tooltips: focusable, their tip announced as a tooltip.
    span: ['tabindex', 'role'],
    'sx-x': ['data-k'],
    // Code blocks scroll: keyboard users must be able to reach them.
    pre: ['tabindex'],
    '*': ['class', 'id', 'data-lang'],
  },
  allowedClasses: {
    '*': ['sx-*', 'l*', 'd*', 'contains-task-list', 'task-list-item', 'footnotes', 'data-footnote-backref'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } : attribs,
      };
    },
    input: (tagName, attribs) => ({
      tagName,
      // Task-list checkboxes: read-only, and labelled for assistive technology.
      attribs:
        attribs.type === 'checkbox'
          ? { ...attribs, disabled: '', 'aria-label': attribs.checked !== undefined ? 'Done' : 'To do' }
          : {},
    }),
  },
  allowedAttributesExtra: undefined,
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
} as sanitizeHtml.IOptions;

// `rel` and `target` are added by transformTags after the attribute filter, so allow them on links.
(OPTIONS.allowedAttributes as Record<string, string[]>).a?.push('rel', 'target');

/** Each tag's own transform, then the id rule (sanitize-html runs one transform per tag). */
function optionsKeeping(keepIds: ReadonlySet<string>): sanitizeHtml.IOptions {
  const own = OPTIONS.transformTags as Record<string, sanitizeHtml.Transformer>;
  const transform =
    (inner?: sanitizeHtml.Transformer): sanitizeHtml.Transformer =>
    (tagName, attribs) => {
      const first = inner
        ? typeof inner === 'string'
          ? { tagName: inner, attribs }
          : inner(tagName, attribs)
        : { tagName, attribs };
      return { ...first, attribs: withSafeIds(first.attribs, keepIds) };
    };
  return {
    ...OPTIONS,
    transformTags: {
      ...Object.fromEntries(Object.entries(own).map(([tag, inner]) => [tag, transform(inner)])),
      '*': transform(),
    },
  };
}

const DEFAULT_OPTIONS = optionsKeeping(new Set());

const AUTHOR_TAGS = new Set(
  (OPTIONS.allowedTags as string[]).filter((tag) => !tag.startsWith('sx-') && tag !== 'input'),
);

/** Whether an author may write the HTML element `tag` (MDX pages: the sanitiser's own list). */
export function isAllowedTag(tag: string): boolean {
  return AUTHOR_TAGS.has(tag);
}

/**
 * Sanitises untrusted HTML. `keepIds` are ids the renderer itself gave (heading anchors); every
 * other id is prefixed `user-content-`.
 * @example sanitize('<img src=x onerror=alert(1)>') // '<img src="x" />'
 * @example sanitize('<a id="sx-data" href="#sx-data">x</a>') // '<a id="user-content-sx-data" href="#user-content-sx-data">x</a>'
 */
export function sanitize(html: string, keepIds?: ReadonlySet<string>): string {
  return sanitizeHtml(html, keepIds && keepIds.size > 0 ? optionsKeeping(keepIds) : DEFAULT_OPTIONS);
}

/** KaTeX's output (HTML spans, MathML, the SVG of stretchy glyphs): its own tags, no styles. */
const MATH_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'span',
    'math',
    'semantics',
    'annotation',
    'mrow',
    'mi',
    'mn',
    'mo',
    'ms',
    'mtext',
    'mspace',
    'msup',
    'msub',
    'msubsup',
    'mfrac',
    'msqrt',
    'mroot',
    'mstyle',
    'mpadded',
    'mphantom',
    'menclose',
    'mover',
    'munder',
    'munderover',
    'mtable',
    'mtr',
    'mtd',
    'mlabeledtr',
    'svg',
    'path',
    'line',
  ],
  allowedAttributes: {
    '*': [
      'class',
      'aria-hidden',
      'xmlns',
      'display',
      'displaystyle',
      'scriptlevel',
      'mathvariant',
      'mathcolor',
      'mathbackground',
      'accent',
      'accentunder',
      'stretchy',
      'fence',
      'separator',
      'lspace',
      'rspace',
      'minsize',
      'maxsize',
      'movablelimits',
      'symmetric',
      'linethickness',
      'columnalign',
      'columnspacing',
      'columnlines',
      'rowspacing',
      'rowlines',
      'rowalign',
      'frame',
      'framespacing',
      'notation',
      'width',
      'height',
      'depth',
      'voffset',
      'encoding',
      'viewbox',
      'viewBox',
      'preserveaspectratio',
      'preserveAspectRatio',
      'd',
      'x1',
      'x2',
      'y1',
      'y2',
      'stroke-width',
    ],
  },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  parser: { lowerCaseAttributeNames: false },
};

/**
 * Sanitises KaTeX's output (made from author TeX with `trust: false`) by the math rule set: no
 * links, no styles, no scripts, only its span classes, MathML and glyph paths.
 * @example sanitizeMath('<span class="katex" onclick="x()">x</span>') // '<span class="katex">x</span>'
 */
export function sanitizeMath(html: string): string {
  return sanitizeHtml(html, MATH_OPTIONS);
}
