/**
 * `sextant init --from mintlify docs.json`: Mintlify's `docs.json` (and, in
 * `mintlify-legacy.ts`, the older `mint.json`) as a docs.yml draft. Navigation elements nest
 * freely in Mintlify (tabs, anchors, dropdowns, products, versions, languages, groups, pages);
 * docs.yml has versions at the top, tabs, and sections: top-level tabs, anchors, dropdowns and
 * products become tabs, deeper ones sections; versions become docs.yml versions; of several
 * languages the default one is converted. Colours, logo, favicon, theme, navbar, footer,
 * banner and redirects map to their docs.yml settings; what has no equivalent is logged.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliError } from '../support/cli-error.js';
import {
  ConversionLog,
  type DocsYmlDraft,
  type ImportedProject,
  type NavbarLinkDraft,
  type NavDraft,
} from './draft.js';
import { type EntryScope, MintlifyEntries } from './mintlify-entries.js';
import { importMintJson } from './mintlify-legacy.js';
import { DIVISIONS, MintlifyNavigation, specList } from './mintlify-navigation.js';
import { PageCopier } from './page-copier.js';
import { assetFile, linkHref, type Origin, redirects, socials, themedColor } from './site-config.js';
import { assignContainerSlugs } from './slugs.js';
import { list, record, SourceTree, text } from './source-tree.js';
import { SpecCatalog } from './spec-catalog.js';

/** docs.json settings converted here; any other top-level key is logged as not converted. */
const HANDLED = new Set([
  '$schema',
  'name',
  'description',
  'colors',
  'logo',
  'favicon',
  'appearance',
  'navbar',
  'footer',
  'banner',
  'redirects',
  'navigation',
  'api',
  'background',
  'seo',
]);

/** Why some settings have no docs.yml equivalent. */
const UNCONVERTED_REASONS: Record<string, string> = {
  theme: "Mintlify themes have no Sextant equivalent: the site uses Sextant's look with your colours",
  fonts: 'fonts: docs.yml fonts take a font file of the project; set fonts.body/heading/code by hand',
  icons: "the icon library setting has no equivalent: icons use Sextant's set",
  integrations: 'analytics and support integrations are not converted (docs.yml scripts can load them)',
  contextual: 'the contextual menu: docs.yml pageActions lists the page actions',
  search: 'search settings have no equivalent',
  errors: 'custom error pages are not converted',
  variables: 'variables are not substituted in pages',
};

/** A Mintlify site's config file, by the name it is looked up in a folder. */
export const MINTLIFY_CONFIGS = ['docs.json', 'mint.json'];

/** The config a Mintlify source names: the file itself, or its folder's docs.json, else its mint.json. */
function mintlifyConfig(source: string): string {
  if (!statSync(source, { throwIfNoEntry: false })?.isDirectory()) return source;
  const config = MINTLIFY_CONFIGS.map((name) => join(source, name)).find((path) => existsSync(path));
  if (!config)
    throw new CliError(
      `${source}: no docs.json or mint.json here: name the Mintlify site's config or folder`,
    );
  return config;
}

/**
 * Reads a Mintlify site from its `docs.json` or `mint.json` (or the folder holding one).
 * @example const project = importMintlify('my-docs/docs.json');
 */
export function importMintlify(source: string): ImportedProject {
  const configPath = mintlifyConfig(source);
  const log = new ConversionLog();
  const tree = new SourceTree(dirname(configPath), log);
  const file = basename(configPath);
  const config = record(resolveRefs(tree, file, tree.readData(file, false), 0));
  if (!config)
    throw new CliError(`${configPath}: not a Mintlify config (docs.json or mint.json) that can be read`);
  const copier = new PageCopier(tree);
  const specs = new SpecCatalog(tree, copier);
  const entries = new MintlifyEntries(tree, copier, specs, file);
  const origin: Origin = { tree, file };
  const legacy = Array.isArray(config.navigation) || (file === 'mint.json' && !record(config.navigation));
  const draft = legacy
    ? importMintJson(config, origin, copier, specs, entries)
    : importDocsJson(config, origin, copier, specs, entries);
  assignContainerSlugs(draft.navigation);
  for (const version of draft.versions ?? []) assignContainerSlugs(version.navigation);
  // An endpoint page's old URL leads to its API reference (in its version).
  const endpointRedirects = entries.endpointPages.flatMap(({ source, api }) => {
    const index = (draft.versions ?? []).findIndex((version) => contains(version.navigation, api));
    const prefix = index > 0 ? `${draft.versions?.[index]?.slug}/` : '';
    return api.slug === undefined ? [] : [{ source, destination: `/${prefix}${api.slug}`, permanent: true }];
  });
  const redirectsDraft = [...(draft.redirects ?? []), ...entries.redirects, ...endpointRedirects];
  if (redirectsDraft.length > 0) draft.redirects = redirectsDraft;
  const toEndpoints = entries.endpointPages.flatMap(({ source, endpoint }) =>
    endpoint ? [{ source, endpoint }] : [],
  );
  return {
    ...(toEndpoints.length > 0 ? { endpointRedirects: toEndpoints } : {}),
    source: `Mintlify (${file})`,
    root: tree.root,
    label: '',
    config: file,
    draft,
    files: copier.files,
    notConverted: log.items,
  };
}

/**
 * `value` with docs.json's `{ "$ref": "./navigation.json" }` objects replaced by the JSON files
 * they name (relative to the file that holds them), as Mintlify splits a config; a ref that
 * cannot be read is logged and left out.
 */
function resolveRefs(tree: SourceTree, file: string, value: unknown, depth: number): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(tree, file, item, depth));
  const object = record(value);
  if (!object) return value;
  const ref = text(object.$ref);
  if (ref !== undefined) {
    const path = tree.relative(file, ref);
    const target = path === undefined || depth > 10 ? undefined : tree.readData(path, false);
    if (path === undefined || target === undefined) {
      tree.report(
        file,
        `$ref ${ref}`,
        'the referenced file cannot be read: its part of the config was left out',
      );
      return undefined;
    }
    return resolveRefs(tree, path, target, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(object).map(([key, item]) => [key, resolveRefs(tree, file, item, depth)]),
  );
}

/** Whether `entry` (by identity) is in the tree `nav`. */
function contains(nav: NavDraft[], entry: NavDraft): boolean {
  return nav.some((item) => item === entry || ('contents' in item && contains(item.contents, entry)));
}

function importDocsJson(
  config: Record<string, unknown>,
  origin: Origin,
  copier: PageCopier,
  specs: SpecCatalog,
  entries: MintlifyEntries,
): DocsYmlDraft {
  const { tree, file } = origin;
  tree.reportUnhandledKeys(file, config, HANDLED, UNCONVERTED_REASONS);
  const draft: DocsYmlDraft = { title: text(config.name) ?? 'Docs', navigation: [] };
  siteSettings(config, origin, copier, draft);
  const navbar = navbarLinks(config, origin);

  const api = record(config.api);
  for (const key of Object.keys(api ?? {}))
    if (key !== 'openapi' && key !== 'asyncapi')
      tree.report(file, `api.${key}`, 'API playground and example settings are not converted');
  const siteSpecs = [...specList(api?.openapi), ...specList(api?.asyncapi)]
    .map((spec) => specs.add(spec, file, 'api.openapi'))
    .filter((spec): spec is string => spec !== undefined);

  const navigation = record(config.navigation) ?? {};
  const converter = new MintlifyNavigation(origin, specs, entries, navbar);
  const global = record(navigation.global);
  for (const [key] of DIVISIONS)
    for (const [index, link] of list(global?.[key]).entries())
      converter.globalLink(link, `navigation.global.${key}[${index}]`);
  for (const key of Object.keys(global ?? {}))
    if (!DIVISIONS.some(([name]) => name === key))
      tree.report(file, `navigation.global.${key}`, 'not converted');

  const used = new Set<string>();
  const scope = (): EntryScope => ({ specs: siteSpecs, apis: new Map(), used });
  const root = converter.chooseLanguage(navigation, 'navigation');
  const versions = list(root.versions);
  if (versions.length > 0) {
    const ordered = [...versions.entries()].sort(
      ([, a], [, b]) => Number(record(b)?.default === true) - Number(record(a)?.default === true),
    );
    draft.versions = ordered.map(([index, value], position) =>
      converter.version(record(value) ?? {}, `navigation.versions[${index}]`, scope(), position === 0),
    );
    const rest = { ...root, versions: undefined };
    draft.navigation = converter.contents(rest, 'navigation', 'Docs', scope(), 0);
  } else {
    draft.navigation = converter.contents(root, 'navigation', 'Docs', scope(), 0);
  }
  const unused = siteSpecs.filter((spec) => !used.has(spec));
  const target = draft.versions?.[0]?.navigation ?? draft.navigation;
  for (const spec of unused) {
    const entry = entries.wholeSpec(spec, 'API Reference', scope());
    if (entry) target.push(entry);
    tree.report(
      file,
      'api.openapi',
      `${spec} is in no navigation element: its API reference was added at the end`,
    );
  }
  if (navbar.length > 0) draft.navbar = navbar;
  return draft;
}

/** Logo, favicon, colours, theme, footer, banner, redirects, description of docs.json. */
function siteSettings(
  config: Record<string, unknown>,
  origin: Origin,
  copier: PageCopier,
  draft: DocsYmlDraft,
): void {
  const { tree, file } = origin;
  const logo = config.logo;
  if (typeof logo === 'string') {
    const light = assetFile(origin, copier, 'logo', logo);
    if (light) draft.logo = { light };
  } else if (record(logo)) {
    const value = record(logo)!;
    const light = assetFile(origin, copier, 'logo.light', value.light);
    const dark = assetFile(origin, copier, 'logo.dark', value.dark);
    const href = value.href === undefined ? undefined : linkHref(origin, 'logo.href', value.href);
    if (light || dark)
      draft.logo = { ...(light ? { light } : {}), ...(dark ? { dark } : {}), ...(href ? { href } : {}) };
  }
  const favicon = record(config.favicon);
  draft.favicon = assetFile(
    origin,
    copier,
    'favicon',
    favicon ? (favicon.light ?? favicon.dark) : config.favicon,
  );
  if (favicon?.dark && favicon.light)
    tree.report(file, 'favicon.dark', 'docs.yml has one favicon: the light one is used');
  if (!draft.favicon) delete draft.favicon;

  const colors = record(config.colors);
  if (colors) {
    const light = themedColor(origin, 'colors.primary', colors.primary);
    const dark = themedColor(origin, 'colors.light', colors.light);
    if (light || dark)
      draft.colors = { accentPrimary: { light: String(light ?? dark), dark: String(dark ?? light) } };
    if (colors.dark !== undefined)
      tree.report(
        file,
        'colors.dark',
        'the button colour of light mode: docs.yml has one accent colour per theme (accentPrimary)',
      );
  }
  const background = record(config.background);
  const backgroundColor = themedColor(origin, 'background.color', background?.color);
  if (backgroundColor) draft.colors = { ...draft.colors, background: backgroundColor };
  for (const key of Object.keys(background ?? {}))
    if (key !== 'color')
      tree.report(file, `background.${key}`, 'background images and decorations are not converted');

  const appearance = record(config.appearance);
  const mode = text(appearance?.default);
  if (mode === 'light' || mode === 'dark' || mode === 'system') draft.theme = mode;
  if (appearance?.strict === true)
    tree.report(file, 'appearance.strict', 'readers can always switch between light and dark');

  const description = text(config.description);
  if (description) draft.metadata = { description: description.slice(0, 500) };
  const metatags = record(record(config.seo)?.metatags);
  const twitterSite = text(metatags?.['twitter:site']);
  if (twitterSite) draft.metadata = { ...draft.metadata, twitterSite };
  for (const key of Object.keys(record(config.seo) ?? {}))
    if (key !== 'metatags') tree.report(file, `seo.${key}`, 'not converted');
  for (const key of Object.keys(metatags ?? {}))
    if (key !== 'twitter:site')
      tree.report(file, `seo.metatags.${key}`, 'meta tags other than twitter:site are not converted');

  const footer = record(config.footer);
  if (footer) {
    const socialLinks = socials(origin, 'footer.socials', footer.socials);
    const groups = list(footer.links).flatMap((value, index) => {
      const group = record(value);
      const links = list(group?.items).flatMap((item, i) => {
        const link = record(item);
        const href = linkHref(origin, `footer.links[${index}].items[${i}]`, link?.href);
        return href ? [{ text: text(link?.label) ?? href, href }] : [];
      });
      return links.length > 0 ? [{ title: text(group?.header) ?? 'Links', links }] : [];
    });
    if (socialLinks.length > 0 || groups.length > 0)
      draft.footer = {
        ...(groups.length > 0 ? { groups } : {}),
        ...(socialLinks.length > 0 ? { socials: socialLinks } : {}),
      };
  }
  const banner = record(config.banner);
  const message = text(banner?.content);
  if (message) draft.announcement = { message };
  draft.redirects = redirects(origin, 'redirects', config.redirects);
  if (!draft.redirects) delete draft.redirects;
}

/** docs.json `navbar`: `links` and the `primary` button or GitHub link. */
function navbarLinks(config: Record<string, unknown>, origin: Origin): NavbarLinkDraft[] {
  const navbar = record(config.navbar);
  const out: NavbarLinkDraft[] = [];
  for (const [index, value] of list(navbar?.links).entries()) {
    const link = record(value);
    const href = linkHref(origin, `navbar.links[${index}]`, link?.href);
    const github = link?.type === 'github';
    if (href)
      out.push({
        text: text(link?.label) ?? (github ? 'GitHub' : href),
        href,
        type: github ? 'github' : 'secondary',
      });
  }
  const primary = record(navbar?.primary);
  if (primary) {
    const href = linkHref(origin, 'navbar.primary', primary.href);
    const github = primary.type === 'github';
    if (href)
      out.push({
        text: text(primary.label) ?? (github ? 'GitHub' : 'Get started'),
        href,
        type: github ? 'github' : 'primary',
      });
  }
  return out;
}
