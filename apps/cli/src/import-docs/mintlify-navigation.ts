/**
 * Mintlify's navigation elements as docs.yml entries, for `docs.json` (where tabs, anchors,
 * dropdowns, products, versions, languages, groups and pages nest freely) and for the groups
 * of `mint.json`: a top-level tab, anchor, dropdown or product is a docs.yml tab, a deeper one
 * a section; a group is a section; of several languages the default one is converted.
 */
import type { NavbarLinkDraft, NavDraft, VersionDraft } from './draft.js';
import { type EntryScope, type MintlifyEntries, sectionOf } from './mintlify-entries.js';
import { linkHref, type Origin } from './site-config.js';
import { pageSlugs, SLUG_PATTERN, versionSlug } from './slugs.js';
import { list, record, text } from './source-tree.js';
import type { SpecCatalog } from './spec-catalog.js';

/** Keys a navigation element may have that the conversion reads (or that only decorate it). */
const ELEMENT_KEYS = new Set([
  'tab',
  'item',
  'menu',
  'anchor',
  'dropdown',
  'product',
  'version',
  'language',
  'group',
  'global',
  'pages',
  'groups',
  'tabs',
  'anchors',
  'dropdowns',
  'products',
  'versions',
  'languages',
  'openapi',
  'asyncapi',
  'href',
  'hidden',
  'default',
  'expanded',
  'root',
  'tag',
  'icon',
  'color',
  'description',
  '$schema',
]);

/** Keys of an element that hold navigation, with the key naming it. */
export const DIVISIONS = [
  ['tabs', 'tab'],
  ['anchors', 'anchor'],
  ['dropdowns', 'dropdown'],
  ['products', 'product'],
  // A tab's menu: items that partition it like dropdowns.
  ['menu', 'item'],
] as const;

/** `"openapi.json"`, `["a.json", "b.json"]` or `{ source, directory }` as a list of spec paths. */
export function specList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(specList);
  const source = text(record(value)?.source);
  return source ? [source] : [];
}

/** The recursive part: docs.json navigation elements as docs.yml entries. */
export class MintlifyNavigation {
  #productsLogged = false;

  constructor(
    readonly origin: Origin,
    readonly specs: SpecCatalog,
    readonly entries: MintlifyEntries,
    readonly navbar: NavbarLinkDraft[],
  ) {}

  /** A global anchor or tab: a link shown in the header. */
  globalLink(value: unknown, item: string): void {
    const link = record(value);
    const title = text(link?.anchor) ?? text(link?.tab) ?? text(link?.dropdown);
    const href = linkHref(this.origin, item, link?.href);
    if (href && title) this.navbar.push({ text: title, href, type: 'secondary' });
  }

  /** Of an element with `languages`, the default language's element (the others are logged). */
  chooseLanguage(element: Record<string, unknown>, item: string): Record<string, unknown> {
    const languages = list(element.languages);
    if (languages.length === 0) return element;
    let index = languages.findIndex((l) => record(l)?.default === true);
    if (index < 0) index = languages.findIndex((l) => record(l)?.language === 'en');
    if (index < 0) index = 0;
    const chosen = record(languages[index]) ?? {};
    for (const [i, other] of languages.entries())
      if (i !== index)
        this.origin.tree.report(
          this.origin.file,
          `${item}.languages[${i}]`,
          `the ${text(record(other)?.language) ?? '?'} translation: docs.yml has no languages; only ${text(chosen.language) ?? 'the default'} was converted`,
        );
    return { ...element, ...chosen, languages: undefined };
  }

  /** One docs.json version as a docs.yml version. */
  version(
    element: Record<string, unknown>,
    item: string,
    scope: EntryScope,
    isDefault: boolean,
  ): VersionDraft {
    const name = text(element.version) ?? 'Version';
    const contents = this.contents(this.chooseLanguage(element, item), item, name, scope, 0);
    return versionDraft(name, contents, isDefault, element.hidden === true);
  }

  /** The docs.yml entries of an element's navigation: pages, groups, divisions, openapi. */
  contents(
    element: Record<string, unknown>,
    item: string,
    title: string,
    outer: EntryScope,
    depth: number,
  ): NavDraft[] {
    const { tree, file } = this.origin;
    for (const key of Object.keys(element))
      if (!ELEMENT_KEYS.has(key) && element[key] !== undefined)
        tree.report(file, `${item}.${key}`, `"${key}" on a navigation element is not converted`);
    const own = specList(element.openapi)
      .concat(specList(element.asyncapi))
      .map((spec) => this.specs.add(spec, file, `${item}.openapi`))
      .filter((spec): spec is string => spec !== undefined);
    const scope: EntryScope = {
      ...outer,
      specs: [...own, ...outer.specs],
      ...(element.hidden === true || outer.hidden ? { hidden: true } : {}),
    };
    const out: NavDraft[] = [];
    const push = (entry: NavDraft | undefined) => {
      if (entry) out.push(entry);
    };
    for (const [index, value] of list(element.pages).entries()) {
      const at = `${item}.pages[${index}]`;
      if (typeof value === 'string') out.push(...this.entries.entry(value, at, title, scope));
      else push(this.group(record(value) ?? {}, at, scope, depth + 1));
    }
    for (const [index, value] of list(element.groups).entries())
      push(this.group(record(value) ?? {}, `${item}.groups[${index}]`, scope, depth + 1));
    for (const [key, nameKey] of DIVISIONS) {
      if (key === 'products' && list(element.products).length > 0 && !this.#productsLogged) {
        this.#productsLogged = true;
        tree.report(
          file,
          `${item}.products`,
          'products became tabs (the conversion does not write docs.yml products yet)',
        );
      }
      for (const [index, value] of list(element[key]).entries())
        push(this.division(record(value) ?? {}, `${item}.${key}[${index}]`, nameKey, scope, depth));
    }
    for (const [index, value] of list(element.versions).entries()) {
      const version = record(value) ?? {};
      const name = text(version.version) ?? 'Version';
      tree.report(
        file,
        `${item}.versions[${index}]`,
        'versions inside a tab or group: shown as a section (docs.yml versions are site-wide)',
      );
      push(sectionOf(name, this.contents(version, `${item}.versions[${index}]`, name, scope, depth + 1)));
    }
    if (list(element.languages).length > 0)
      out.push(...this.contents(this.chooseLanguage(element, item), item, title, scope, depth));
    if (out.length === 0) for (const spec of own) push(this.entries.wholeSpec(spec, title, scope));
    return out;
  }

  /** A tab, anchor, dropdown or product: a docs.yml tab at the top, a section deeper; a bare `href` is a link. */
  division(
    element: Record<string, unknown>,
    item: string,
    nameKey: string,
    scope: EntryScope,
    depth: number,
  ): NavDraft | undefined {
    const title = text(element[nameKey]) ?? 'Docs';
    const contents = this.contents(element, item, title, scope, depth + 1);
    if (contents.length === 0) {
      const href = element.href === undefined ? undefined : linkHref(this.origin, item, element.href);
      if (href && depth === 0) this.navbar.push({ text: title, href, type: 'secondary' });
      else if (href) return { link: title, href };
      return undefined;
    }
    if (depth > 0) return sectionOf(title, contents);
    const icon = text(element.icon);
    return { tab: title, ...(icon ? { icon } : {}), contents };
  }

  /** A group: a section (collapsed when `expanded: false`), its `root` page first. */
  group(
    element: Record<string, unknown>,
    item: string,
    scope: EntryScope,
    depth: number,
  ): NavDraft | undefined {
    const title = text(element.group) ?? 'Pages';
    const root = text(element.root);
    const inner: EntryScope = { ...scope, ...(element.hidden === true ? { hidden: true } : {}) };
    const contents = [
      ...(root ? this.entries.entry(root, `${item}.root`, title, inner) : []),
      ...this.contents(element, item, title, inner, depth),
    ].filter((entry): entry is NavDraft => entry !== undefined);
    if (text(element.tag))
      this.origin.tree.report(this.origin.file, `${item}.tag`, 'group tags are not shown');
    return sectionOf(title, contents, element.expanded === false && depth > 1);
  }
}

/** `nav` with `prefix/` taken off every page slug (a version folder served under the version's slug). */
export function stripSlugPrefix(nav: NavDraft[], prefix: string): NavDraft[] {
  return nav.map((item): NavDraft => {
    if ('contents' in item) return { ...item, contents: stripSlugPrefix(item.contents, prefix) };
    if ('page' in item && item.slug !== undefined)
      return { ...item, slug: item.slug === prefix ? '' : item.slug.slice(prefix.length + 1) };
    return item;
  });
}

/**
 * A version of Mintlify pages. When every page lies in one folder (`v1/…`), that folder is the
 * version's slug, so URLs stay as they were: the default version is served at its pages' own
 * paths, another one under its slug (its pages' slugs lose the folder).
 */
export function versionDraft(
  name: string,
  contents: NavDraft[],
  isDefault: boolean,
  hidden = false,
): VersionDraft {
  const slugs = [...pageSlugs(contents)];
  const first = slugs[0]?.split('/')[0];
  const shared =
    first !== undefined &&
    first !== '' &&
    SLUG_PATTERN.test(first) &&
    slugs.every((slug) => slug.startsWith(`${first}/`) || slug === first);
  return {
    name,
    slug: shared ? first : versionSlug(name),
    navigation: shared && !isDefault ? stripSlugPrefix(contents, first) : contents,
    ...(hidden ? { hidden: true } : {}),
  };
}
