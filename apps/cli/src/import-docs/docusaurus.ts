/**
 * `sextant init --from docusaurus <site>`: a Docusaurus site's docs as a docs.yml draft. Its
 * sidebars (`sidebars.js`, `.ts` or `.json`, evaluated as Docusaurus does) become navigation
 * (several sidebars become tabs, named as the navbar names them), `docusaurus.config.js`
 * gives the title, favicon, logo, navbar links, footer, announcement bar, colour mode, edit
 * URL and client redirects, and `--ifm-color-primary` of its custom CSS the accent colour.
 * Admonitions (`:::note`) carry over as they are; `@theme` tabs and admonitions are rewritten.
 * Versioned docs (`versions.json`, `versioned_docs/`, `versioned_sidebars/`) become docs.yml
 * versions, the default one first (`lastVersion`, else the latest release) and versions past it
 * deprecated, as Docusaurus marks them unmaintained, and their Docusaurus URLs redirect. The blog
 * and each blog plugin instance become changelogs (`docusaurus-blog.ts`), each docs plugin
 * instance a tab (the preset's docs a tab too then; an instance's versions are not converted);
 * React pages are listed as not converted. Plugins are found by package or shorthand name.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { joinSlug } from '@sextant/definition';
import { CliError } from '../support/cli-error.js';
import { docusaurusBlog } from './docusaurus-blog.js';
import { DocusaurusDocs, docusaurusPage } from './docusaurus-docs.js';
import {
  ConversionLog,
  type DocsYmlDraft,
  type ImportedProject,
  type NavbarLinkDraft,
  type NavDraft,
  type VersionDraft,
} from './draft.js';
import { PageCopier } from './page-copier.js';
import { assetFile, cssColor, linkHref, type Origin, redirects } from './site-config.js';
import { assignContainerSlugs, versionSlug } from './slugs.js';
import { list, record, SourceTree, text } from './source-tree.js';

export const DOCUSAURUS_CONFIGS = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];
const SIDEBARS = [
  'sidebars.ts',
  'sidebars.mts',
  'sidebars.js',
  'sidebars.mjs',
  'sidebars.cjs',
  'sidebars.json',
];

/**
 * Whether `name` names Docusaurus's plugin `plugin` (`content-blog`): its package, or a shorthand
 * Docusaurus resolves to it (`content-blog`, `@docusaurus/content-blog`).
 */
function isDocusaurusPlugin(name: unknown, plugin: string): boolean {
  return name === `@docusaurus/plugin-${plugin}` || name === plugin || name === `@docusaurus/${plugin}`;
}

/**
 * The options of each instance of Docusaurus's plugin `plugin` in the config's `plugins` (`{}` for
 * one named without options); a plugin given as a function is not read.
 * @example pluginInstances(config.plugins, 'content-blog') // [{ id: 'changelog', path: 'changelog' }]
 */
function pluginInstances(plugins: unknown, plugin: string): Record<string, unknown>[] {
  return list(plugins).flatMap((entry) => {
    const [name, options] = typeof entry === 'string' ? [entry] : list(entry);
    return isDocusaurusPlugin(name, plugin) ? [record(options) ?? {}] : [];
  });
}

/**
 * Each blog of the site as a changelog at the end of the navigation (of the default version's,
 * with versions; a tab of its own among tabs), its posts' URLs redirected (`docusaurus-blog.ts`):
 * the classic preset's blog, then every instance of the blog plugin (a second blog, often the
 * project's changelog, is one with an `id`).
 */
function blogs(
  tree: SourceTree,
  copier: PageCopier,
  presets: Record<string, unknown>[],
  plugins: unknown,
  draft: DocsYmlDraft,
): void {
  const configured = presets.find((preset) => preset.blog !== undefined)?.blog;
  if (configured === false) {
    if (tree.exists('blog')) tree.report('blog', undefined, 'the blog is off (blog: false): not converted');
  } else blog(tree, copier, record(configured) ?? {}, draft);
  for (const options of pluginInstances(plugins, 'content-blog')) blog(tree, copier, options, draft);
}

/** The blog of `options` (a preset's `blog` or a blog plugin's options) as a changelog. */
function blog(
  tree: SourceTree,
  copier: PageCopier,
  options: Record<string, unknown>,
  draft: DocsYmlDraft,
): void {
  const folder = text(options.path) ?? 'blog';
  if (!tree.isDirectory(folder)) {
    // The default folder may well be absent; one the config names should not be.
    if (options.path !== undefined || options.id !== undefined) {
      const id = text(options.id);
      tree.report(folder, undefined, `the blog${id ? ` "${id}"` : ''}'s folder is missing: not converted`);
    }
    return;
  }
  const title = text(options.blogTitle) ?? 'Blog';
  const route = routePath(options.routeBasePath, 'blog');
  const { changelog, redirects } = docusaurusBlog(tree, copier, { folder, route, title });
  if (redirects.length > 0) draft.redirects = [...(draft.redirects ?? []), ...redirects];
  if (!changelog) return;
  const navigation = draft.versions?.[0]?.navigation ?? draft.navigation;
  navigation.push(
    navigation.some((item) => 'tab' in item) ? { tab: title, contents: [changelog] } : changelog,
  );
}

/**
 * Evaluates a JavaScript or TypeScript config module of the site, as Docusaurus would; its
 * default export (or `module.exports`).
 */
async function evaluate(path: string): Promise<unknown> {
  if (path.endsWith('.json')) return JSON.parse(readFileSync(path, 'utf8'));
  try {
    const module = (await import(pathToFileURL(path).href)) as { default?: unknown };
    return module.default ?? module;
  } catch (error) {
    // A Node without built-in type stripping: strip the types ourselves (no relative imports then).
    const strip = (
      createRequire(import.meta.url)('node:module') as { stripTypeScriptTypes?: (code: string) => string }
    ).stripTypeScriptTypes;
    if (!/\.m?ts$/.test(path) || !strip) throw error;
    const code = strip(readFileSync(path, 'utf8'));
    const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
      default?: unknown;
    };
    return module.default ?? module;
  }
}

/**
 * Reads the Docusaurus site in `folder`.
 * @example const project = await importDocusaurus('website');
 */
export async function importDocusaurus(folder: string): Promise<ImportedProject> {
  const log = new ConversionLog();
  const tree = new SourceTree(folder, log);
  const configFile = DOCUSAURUS_CONFIGS.find((name) => tree.isFile(name));
  const sidebarFile = SIDEBARS.find((name) => tree.isFile(name));
  if (!configFile && !sidebarFile)
    throw new CliError(
      `${folder}: no docusaurus.config.js or sidebars.js here: name the Docusaurus site's folder`,
    );
  const file = configFile ?? sidebarFile ?? '';
  const origin: Origin = { tree, file };

  let config: Record<string, unknown> = {};
  if (configFile) {
    try {
      config = record(await evaluate(tree.absolute(configFile))) ?? {};
    } catch (error) {
      const title = /\btitle:\s*['"`]([^'"`]+)['"`]/.exec(tree.read(configFile) ?? '')?.[1];
      if (title) config = { title };
      tree.report(
        configFile,
        undefined,
        `cannot evaluate it (${error instanceof Error ? error.message.split('\n')[0] : error}; install the site's dependencies first): only its title was read`,
      );
    }
  }
  const presets = list(config.presets).map((preset) => record(list(preset)[1]) ?? {});
  const docsOptions = record(presets.find((preset) => preset.docs !== undefined)?.docs) ?? {};
  const docsFolder = text(docsOptions.path) ?? 'docs';
  const base = routePath(docsOptions.routeBasePath, 'docs');
  const copier = new PageCopier(tree, {
    staticRoots: ['static', ''],
    transform: (_path, body) => docusaurusPage(body),
  });
  const docs = new DocusaurusDocs(tree, copier, docsFolder, base);

  const draft: DocsYmlDraft = { title: text(config.title) ?? 'Docs', navigation: [] };
  const themeConfig = record(config.themeConfig) ?? {};
  const navbarConfig = record(themeConfig.navbar) ?? {};
  /** Navbar labels of sidebars, by docs plugin instance and sidebar id (`default/docs`). */
  const sidebarLabels = new Map<string, string>();
  /** The navbar's label of each docs plugin instance (its first doc or sidebar item's). */
  const instanceLabels = new Map<string, string>();
  const navbar: NavbarLinkDraft[] = [];
  for (const [index, value] of list(navbarConfig.items).entries()) {
    const item = record(value) ?? {};
    const label = text(item.label);
    const pluginId = text(item.docsPluginId) ?? DEFAULT_PLUGIN_ID;
    if ((item.type === 'docSidebar' || item.type === 'doc') && label && !instanceLabels.has(pluginId))
      instanceLabels.set(pluginId, label);
    if (item.type === 'docSidebar' && text(item.sidebarId) && label)
      sidebarLabels.set(`${pluginId}/${text(item.sidebarId)}`, label);
    else if (item.href || item.to) {
      const href = linkHref(origin, `themeConfig.navbar.items[${index}]`, item.href ?? item.to);
      const github = href !== undefined && /^https:\/\/github\.com\//.test(href);
      if (href)
        navbar.push({
          text: label ?? (github ? 'GitHub' : href),
          href,
          type: github ? 'github' : 'secondary',
        });
    } else if (item.type && item.type !== 'doc')
      tree.report(
        file,
        `themeConfig.navbar.items[${index}]`,
        `navbar items of type "${String(item.type)}" are not converted`,
      );
  }
  if (navbar.length > 0) draft.navbar = navbar;

  // Sidebars: one → the navigation; several → a tab each. Without sidebars, the docs folder as Docusaurus would generate it.
  const mainSidebarFile =
    docsOptions.sidebarPath === false
      ? undefined
      : (siteRelative(folder, docsOptions.sidebarPath) ?? sidebarFile);
  const sidebars = await readSidebars(tree, mainSidebarFile);
  const navigationOf = (
    from: DocusaurusDocs,
    bars: Record<string, unknown> | undefined,
    barsFile: string,
    pluginId = DEFAULT_PLUGIN_ID,
  ) => {
    const ids = Object.keys(bars ?? {});
    if (!bars || ids.length === 0) return from.autogenerated(from.folder);
    if (ids.length === 1) return from.items(bars[ids[0]!], barsFile, ids[0]!);
    return ids.flatMap((id): NavDraft[] => {
      const contents = from.items(bars[id], barsFile, id);
      const title = sidebarLabels.get(`${pluginId}/${id}`) ?? humanizeId(id);
      return contents.length > 0 ? [{ tab: title, contents }] : [];
    });
  };
  const versions = docusaurusVersions(tree, docsOptions, file);
  if (versions.length === 0) draft.navigation = navigationOf(docs, sidebars, mainSidebarFile ?? '');
  else
    draft.versions = versions.flatMap((version): VersionDraft[] => {
      let navigation: NavDraft[];
      if (version.folder === undefined) navigation = navigationOf(docs, sidebars, mainSidebarFile ?? '');
      else {
        const barsFile = `versioned_sidebars/version-${version.name}-sidebars.json`;
        const bars = tree.isFile(barsFile) ? record(tree.readData(barsFile)) : undefined;
        const versioned = new DocusaurusDocs(tree, copier, version.folder, base, `version-${version.name}/`);
        navigation = navigationOf(versioned, bars, barsFile);
      }
      if (navigation.length === 0) return [];
      return [
        {
          name: version.label,
          slug: versionSlug(version.path),
          navigation,
          ...(version.unmaintained ? { deprecated: true } : {}),
        },
      ];
    });

  settings(config, themeConfig, navbarConfig, docsOptions, origin, copier, draft);
  // Docusaurus serves a version under the docs (`/docs/2.0/…`), docs.yml before them (`/2-0/docs/…`).
  const moved = versions.slice(1).flatMap((version) => {
    const source = `/${joinSlug(base, version.path)}/*`;
    const destination = `/${joinSlug(versionSlug(version.path), base)}/*`;
    return source === destination ? [] : [{ source, destination, permanent: true }];
  });
  if (moved.length > 0) draft.redirects = [...(draft.redirects ?? []), ...moved];
  // Each docs plugin instance beside the preset's docs: a tab (a tab a sidebar, with several).
  for (const options of pluginInstances(config.plugins, 'content-docs')) {
    const id = text(options.id) ?? DEFAULT_PLUGIN_ID;
    const where = `plugins content-docs (id ${id})`;
    const instanceFolder = text(options.path) ?? 'docs';
    // The preset's docs turned off and given as the plugin instead: converted above already.
    if (instanceFolder === docsFolder) continue;
    if (!tree.isDirectory(instanceFolder)) {
      tree.report(file, where, `its folder ${instanceFolder}/ is missing: not converted`);
      continue;
    }
    const barsFile = siteRelative(folder, options.sidebarPath);
    const bars = await readSidebars(tree, barsFile);
    const route = routePath(options.routeBasePath, 'docs');
    const instance = new DocusaurusDocs(tree, copier, instanceFolder, route);
    const contents = navigationOf(instance, bars, barsFile ?? '', id);
    if (tree.isFile(`${id}_versions.json`))
      tree.report(
        `${id}_versions.json`,
        undefined,
        'versions of a docs plugin instance are not converted: its current docs are',
      );
    if (contents.length === 0) continue;
    const navigation = draft.versions?.[0]?.navigation ?? draft.navigation;
    if (navigation.length > 0 && !navigation.some((item) => 'tab' in item))
      navigation.splice(0, navigation.length, {
        tab: instanceLabels.get(DEFAULT_PLUGIN_ID) ?? 'Docs',
        contents: [...navigation],
      });
    if (contents.some((item) => 'tab' in item)) navigation.push(...contents);
    else navigation.push({ tab: instanceLabels.get(id) ?? humanizeId(id), contents });
  }
  blogs(tree, copier, presets, config.plugins, draft);
  for (const [name, reason] of [
    ['src/pages', 'React and markdown pages of src/pages are not converted'],
    ['i18n', 'translations (i18n/) are not converted'],
  ] as const)
    if (tree.exists(name)) tree.report(name, undefined, reason);
  assignContainerSlugs(draft.navigation);
  for (const version of draft.versions ?? []) assignContainerSlugs(version.navigation);
  return {
    source: `Docusaurus (${configFile ?? sidebarFile})`,
    root: resolve(folder),
    label: '',
    config: file,
    draft,
    files: copier.files,
    notConverted: log.items,
  };
}

/**
 * The sidebars in `file` (a path in the site), evaluated as Docusaurus does; undefined when there
 * is none or it cannot be evaluated (said so: the docs folder is listed instead).
 */
async function readSidebars(
  tree: SourceTree,
  file: string | undefined,
): Promise<Record<string, unknown> | undefined> {
  if (file === undefined || !tree.isFile(file)) return undefined;
  try {
    return record(await evaluate(tree.absolute(file)));
  } catch (error) {
    tree.report(
      file,
      undefined,
      `cannot evaluate it (${error instanceof Error ? error.message.split('\n')[0] : error}): the docs folder is listed instead`,
    );
    return undefined;
  }
}

/** A plugin's `routeBasePath` (else `fallback`) as a URL path without slashes around: `'/'` is ''. */
function routePath(routeBasePath: unknown, fallback: string): string {
  return (text(routeBasePath) ?? fallback).replace(/^\/+|\/+$/g, '');
}

/** The id of the preset's docs (and of a plugin instance given none). */
const DEFAULT_PLUGIN_ID = 'default';

/**
 * A config's file path (`sidebarPath`: relative to the site, or absolute as `require.resolve`
 * gives it) as a path in the site; undefined for anything else (`false`: no sidebars).
 */
function siteRelative(site: string, path: unknown): string | undefined {
  if (typeof path !== 'string' || path.trim() === '') return undefined;
  const relativePath = relative(resolve(site), resolve(site, path)).split(sep).join('/');
  return relativePath.startsWith('../') ? undefined : relativePath;
}

function humanizeId(id: string): string {
  const words = id
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Docs';
}

/** Favicon, logo, colour mode, accent colour, footer, announcement bar, edit URL, client redirects. */
function settings(
  config: Record<string, unknown>,
  themeConfig: Record<string, unknown>,
  navbarConfig: Record<string, unknown>,
  docsOptions: Record<string, unknown>,
  origin: Origin,
  copier: PageCopier,
  draft: DocsYmlDraft,
): void {
  const { tree, file } = origin;
  const staticFile = (item: string, value: unknown) => {
    const path = text(value);
    if (!path || /^https:/.test(path)) return assetFile(origin, copier, item, value);
    const inStatic = `static/${path.replace(/^\/+/, '')}`;
    return assetFile(origin, copier, item, tree.isFile(inStatic) ? inStatic : path);
  };
  const favicon = config.favicon === undefined ? undefined : staticFile('favicon', config.favicon);
  if (favicon) draft.favicon = favicon;
  const logo = record(navbarConfig.logo);
  if (logo) {
    const light = staticFile('themeConfig.navbar.logo.src', logo.src);
    const dark =
      logo.srcDark === undefined ? undefined : staticFile('themeConfig.navbar.logo.srcDark', logo.srcDark);
    if (light || dark) draft.logo = { ...(light ? { light } : {}), ...(dark ? { dark } : {}) };
  }
  const mode = text(record(themeConfig.colorMode)?.defaultMode);
  if (mode === 'light' || mode === 'dark') draft.theme = mode;
  if (record(themeConfig.colorMode)?.respectPrefersColorScheme === true) draft.theme = 'system';

  // The accent colour: Infima's --ifm-color-primary of the custom stylesheet, light and dark.
  const themeOptions = record(
    list(config.presets)
      .map((p) => record(list(p)[1]) ?? {})
      .find((p) => p.theme)?.theme,
  );
  for (const css of typeof themeOptions?.customCss === 'string'
    ? [themeOptions.customCss]
    : list(themeOptions?.customCss)) {
    const path = text(css)?.replace(/^\.\//, '');
    const source = path ? tree.read(path) : undefined;
    if (!path || source === undefined) continue;
    const light = /:root\s*\{[^}]*--ifm-color-primary:\s*([^;]+);/.exec(source)?.[1]?.trim();
    const dark = /\[data-theme=['"]?dark['"]?\]\s*\{[^}]*--ifm-color-primary:\s*([^;]+);/
      .exec(source)?.[1]
      ?.trim();
    const lightColor = cssColor({ tree, file: path }, '--ifm-color-primary', light);
    const darkColor = cssColor({ tree, file: path }, '[data-theme=dark] --ifm-color-primary', dark);
    if (lightColor || darkColor)
      draft.colors = {
        accentPrimary: {
          ...(lightColor ? { light: lightColor } : {}),
          ...(darkColor ? { dark: darkColor } : {}),
        },
      };
    tree.report(
      path,
      undefined,
      'custom CSS written for Infima is not carried over: its primary colour became accentPrimary',
    );
  }

  const footer = record(themeConfig.footer);
  const groups = list(footer?.links).flatMap((value, index) => {
    const group = record(value);
    const links = list(group?.items).flatMap((item, i) => {
      const link = record(item);
      if (link?.html !== undefined) {
        tree.report(
          file,
          `themeConfig.footer.links[${index}].items[${i}]`,
          'HTML footer items are not converted',
        );
        return [];
      }
      const href = linkHref(origin, `themeConfig.footer.links[${index}].items[${i}]`, link?.href ?? link?.to);
      return href ? [{ text: text(link?.label) ?? href, href }] : [];
    });
    return links.length > 0 ? [{ title: text(group?.title) ?? 'Links', links }] : [];
  });
  if (groups.length > 0) draft.footer = { groups };
  if (footer?.copyright !== undefined)
    tree.report(file, 'themeConfig.footer.copyright', 'the copyright line is not shown');
  const announcement = text(record(themeConfig.announcementBar)?.content)?.replace(/<[^>]+>/g, '');
  if (announcement) draft.announcement = { message: announcement };
  const editUrl = text(docsOptions.editUrl);
  // Docusaurus appends the doc's path in the site (docs/intro.md), as docs.yml appends the page's.
  if (editUrl) draft.editThisPage = { url: `${editUrl.replace(/\/+$/, '')}/` };
  else if (docsOptions.editUrl !== undefined)
    tree.report(file, 'docs.editUrl', 'an editUrl function is not converted');

  const clientRedirects = pluginInstances(config.plugins, 'client-redirects')
    .flatMap((options) => list(options.redirects))
    .flatMap((value) => {
      const redirect = record(value);
      const froms = typeof redirect?.from === 'string' ? [redirect.from] : list(redirect?.from);
      return froms.map((from) => ({ source: from, destination: redirect?.to }));
    });
  const converted = redirects(origin, 'plugin-client-redirects', clientRedirects);
  if (converted) draft.redirects = converted;
}

/** A version of a Docusaurus site's docs, as its `docs` options and `versions.json` make it. */
interface DocusaurusVersion {
  /** `current` (the docs folder) or a release's name in versions.json. */
  name: string;
  label: string;
  /** Its URL segment. */
  path: string;
  /** The versioned docs folder; undefined for `current`. */
  folder?: string;
  unmaintained: boolean;
}

/**
 * The versions a Docusaurus site serves, the default (`lastVersion`, else the latest release)
 * first, then the others in its version menu's order (`current` first, then versions.json's);
 * none when it lists no release. `onlyIncludeVersions`, `includeCurrentVersion` and each
 * version's `label`, `path` and `banner` are read as Docusaurus reads them.
 */
function docusaurusVersions(
  tree: SourceTree,
  docsOptions: Record<string, unknown>,
  file: string,
): DocusaurusVersion[] {
  if (!tree.isFile('versions.json')) return [];
  const released = list(tree.readData('versions.json'))
    .map((name) => (typeof name === 'number' ? String(name) : text(name)))
    .filter((name): name is string => Boolean(name));
  if (released.length === 0) return [];
  const includeCurrent = docsOptions.includeCurrentVersion !== false;
  const only = list(docsOptions.onlyIncludeVersions).map(text).filter(Boolean);
  const names = [...(includeCurrent ? ['current'] : []), ...released].filter(
    (name) => only.length === 0 || only.includes(name),
  );
  const lastVersion = text(docsOptions.lastVersion) ?? released.find((name) => names.includes(name));
  const options = record(docsOptions.versions) ?? {};
  const versions = names.flatMap((name): DocusaurusVersion[] => {
    const own = record(options[name]) ?? {};
    const folder = name === 'current' ? undefined : `versioned_docs/version-${name}`;
    if (folder !== undefined && !tree.exists(folder)) {
      tree.report('versions.json', undefined, `version "${name}": ${folder}/ is missing: left out`);
      return [];
    }
    // Docusaurus's menu order is current, then releases newest first: what comes after the last version is unmaintained.
    const order = (version: string | undefined) =>
      version === 'current' ? -1 : released.indexOf(version ?? '');
    const past = name !== 'current' && order(name) > order(lastVersion);
    const banner = text(own.banner);
    return [
      {
        name,
        label: text(own.label) ?? (name === 'current' ? 'Next' : name),
        path: text(own.path) ?? (name === 'current' ? 'next' : name),
        ...(folder !== undefined ? { folder } : {}),
        unmaintained: banner === 'unmaintained' || (banner === undefined && past),
      },
    ];
  });
  if (lastVersion !== undefined && !versions.some((v) => v.name === lastVersion))
    tree.report(file, 'presets docs.lastVersion', `"${lastVersion}" is not a version the site serves`);
  const first = versions.findIndex((v) => v.name === lastVersion);
  return first <= 0
    ? versions
    : [versions[first]!, ...versions.slice(0, first), ...versions.slice(first + 1)];
}
