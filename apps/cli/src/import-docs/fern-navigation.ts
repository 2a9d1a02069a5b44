/**
 * Fern navigation (`navigation` of docs.yml or of a version or product file) as docs.yml
 * entries. Pages keep Fern's URLs: a page is served at its tab's, sections' and own slugs
 * (each a slug of its title unless set, a `skip-slug` parent adding none), or at the slug its
 * front matter names. Paths in a file are relative to that file.
 */
import { posix } from 'node:path';
import { joinSlug, slugify } from '@sextant/definition';
import type { ChangelogDraft, ChangelogEntry, NavbarLinkDraft, NavDraft } from './draft.js';
import type { FernApis } from './fern-apis.js';
import { humanize } from './mintlify-entries.js';
import { type PageCopier, readFrontMatter } from './page-copier.js';
import { linkHref } from './site-config.js';
import { pathSlug } from './slugs.js';
import { list, record, type SourceTree, text } from './source-tree.js';

const DATED_ENTRY = /^(\d{4}-\d{2}-\d{2})(?:[-_].*)?\.(mdx?|markdown)$/i;

/** Where the entries being read are: their file (paths are relative to it) and URL prefix. */
interface Place {
  file: string;
  item: string;
  slug: string;
  hidden?: boolean;
}

export class FernNavigation {
  #variantsLogged = false;
  /** Redirects that keep URLs working whose slug changed (a front matter slug docs.yml cannot take). */
  readonly redirects: { source: string; destination: string; permanent: boolean }[] = [];

  constructor(
    readonly tree: SourceTree,
    readonly copier: PageCopier,
    readonly apis: FernApis,
    readonly navbar: NavbarLinkDraft[],
  ) {}

  /**
   * The entries of a navigation config: untabbed (a list of items) or tabbed (`- tab: id`
   * with `layout` or `variants`), with the file's `tabs` map.
   * @param topLevel tabs become docs.yml tabs only at the top of the site
   */
  navigation(
    value: unknown,
    tabsValue: unknown,
    file: string,
    item: string,
    slug: string,
    topLevel: boolean,
  ): NavDraft[] {
    const tabs = record(tabsValue) ?? {};
    const out: NavDraft[] = [];
    for (const [index, entry] of list(value).entries()) {
      const at = `${item}[${index}]`;
      const fields = record(entry);
      const tabId = text(fields?.tab);
      if (tabId === undefined || fields?.page !== undefined) {
        out.push(...this.items([entry], { file, item, slug }, index));
        continue;
      }
      const tab = record(tabs[tabId]);
      if (!tab) {
        this.tree.report(file, at, `tab "${tabId}" is not defined under tabs: left out`);
        continue;
      }
      const title = text(tab['display-name']) ?? humanize(tabId);
      const tabSlug = tab['skip-slug'] === true ? slug : joinSlug(slug, text(tab.slug) ?? slugify(title));
      const place: Place = {
        file,
        item: `${at}.layout`,
        slug: tabSlug,
        ...(tab.hidden === true ? { hidden: true } : {}),
      };
      const href = text(tab.href);
      let contents: NavDraft[] = [];
      if (href) {
        const link = linkHref({ tree: this.tree, file }, `tabs.${tabId}.href`, href);
        if (link) out.push({ link: title, href: link });
        continue;
      }
      if (text(tab.changelog)) {
        const changelog = this.changelog(
          { changelog: tab.changelog, title },
          { ...place, item: `tabs.${tabId}` },
          tabSlug,
          true,
        );
        if (changelog) contents.push(changelog);
      }
      contents.push(...this.items(list(fields?.layout), place));
      for (const [v, variantValue] of list(fields?.variants).entries()) {
        const variant = record(variantValue) ?? {};
        const variantTitle = text(variant.title) ?? `Variant ${v + 1}`;
        const variantSlug =
          variant['skip-slug'] === true
            ? tabSlug
            : joinSlug(tabSlug, text(variant.slug) ?? slugify(variantTitle));
        const inner = this.items(list(variant.layout), {
          ...place,
          item: `${at}.variants[${v}].layout`,
          slug: variantSlug,
        });
        if (inner.length > 0) contents.push({ section: variantTitle, contents: inner });
        if (!this.#variantsLogged) {
          this.#variantsLogged = true;
          this.tree.report(file, `${at}.variants`, 'tab variants are shown as sections of the tab');
        }
      }
      contents = contents.filter(Boolean);
      if (contents.length === 0) continue;
      const icon = text(tab.icon);
      out.push(
        topLevel
          ? { tab: title, slug: tabSlug, ...(icon ? { icon } : {}), contents }
          : { section: title, slug: tabSlug, contents },
      );
    }
    return out;
  }

  /** Navigation items: page, section, api, link, changelog, folder. */
  items(values: unknown[], place: Place, offset = 0): NavDraft[] {
    const out: NavDraft[] = [];
    for (const [i, value] of values.entries()) {
      const at = `${place.item}[${i + offset}]`;
      const entry = record(value);
      const here: Place = { ...place, item: at };
      if (!entry) {
        this.tree.report(place.file, at, 'not a navigation item: left out');
      } else if (entry.page !== undefined) {
        const page = this.page(entry, here);
        if (page) out.push(page);
      } else if (entry.section !== undefined) {
        const section = this.section(entry, here);
        if (section) out.push(section);
      } else if (entry.api !== undefined) {
        const api = this.api(entry, here);
        if (api) out.push(api);
      } else if (entry.link !== undefined) {
        const href = linkHref({ tree: this.tree, file: place.file }, at, entry.href);
        if (href) out.push({ link: text(entry.link) ?? href, href });
      } else if (entry.changelog !== undefined) {
        const changelog = this.changelog(entry, here, place.slug, false);
        if (changelog) out.push(changelog);
      } else if (entry.folder !== undefined) {
        const folder = this.folder(entry, here);
        if (folder) out.push(folder);
      } else {
        this.tree.report(place.file, at, `"${Object.keys(entry)[0] ?? '?'}" items are not converted`);
      }
    }
    return out;
  }

  page(entry: Record<string, unknown>, place: Place, titleFallback?: string): NavDraft | undefined {
    const reference = text(entry.path);
    const path = reference === undefined ? undefined : this.tree.relative(place.file, reference);
    if (path === undefined || !this.tree.isFile(path)) {
      this.tree.report(
        place.file,
        place.item,
        `page "${reference ?? '?'}" is not a file of the source: left out`,
      );
      return undefined;
    }
    const copied = this.copier.copyPage(path);
    if (!copied) return undefined;
    const title = text(entry.page) ?? titleFallback ?? copied.title ?? humanize(posix.basename(path));
    // A front matter slug names the page's whole URL; one docs.yml cannot take (`GDPR`) is made
    // into one it can, and its old URL redirects.
    const own = text(copied.frontMatter.slug)?.replace(/^\/+|\/+$/g, '');
    const slug =
      own !== undefined
        ? pathSlug(own)
        : joinSlug(place.slug, text(entry.slug) ? pathSlug(text(entry.slug)!) : slugify(title));
    if (own !== undefined && own !== slug)
      this.redirects.push({ source: `/${own}`, destination: `/${slug}`, permanent: true });
    const hidden = entry.hidden === true || place.hidden === true;
    return { page: title, path, slug, ...(hidden ? { hidden: true } : {}) };
  }

  section(entry: Record<string, unknown>, place: Place): NavDraft | undefined {
    const title = text(entry.section) ?? 'Section';
    const slug =
      entry['skip-slug'] === true ? place.slug : joinSlug(place.slug, text(entry.slug) ?? slugify(title));
    const inner: Place = {
      ...place,
      item: `${place.item}.contents`,
      slug,
      ...(entry.hidden === true ? { hidden: true } : {}),
    };
    const contents: NavDraft[] = [];
    if (text(entry.path)) {
      const overview = this.page({ path: entry.path }, { ...inner, item: `${place.item}.path` }, title);
      // The overview is served at the section's own URL, as in Fern, unless its front matter names one.
      const own =
        overview && 'page' in overview
          ? text(readFrontMatter(this.tree.read(overview.path) ?? '').slug)
          : undefined;
      if (overview && 'page' in overview) contents.push(own === undefined ? { ...overview, slug } : overview);
    }
    contents.push(...this.items(list(entry.contents), inner));
    if (contents.length === 0) return undefined;
    const collapsed = entry.collapsed === true || entry['collapsed-by-default'] === true;
    return {
      section: title,
      ...(text(entry.path) ? {} : { slug }),
      ...(collapsed ? { collapsed: true } : {}),
      contents,
    };
  }

  api(entry: Record<string, unknown>, place: Place): NavDraft | undefined {
    const title = text(entry.api) ?? 'API Reference';
    const name = text(entry['api-name']) ?? '';
    const specs =
      this.apis.get(name) ?? (name === '' && this.apis.size === 1 ? [...this.apis.values()][0] : undefined);
    if (!specs || specs.length === 0) {
      this.tree.report(
        place.file,
        place.item,
        `API "${name || title}": no OpenAPI or AsyncAPI spec found for it (generators.yml, openapi/ or apis/${name || '<name>'}/): left out`,
      );
      return undefined;
    }
    if (specs.length > 1)
      this.tree.report(
        place.file,
        place.item,
        `API "${name || title}" has ${specs.length} specs: each gets its own reference`,
      );
    for (const key of [
      'layout',
      'snippets',
      'flattened',
      'alphabetized',
      'playground',
      'audiences',
      'summary',
    ])
      if (entry[key] !== undefined)
        this.tree.report(
          place.file,
          `${place.item}.${key}`,
          `the API reference's ${key} is not converted: Sextant orders operations by tag`,
        );
    const slug =
      entry['skip-slug'] === true ? place.slug : joinSlug(place.slug, text(entry.slug) ?? slugify(title));
    const out = specs.map(
      (spec, index): NavDraft => ({
        api: specs.length > 1 ? `${title} ${index + 1}` : title,
        ...(/^https?:/.test(spec) ? { url: spec } : { spec }),
        ...(slug !== '' ? { slug: specs.length > 1 ? `${slug}-${index + 1}` : slug } : {}),
      }),
    );
    return out.length === 1 ? out[0] : { section: title, contents: out };
  }

  /** A changelog folder: its dated entries are copied; `slug` defaults to `changelog` under the parent. */
  changelog(
    entry: Record<string, unknown>,
    place: Place,
    parentSlug: string,
    isTab: boolean,
  ): ChangelogDraft | undefined {
    const reference = text(entry.changelog) ?? '';
    const folder = this.tree.relative(place.file, reference);
    if (folder === undefined || !this.tree.isDirectory(folder)) {
      this.tree.report(
        place.file,
        place.item,
        `changelog folder "${reference}" is not in the source: left out`,
      );
      return undefined;
    }
    const entries: ChangelogEntry[] = [];
    for (const name of this.tree.list(folder)) {
      const path = posix.join(folder, name);
      if (!/\.(mdx?|markdown)$/i.test(name)) continue;
      // Every file of a docs.yml changelog folder is an entry: an undated one is not copied.
      const date =
        DATED_ENTRY.exec(name)?.[1] ??
        String(readFrontMatter(this.tree.read(path) ?? '').date ?? '').slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        this.tree.report(
          path,
          undefined,
          /^overview\./i.test(name)
            ? "the changelog's overview page is not converted: a docs.yml changelog shows its dated entries"
            : 'a changelog entry needs a date (YYYY-MM-DD.mdx or front matter date): left out',
        );
        continue;
      }
      const copied = this.copier.copyPage(path);
      if (copied) entries.push({ path, date, ...(copied.title ? { title: copied.title } : {}) });
    }
    entries.sort((a, b) => b.date.localeCompare(a.date));
    const title = text(entry.title) ?? 'Changelog';
    const slug = isTab ? parentSlug : joinSlug(parentSlug, text(entry.slug) ?? 'changelog');
    return { changelog: title, path: `${folder}/`, ...(slug !== '' ? { slug } : {}), entries };
  }

  /** A folder: a section of its markdown files, titles from front matter or file names. */
  folder(entry: Record<string, unknown>, place: Place): NavDraft | undefined {
    const reference = text(entry.folder) ?? '';
    const folder = this.tree.relative(place.file, reference);
    if (folder === undefined || !this.tree.isDirectory(folder)) {
      this.tree.report(place.file, place.item, `folder "${reference}" is not in the source: left out`);
      return undefined;
    }
    const title = text(entry.title) ?? humanize(posix.basename(folder));
    const slug =
      entry['skip-slug'] === true ? place.slug : joinSlug(place.slug, text(entry.slug) ?? slugify(title));
    const byFrontMatter = entry['title-source'] === 'frontmatter';
    const names = this.tree.list(folder).filter((name) => /\.(mdx?|markdown)$/i.test(name));
    names.sort((a, b) => Number(/^index\./i.test(b)) - Number(/^index\./i.test(a)) || a.localeCompare(b));
    const inner: Place = { ...place, slug, ...(entry.hidden === true ? { hidden: true } : {}) };
    const contents = names.flatMap((name): NavDraft[] => {
      const path = posix.relative(posix.dirname(place.file), posix.join(folder, name));
      const page = this.page({ path }, inner, byFrontMatter ? undefined : humanize(name));
      return page ? [page] : [];
    });
    if (contents.length === 0) return undefined;
    return { section: title, slug, contents };
  }
}
