/**
 * Copies pages into the new project as they are (the docs site renders Mintlify's and Fern's
 * components), with what the docs site reads differently fixed on the way:
 * - front matter the project would refuse (a title over 200 characters, a slug or layout it
 *   does not know, YAML that does not parse) is corrected or dropped, and said so;
 * - reusable snippets (`import X from '/snippets/x.mdx'` then `<X />`, Fern's `<Markdown src>`)
 *   are inlined, since a page may not import, with their literal props filled in (`snippet-props.ts`);
 * - images and files a page references are copied beside it, and root-absolute references
 *   (`/images/a.png`, which the docs site reads as a site path) become relative to the page.
 * Fenced code is left alone.
 */
import { posix } from 'node:path';
import { PAGE_LAYOUTS } from '@sextant/definition';
import { isMap, parseDocument } from 'yaml';
import type { ProjectFilePlan } from './draft.js';
import { fenceAfter, outsideCode } from './fences.js';
import { SLUG_PATTERN } from './slugs.js';
import { fillSnippetProps, literalSnippetProps } from './snippet-props.js';
import { record, type SourceTree, text } from './source-tree.js';

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const PAGE_FILE = /\.(mdx?|markdown|html?)$/i;
/** `![alt](url` and `[text](url`. */
const MARKDOWN_DESTINATION = /(!?)(\[[^\]\n]*\]\(\s*<?)([^)\s>]+)/g;
/** `src="url"`, `img='url'`, `href={"url"}` … of JSX and HTML. */
const ATTRIBUTE = /(\s(src|img|href|image|poster|icon|background)\s*=\s*\{?\s*)(["'`])([^"'`\n]+)\3/g;
const IMPORT = /^import\s+(\w+)\s+from\s+(["'])([^"']+)\2;?\s*$/;
/** The attributes of a snippet's use: quoted values and `{…}` may hold `>`. */
const SNIPPET_ATTRIBUTES = '(?:[^>"\'{]|"[^"]*"|\'[^\']*\'|\\{[^}]*\\})*?';
const MARKDOWN_SNIPPET = /<Markdown\s+src\s*=\s*(["'])([^"']+)\1\s*\/>/g;

/** What a copied page says about itself. */
export interface CopiedPage {
  /** Project path of the copy. */
  path: string;
  /** The front matter as parsed (before corrections), `{}` when none. */
  frontMatter: Record<string, unknown>;
  /** Its title: front matter `title`, else the first `# heading`. */
  title?: string;
}

export interface PageCopierOptions {
  /** Where in the tree a root-absolute URL (`/img/a.png`) is looked up, in order; default the root. */
  staticRoots?: string[];
  /** Rewrites a page's body first (a source's own syntax into the docs site's), logging what it cannot. */
  transform?: (path: string, body: string) => string;
}

/** Splits a page into its front matter text (undefined when none) and body. */
export function splitPage(source: string): { frontMatter?: string; body: string } {
  const match = FRONT_MATTER.exec(source);
  return match ? { frontMatter: match[1] ?? '', body: source.slice(match[0].length) } : { body: source };
}

/** The front matter of a page as an object (`{}` when none or unreadable). */
export function readFrontMatter(source: string): Record<string, unknown> {
  const { frontMatter } = splitPage(source);
  if (frontMatter === undefined) return {};
  try {
    return record(parseDocument(frontMatter).toJS()) ?? {};
  } catch {
    return {};
  }
}

/** Copies pages, and the files they reference, into a project plan. */
export class PageCopier {
  readonly #plan = new Map<string, ProjectFilePlan>();
  readonly #staticRoots: string[];
  readonly #transform: (path: string, body: string) => string;

  constructor(
    readonly tree: SourceTree,
    options: PageCopierOptions = {},
  ) {
    this.#staticRoots = options.staticRoots ?? [''];
    this.#transform = options.transform ?? ((_path, body) => body);
  }

  /** Every file planned so far, in the order planned. */
  get files(): ProjectFilePlan[] {
    return [...this.#plan.values()];
  }

  /** Plans a file copied as it is (a spec, a logo, a stylesheet); its project path is its tree path. */
  copyFile(path: string): void {
    if (!this.#plan.has(path)) this.#plan.set(path, { path, from: this.tree.absolute(path) });
  }

  /** Plans a file with the given text. */
  writeFile(path: string, content: string): void {
    this.#plan.set(path, { path, text: content });
  }

  /**
   * Plans the page at tree path `path` (kept at the same path, or at `options.target`: its
   * relative references then lead from there), `prefix` (markdown) opening its body, with
   * `options.frontMatter`'s keys set (an undefined one removed); undefined when it cannot be read.
   */
  copyPage(
    path: string,
    prefix = '',
    options: { target?: string; frontMatter?: Record<string, unknown> } = {},
  ): CopiedPage | undefined {
    const source = this.tree.read(path);
    if (source === undefined) {
      this.tree.report(path, undefined, 'the page file cannot be read: it was left out');
      return undefined;
    }
    const target = options.target ?? path;
    const existing = this.#plan.get(target);
    const { frontMatter, body } = splitPage(source);
    const parsed = this.#frontMatter(path, frontMatter, options.frontMatter);
    let content = this.#inlineSnippets(path, prefix + this.#transform(path, body), 0);
    content = this.#copyReferences(path, content, target);
    if (!existing) this.writeFile(target, `${parsed.text}${content}`);
    const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(content)?.[1];
    return { path: target, frontMatter: parsed.original, title: text(parsed.original.title) ?? heading };
  }

  /** The corrected front matter (with its fences) and the original values. */
  #frontMatter(
    path: string,
    source: string | undefined,
    set: Record<string, unknown> = {},
  ): { text: string; original: Record<string, unknown> } {
    if (source === undefined && Object.keys(set).length === 0) return { text: '', original: {} };
    const doc = parseDocument(source ?? '');
    if (doc.errors.length > 0 || (doc.contents !== null && !isMap(doc.contents))) {
      this.tree.report(
        path,
        'front matter',
        `its YAML does not parse (${doc.errors[0]?.message.split('\n')[0] ?? 'not a mapping'}): it was left out`,
      );
      return { text: '', original: {} };
    }
    const original = record(doc.toJS()) ?? {};
    const fix = (key: string, value: unknown, reason: string) => {
      if (value === undefined) doc.delete(key);
      else doc.set(key, value);
      this.tree.report(path, `front matter ${key}`, reason);
    };
    const title = original.title;
    if (title !== undefined && title !== null) {
      const asText = typeof title === 'string' ? title : String(title);
      if (asText.length > 200) fix('title', asText.slice(0, 200), 'longer than 200 characters: cut');
      else if (typeof title !== 'string') doc.set('title', asText);
    } else if (title === null) doc.delete('title');
    const description = original.description;
    if (description !== undefined && typeof description !== 'string')
      fix('description', undefined, 'not text: left out');
    else if (typeof description === 'string' && description.length > 500)
      fix('description', description.slice(0, 500), 'longer than 500 characters: cut');
    const slug = original.slug;
    if (slug !== undefined && (typeof slug !== 'string' || !SLUG_PATTERN.test(slug.replace(/^\/+/, ''))))
      fix(
        'slug',
        undefined,
        `"${String(slug)}" is not a slug docs.yml accepts (a-z, 0-9, -, _, /): the page's URL comes from docs.yml`,
      );
    else if (typeof slug === 'string' && slug.startsWith('/')) doc.set('slug', slug.replace(/^\/+/, ''));
    const layout = original.layout;
    if (layout !== undefined && !(PAGE_LAYOUTS as readonly unknown[]).includes(layout))
      fix(
        'layout',
        undefined,
        `"${String(layout)}" is not a page layout of Sextant (${PAGE_LAYOUTS.join(', ')}): the default layout is used`,
      );
    for (const [key, value] of Object.entries(set))
      if (value === undefined) doc.delete(key);
      else doc.set(key, value);
    return { text: `---\n${doc.toString().trimEnd()}\n---\n`, original };
  }

  /** Inlines reusable snippets: `import X from '…mdx'` + `<X />`, and `<Markdown src="…" />`. */
  #inlineSnippets(path: string, body: string, depth: number): string {
    const snippet = (reference: string): string | undefined => {
      const at = reference.startsWith('/')
        ? this.tree.inside(reference)
        : this.tree.relative(path, reference);
      const source = at === undefined ? undefined : this.tree.read(at);
      if (at === undefined || source === undefined) return undefined;
      const inner = splitPage(source).body.trim();
      return depth < 3 ? this.#inlineSnippets(at, inner, depth + 1) : inner;
    };
    const lines = body.split('\n');
    const imports = new Map<string, string>();
    let fence: string | undefined;
    const kept: string[] = [];
    for (const [index, line] of lines.entries()) {
      fence = fenceAfter(line, fence);
      const match = fence === undefined ? IMPORT.exec(line.trim()) : null;
      if (!match) {
        kept.push(line);
        continue;
      }
      const [, name = '', , from = ''] = match;
      const content = /\.mdx?$/i.test(from) ? snippet(from) : undefined;
      if (content === undefined) {
        this.tree.report(
          path,
          `line ${index + 1}`,
          `import of "${from}": pages cannot import, and it is not a snippet file of the source`,
        );
        kept.push(line);
      } else imports.set(name, content);
    }
    let out = kept.join('\n');
    for (const [name, content] of imports) {
      out = out.replace(
        new RegExp(`<${name}(\\s${SNIPPET_ATTRIBUTES})?\\s*/>`, 'g'),
        (_use, attributes = '') => {
          const props = literalSnippetProps(attributes);
          if (props) return fillSnippetProps(content, props);
          this.tree.report(
            path,
            `<${name}>`,
            'a snippet used with props that are not literal values (text, numbers, true or false): inlined as written',
          );
          return content;
        },
      );
    }
    return out.replace(MARKDOWN_SNIPPET, (whole, _quote: string, from: string) => {
      const content = snippet(from);
      if (content === undefined) {
        this.tree.report(path, `<Markdown src="${from}">`, 'the snippet file does not exist in the source');
        return whole;
      }
      return content;
    });
  }

  /** Copies the local files `body` references and makes root-absolute references relative. */
  #copyReferences(path: string, body: string, target: string): string {
    return outsideCode(body, (part) =>
      part
        .replace(MARKDOWN_DESTINATION, (whole, bang: string, open: string, url: string) => {
          const next = this.#reference(path, url, bang === '!', target);
          return next === undefined ? whole : `${bang}${open}${next}`;
        })
        .replace(ATTRIBUTE, (whole, open: string, attribute: string, quote: string, url: string) => {
          const next = this.#reference(path, url, attribute !== 'href', target);
          return next === undefined ? whole : `${open}${quote}${next}${quote}`;
        }),
    );
  }

  /**
   * The reference to write for `url` of the page at `path`, copied to `target` (undefined: as
   * written), copying the file.
   */
  #reference(path: string, url: string, image: boolean, target: string): string | undefined {
    if (
      /^[a-z][a-z0-9+.-]*:/i.test(url) ||
      url.startsWith('//') ||
      url.startsWith('#') ||
      url.startsWith('{')
    )
      return undefined;
    const [, bare = '', suffix = ''] = /^([^?#]*)(.*)$/.exec(url) ?? [];
    let decoded: string;
    try {
      decoded = decodeURI(bare);
    } catch {
      return undefined;
    }
    if (decoded === '' || PAGE_FILE.test(decoded)) return undefined;
    const absolute = decoded.startsWith('/');
    const candidates = absolute
      ? this.#staticRoots.map((root) => this.tree.inside(posix.join(root, decoded)))
      : [this.tree.relative(path, decoded)];
    const found = candidates.find((candidate) => candidate !== undefined && this.tree.isFile(candidate));
    if (found === undefined) {
      // A root-absolute link is a site path; an extensionless one a page. Only a missing image is lost.
      if (image && posix.extname(decoded) !== '')
        this.tree.report(
          path,
          url,
          'the image does not exist in the source: the reference was kept as written',
        );
      return undefined;
    }
    this.copyFile(found);
    if (!absolute && posix.dirname(target) === posix.dirname(path)) return undefined;
    const relative = posix.relative(posix.dirname(target), found);
    return `${encodeURI(relative)}${suffix}`;
  }
}
