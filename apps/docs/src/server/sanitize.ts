/**
 * The one sanitiser every piece of author- or spec-provided HTML goes through: no scripts, no
 * event handlers, no `javascript:` (or other non-http) URLs, no styles, no forms, no frames.
 */
import sanitizeHtml from 'sanitize-html';

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
    ],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'id'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    input: ['type', 'checked', 'disabled', 'aria-label'],
    th: ['align'],
    td: ['align'],
    li: ['id'],
    section: ['id'],
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
  // Ids are prefixed so author HTML can never clash with (or clobber) the site's own elements.
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

/**
 * Sanitises untrusted HTML.
 * @example sanitize('<img src=x onerror=alert(1)>') // '<img src="x" />'
 */
export function sanitize(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
