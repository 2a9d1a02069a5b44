/**
 * Mintlify's older `mint.json`: `navigation` is a list of groups (each maybe tied to a
 * `version`), `tabs` and `anchors` claim the groups whose pages lie under their `url`, the
 * rest sit in the primary tab, `versions` is a list of names, `openapi` the site's specs,
 * `topbarLinks`/`topbarCtaButton` the navbar and `footerSocials` the footer.
 */
import type { DocsYmlDraft, NavbarLinkDraft, NavDraft } from './draft.js';
import type { EntryScope, MintlifyEntries } from './mintlify-entries.js';
import { MintlifyNavigation, specList, versionDraft } from './mintlify-navigation.js';
import type { PageCopier } from './page-copier.js';
import { assetFile, linkHref, type Origin, redirects, socials, themedColor } from './site-config.js';
import { list, record, text } from './source-tree.js';
import type { SpecCatalog } from './spec-catalog.js';

const HANDLED = new Set([
  '$schema',
  'name',
  'logo',
  'favicon',
  'colors',
  'modeToggle',
  'topbarLinks',
  'topbarCtaButton',
  'footerSocials',
  'redirects',
  'navigation',
  'tabs',
  'anchors',
  'versions',
  'openapi',
  'primaryTab',
]);

/** A tab or anchor that claims the groups under its `url`. */
interface Partition {
  name: string;
  url: string;
  icon?: string;
  version?: string;
}

/** Converts a `mint.json` config. */
export function importMintJson(
  config: Record<string, unknown>,
  origin: Origin,
  copier: PageCopier,
  specs: SpecCatalog,
  entries: MintlifyEntries,
): DocsYmlDraft {
  const { tree, file } = origin;
  tree.reportUnhandledKeys(file, config, HANDLED);
  const draft: DocsYmlDraft = { title: text(config.name) ?? 'Docs', navigation: [] };

  const logo = record(config.logo);
  const light = assetFile(origin, copier, 'logo', logo ? logo.light : config.logo);
  const dark = logo ? assetFile(origin, copier, 'logo.dark', logo.dark) : undefined;
  const href = logo?.href === undefined ? undefined : linkHref(origin, 'logo.href', logo.href);
  if (light || dark)
    draft.logo = { ...(light ? { light } : {}), ...(dark ? { dark } : {}), ...(href ? { href } : {}) };
  const favicon = assetFile(origin, copier, 'favicon', config.favicon);
  if (favicon) draft.favicon = favicon;

  const colors = record(config.colors);
  const primary = themedColor(origin, 'colors.primary', colors?.primary);
  const lightColor = themedColor(origin, 'colors.light', colors?.light);
  if (primary || lightColor)
    draft.colors = {
      accentPrimary: { light: String(primary ?? lightColor), dark: String(lightColor ?? primary) },
    };
  const background = themedColor(origin, 'colors.background', colors?.background);
  if (background) draft.colors = { ...draft.colors, background };
  for (const key of ['dark', 'anchors', 'ultraLight', 'ultraDark'])
    if (colors?.[key] !== undefined)
      tree.report(file, `colors.${key}`, 'docs.yml has one accent colour per theme (accentPrimary)');

  const mode = text(record(config.modeToggle)?.default);
  if (mode === 'light' || mode === 'dark') draft.theme = mode;
  if (record(config.modeToggle)?.isHidden === true)
    tree.report(file, 'modeToggle.isHidden', 'readers can always switch between light and dark');

  const navbar: NavbarLinkDraft[] = [];
  for (const [index, value] of list(config.topbarLinks).entries()) {
    const link = record(value);
    const url = linkHref(origin, `topbarLinks[${index}]`, link?.url);
    const github = link?.type === 'github';
    if (url)
      navbar.push({
        text: text(link?.name) ?? (github ? 'GitHub' : url),
        href: url,
        type: github ? 'github' : 'secondary',
      });
  }
  const cta = record(config.topbarCtaButton);
  if (cta) {
    const url = linkHref(origin, 'topbarCtaButton', cta.url);
    const github = cta.type === 'github';
    if (url)
      navbar.push({
        text: text(cta.name) ?? (github ? 'GitHub' : 'Get started'),
        href: url,
        type: github ? 'github' : 'primary',
      });
  }
  const footerSocials = socials(origin, 'footerSocials', config.footerSocials);
  if (footerSocials.length > 0) draft.footer = { socials: footerSocials };
  const redirectList = redirects(origin, 'redirects', config.redirects);
  if (redirectList) draft.redirects = redirectList;

  const siteSpecs = specList(config.openapi)
    .map((spec) => specs.add(spec, file, 'openapi'))
    .filter((spec): spec is string => spec !== undefined);
  const used = new Set<string>();
  const scope = (): EntryScope => ({ specs: siteSpecs, apis: new Map(), used });
  const navigation = new MintlifyNavigation(origin, specs, entries, navbar);

  const partitions: Partition[] = [];
  for (const [key, values] of [
    ['tabs', list(config.tabs)],
    ['anchors', list(config.anchors)],
  ] as const) {
    for (const [index, value] of values.entries()) {
      const entry = record(value);
      const name = text(entry?.name) ?? 'Docs';
      const url = text(entry?.url);
      if (url && /^[a-z]+:/i.test(url)) {
        const link = linkHref(origin, `${key}[${index}]`, url);
        if (link) navbar.push({ text: name, href: link, type: 'secondary' });
      } else if (url) {
        const icon = text(entry?.icon);
        const version = text(entry?.version);
        partitions.push({
          name,
          url: url.replace(/^\/+|\/+$/g, ''),
          ...(icon ? { icon } : {}),
          ...(version ? { version } : {}),
        });
      }
    }
  }
  const primaryTab = text(record(config.primaryTab)?.name) ?? 'Documentation';
  const build = (version: string | undefined): NavDraft[] => {
    const inScope = scope();
    const own = partitions.filter((p) => !p.version || p.version === version);
    const byPartition = new Map<Partition | undefined, NavDraft[]>();
    for (const [index, value] of list(config.navigation).entries()) {
      const group = record(value) ?? {};
      const groupVersion = text(group.version);
      if (groupVersion && groupVersion !== version) continue;
      const first = firstPage(group);
      const partition = own.find(
        (p) => first !== undefined && (first === p.url || first.startsWith(`${p.url}/`)),
      );
      const section = navigation.group(group, `navigation[${index}]`, inScope, 1);
      if (!section) continue;
      byPartition.set(partition, [...(byPartition.get(partition) ?? []), section]);
    }
    if (own.length === 0) return byPartition.get(undefined) ?? [];
    const tabs: NavDraft[] = [];
    const rest = byPartition.get(undefined);
    if (rest) tabs.push({ tab: primaryTab, contents: rest });
    for (const partition of own) {
      const contents = byPartition.get(partition);
      if (contents)
        tabs.push({ tab: partition.name, ...(partition.icon ? { icon: partition.icon } : {}), contents });
    }
    return tabs;
  };

  const versionNames = list(config.versions)
    .map((value) => (typeof value === 'string' ? value : text(record(value)?.name)))
    .filter((name): name is string => name !== undefined);
  if (versionNames.length > 0) {
    draft.versions = versionNames.map((name, index) => versionDraft(name, build(name), index === 0));
  } else {
    draft.navigation = build(undefined);
  }
  const target = draft.versions?.[0]?.navigation ?? draft.navigation;
  for (const spec of siteSpecs.filter((s) => !used.has(s))) {
    const entry = entries.wholeSpec(spec, 'API Reference', scope());
    if (entry) target.push(entry);
    tree.report(
      file,
      'openapi',
      `no page names an operation of ${spec}: its API reference was added at the end`,
    );
  }
  if (navbar.length > 0) draft.navbar = navbar;
  return draft;
}

/** The first page path of a group (its nested groups searched in order). */
function firstPage(group: Record<string, unknown>): string | undefined {
  for (const page of list(group.pages)) {
    if (typeof page === 'string') return page.replace(/^\/+/, '');
    const inner = firstPage(record(page) ?? {});
    if (inner) return inner;
  }
  return undefined;
}
