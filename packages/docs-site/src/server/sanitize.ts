/**
 * The one sanitiser every piece of author- or spec-provided HTML goes through: hast-util-sanitize
 * (rehype-sanitize's engine) on the hast tree, by one schema. No scripts, no event handlers, no
 * `javascript:` (or other non-http) URLs, no styles, no forms, no frames. Author ids are prefixed
 * `user-content-` (as GitHub does) so they can never clash with, or clobber, the ids the page
 * relies on (`sx-data`…); same-page `#fragment` links are rewritten to match, and the heading ids
 * the renderer gave (`keepIds`) are kept as they are. The pipelines parse raw HTML into the tree
 * first ({@link rehypeParseRaw}): the sanitiser drops what is still raw.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { raw } from 'hast-util-raw';
import { type Schema, sanitize as sanitizeHast } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';

/** The prefix of every id that comes from an author. */
export const USER_CONTENT_PREFIX = 'user-content-';

/** As the pipelines write HTML (`<img … />`). */
export const SERIALIZE = { closeSelfClosing: true } as const;

/**
 * Not protocol-relative (`//host`, `\\host`, `/\host`), with the spaces and control characters a
 * browser skips. Schemes are the schema's `protocols` (exact and case-sensitive: ` javascript:`,
 * `JAVASCRIPT:` or `java&#9;script:` never match an allowed one).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these in URLs.
const NOT_PROTOCOL_RELATIVE = /^(?![\u0000-\u0020]*[/\\][\u0000-\u0020]*[/\\])/;
/** An image's source: as a link's, and `data:` only for an image type. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these in URLs.
const IMAGE_SOURCE = /^(?![\u0000-\u0020]*[/\\][\u0000-\u0020]*[/\\]|data:(?!image\/))/;

/** Elements dropped with their content (raw text, or nothing a reader should see); others unwrap. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'select',
  'option',
  'object',
  'svg',
  'math',
];

/** What every schema sets, so nothing falls back to hast-util-sanitize's GitHub defaults. */
const NOTHING = {
  allowComments: false,
  allowDoctypes: false,
  ancestors: {},
  required: {},
  // Ids are prefixed by the rule below, which knows the renderer's own (`keepIds`).
  clobber: [],
  clobberPrefix: '',
  strip: DROPPED_WITH_CONTENT,
} satisfies Schema;

const AUTHOR_TAG_NAMES = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'aside', 'div', 'span'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'strong', 'b', 'em', 'i', 'del', 's'],
  ...['sub', 'sup', 'kbd', 'mark', 'pre', 'code', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th'],
  ...['td', 'caption', 'details', 'summary', 'section', 'figure', 'figcaption'],
];

/** Page content: prose, lists, tables, code, links and images; highlighting and site classes. */
const CONTENT_SCHEMA: Schema = {
  ...NOTHING,
  tagNames: [
    ...AUTHOR_TAG_NAMES,
    // Task-list checkboxes (made read-only below).
    'input',
    // Placeholders of the page renderer's own parts (islands, math, icons):
    // `server/mdx/content-tree.ts` replaces each by what its table holds for its unguessable key,
    // and drops unknown ones.
    'sx-x',
    'sx-slot',
  ],
  attributes: {
    a: [['href', NOT_PROTOCOL_RELATIVE], 'title'],
    img: [['src', IMAGE_SOURCE], 'alt', 'title', 'width', 'height', 'loading'],
    input: ['type', 'checked', 'disabled'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    details: ['open'],
    // Tooltips: focusable, their tip announced as a tooltip.
    span: ['tabIndex', 'role'],
    'sx-x': ['dataK'],
    // Code blocks scroll: keyboard users must be able to reach them.
    pre: ['tabIndex'],
    '*': [
      // The site's classes, the highlighter's colour classes (`l…`, `d…`) and GFM's.
      [
        'className',
        /^sx-/,
        /^l/,
        /^d/,
        'contains-task-list',
        'task-list-item',
        'footnotes',
        'data-footnote-backref',
      ],
      'id',
      'dataLang',
    ],
  },
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https', 'data'] },
};

/** The id an author's `id` becomes: kept when the renderer made it, else prefixed (once). */
function safeId(id: string, keepIds: ReadonlySet<string>): string {
  return keepIds.has(id) || id.startsWith(USER_CONTENT_PREFIX) ? id : `${USER_CONTENT_PREFIX}${id}`;
}

/**
 * Where a same-page link `#name` points once ids are prefixed: a heading the renderer named
 * (`#h-setup`, or GitHub's `#setup` for it), else the author's prefixed id.
 * @example safeFragment('#setup', new Set(['h-setup'])) // '#h-setup'
 */
export function safeFragment(href: string, keepIds: ReadonlySet<string>): string {
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

/**
 * The renderer's rules on a sanitised element: ids prefixed, same-page links rewritten, external
 * links opened apart, task-list checkboxes read-only and labelled; false drops the element.
 */
function finishElement(node: Element, keepIds: ReadonlySet<string>): boolean {
  const properties = node.properties;
  if (node.tagName === 'input') {
    if (properties.type !== 'checkbox') return false;
    properties.disabled = true;
    properties.ariaLabel = properties.checked ? 'Done' : 'To do';
  }
  if (Array.isArray(properties.className) && properties.className.length === 0) delete properties.className;
  if (typeof properties.id === 'string') properties.id = safeId(properties.id, keepIds);
  if (node.tagName === 'a' && typeof properties.href === 'string') {
    properties.href = safeFragment(properties.href, keepIds);
    if (/^https?:\/\//.test(properties.href)) {
      properties.rel = ['noopener', 'noreferrer', 'nofollow'];
      properties.target = '_blank';
    }
  }
  return true;
}

function finish(children: ElementContent[], keepIds: ReadonlySet<string>): ElementContent[] {
  const kept = children.filter((child) => child.type !== 'element' || finishElement(child, keepIds));
  for (const child of kept) if (child.type === 'element') child.children = finish(child.children, keepIds);
  return kept;
}

/** What a plugin reads of the file being processed. */
type ProcessedFile = { data: Record<string, unknown> };

const holdsRaw = (node: RootContent): boolean =>
  node.type === 'raw' || ('children' in node && node.children.some(holdsRaw));

/**
 * The unified plugin that parses the raw HTML of a tree (the author's, the renderer's highlighted
 * code and errors) into it, as a browser would (hast-util-raw, parse5), for the sanitiser to clean.
 * With `always`, every tree is parsed, so it has the structure a browser gives it (the MDX
 * content tree is spelled out for React); else a tree without raw HTML is left as it is (its
 * HTML is parsed by the browser anyway): that parse costs more than all the rest of the
 * sanitiser, and most descriptions have no raw HTML.
 */
export function rehypeParseRaw(options: { always?: boolean } = {}) {
  return () => (tree: Root) => (options.always || tree.children.some(holdsRaw) ? (raw(tree) as Root) : tree);
}

/**
 * Sanitises a hast tree (a new one is returned). `keepIds` are ids the renderer itself gave
 * (heading anchors); every other id is prefixed `user-content-`. Raw nodes are dropped: parse them
 * into the tree first ({@link rehypeParseRaw}).
 * @example sanitizeTree(fromHtml('<img src=x onerror=alert(1)>', { fragment: true })) // <img src="x">
 */
export function sanitizeTree(tree: Root, keepIds: ReadonlySet<string> = new Set()): Root {
  // Not the root's `data` (the parser's quirks mode), which the sanitiser would deep-clone.
  const clean = sanitizeHast({ type: 'root', children: tree.children }, CONTENT_SCHEMA) as Root;
  clean.children = finish(clean.children as ElementContent[], keepIds);
  return clean;
}

/**
 * The unified plugin of {@link sanitizeTree}, after {@link rehypeParseRaw}; `keepIds` is asked per file.
 * @example unified().use(remarkParse).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeParseRaw()).use(rehypeSanitize(() => ids))
 */
export function rehypeSanitize(keepIds: (file: ProcessedFile) => ReadonlySet<string>) {
  return () => (tree: Root, file: ProcessedFile) => sanitizeTree(tree, keepIds(file));
}

const AUTHOR_TAGS = new Set(AUTHOR_TAG_NAMES);

/** Whether an author may write the HTML element `tag` (MDX pages: the sanitiser's own list). */
export function isAllowedTag(tag: string): boolean {
  return AUTHOR_TAGS.has(tag);
}

/**
 * Sanitises an HTML string (parsed as a `<body>` fragment, by the same schema as the trees).
 * @example sanitize('<img src=x onerror=alert(1)>') // '<img src="x" />'
 * @example sanitize('<a id="sx-data" href="#sx-data">x</a>') // '<a id="user-content-sx-data" href="#user-content-sx-data">x</a>'
 */
export function sanitize(html: string, keepIds?: ReadonlySet<string>): string {
  return toHtml(sanitizeTree(fromHtml(html, { fragment: true }), keepIds), SERIALIZE);
}

/** MathML attributes (hast property names) KaTeX writes, and those of its stretchy glyphs' SVG. */
const MATH_PROPERTIES = [
  ...['className', 'ariaHidden', 'xmlns', 'display', 'displaystyle', 'scriptlevel', 'mathvariant'],
  ...['mathcolor', 'mathbackground', 'accent', 'accentunder', 'stretchy', 'fence', 'separator'],
  ...['lspace', 'rspace', 'minsize', 'maxsize', 'movablelimits', 'symmetric', 'linethickness'],
  ...['columnalign', 'columnspacing', 'columnlines', 'rowspacing', 'rowlines', 'rowalign', 'frame'],
  ...['framespacing', 'notation', 'width', 'height', 'depth', 'voffset', 'encoding', 'viewBox'],
  ...['preserveAspectRatio', 'd', 'x1', 'x2', 'y1', 'y2', 'strokeWidth'],
];

/** KaTeX's output (HTML spans, MathML, the SVG of stretchy glyphs): its own tags, no styles. */
const MATH_SCHEMA: Schema = {
  ...NOTHING,
  strip: DROPPED_WITH_CONTENT.filter((tag) => tag !== 'svg' && tag !== 'math'),
  tagNames: [
    ...['span', 'math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext'],
    ...['mspace', 'msup', 'msub', 'msubsup', 'mfrac', 'msqrt', 'mroot', 'mstyle', 'mpadded'],
    ...['mphantom', 'menclose', 'mover', 'munder', 'munderover', 'mtable', 'mtr', 'mtd'],
    ...['mlabeledtr', 'svg', 'path', 'line'],
  ],
  attributes: { '*': MATH_PROPERTIES },
  protocols: {},
};

/**
 * Sanitises KaTeX's output (made from author TeX with `trust: false`) by the math rule set: no
 * links, no styles, no scripts, only its span classes, MathML and glyph paths.
 * @example sanitizeMath('<span class="katex" onclick="x()">x</span>') // '<span class="katex">x</span>'
 */
export function sanitizeMath(html: string): string {
  return toHtml(sanitizeHast(fromHtml(html, { fragment: true }), MATH_SCHEMA), SERIALIZE);
}
