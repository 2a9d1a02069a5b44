/**
 * `sextant init --from fern fern/`: a Fern folder (`docs.yml`, version and product files,
 * pages, `generators.yml` and its specs) as a docs.yml draft. `navigation` and `tabs` map to
 * docs.yml navigation and tabs, `versions` (each a yml file) to docs.yml versions, simple
 * `products` to tabs; colours, logo, favicon, layout, navbar links, footer links,
 * announcement, redirects, stylesheets, scripts, fonts, metadata and Ask AI map to their
 * docs.yml settings; what has no equivalent is logged.
 */
import { basename, join } from 'node:path';
import { AI_LOCATIONS, AI_MODELS, SCRIPT_STRATEGIES } from '@sextant/definition';
import { CliError } from '../support/cli-error.js';
import {
  ConversionLog,
  type DocsYmlDraft,
  type ImportedProject,
  type NavbarLinkDraft,
  type NavDraft,
} from './draft.js';
import { findFernApis } from './fern-apis.js';
import { FernNavigation } from './fern-navigation.js';
import { PageCopier } from './page-copier.js';
import { assetFile, linkHref, type Origin, redirects, socials, themedColor } from './site-config.js';
import { assignContainerSlugs, safeSlug, versionSlug } from './slugs.js';
import { list, record, SourceTree, text } from './source-tree.js';
import { SpecCatalog } from './spec-catalog.js';

const CONFIG = 'docs.yml';

/** docs.yml keys converted here (or read with the navigation). */
const HANDLED = new Set([
  'instances',
  'title',
  'logo',
  'favicon',
  'colors',
  'layout',
  'navbar-links',
  'footer-links',
  'announcement',
  'redirects',
  'css',
  'js',
  'typography',
  'metadata',
  'ai-search',
  'ai-chat',
  'tabs',
  'navigation',
  'versions',
  'products',
  'landing-page',
]);

/**
 * Reads the Fern folder `folder` (or the `fern/` folder inside it).
 * @example const project = importFern('fern');
 */
export function importFern(folder: string): ImportedProject {
  const root = new SourceTree(folder, new ConversionLog()).isFile(CONFIG) ? folder : join(folder, 'fern');
  const log = new ConversionLog();
  const tree = new SourceTree(root, log, basename(root));
  if (!tree.isFile(CONFIG))
    throw new CliError(
      `${folder}: no ${CONFIG} here or in ${join(folder, 'fern')}: name the Fern folder (the one with docs.yml)`,
    );
  const config = record(tree.readData(CONFIG));
  if (!config) throw new CliError(`${join(root, CONFIG)}: not a Fern docs.yml that can be read`);
  const origin: Origin = { tree, file: CONFIG };
  const copier = new PageCopier(tree);
  const specs = new SpecCatalog(tree, copier);
  const apis = findFernApis(tree, specs);
  tree.reportUnhandledKeys(CONFIG, config, HANDLED);

  const draft: DocsYmlDraft = { title: text(config.title) ?? 'Docs', navigation: [] };
  settings(config, origin, copier, draft);
  const navbar = navbarLinks(config, origin);
  const navigation = new FernNavigation(tree, copier, apis, navbar);

  const landing = record(config['landing-page']);
  const landingPage = landing
    ? navigation.page(landing, { file: CONFIG, item: 'landing-page', slug: '' })
    : undefined;
  const versions = list(config.versions);
  if (versions.length > 0) {
    if (config.navigation !== undefined)
      tree.report(
        CONFIG,
        'navigation',
        'Fern skips navigation when versions are listed: so does the conversion',
      );
    draft.versions = versions.flatMap((value, index) => {
      const version = record(value) ?? {};
      const item = `versions[${index}]`;
      const name = text(version['display-name']) ?? `Version ${index + 1}`;
      const path = text(version.path);
      const file = path === undefined ? undefined : tree.relative(CONFIG, path);
      const content = file === undefined ? undefined : record(tree.readData(file));
      if (!file || !content) {
        tree.report(
          CONFIG,
          item,
          `version "${name}": its file ${path ?? '(no path)'} cannot be read: left out`,
        );
        return [];
      }
      const availability = text(version.availability);
      if (availability && !['deprecated', 'legacy', 'ga', 'stable'].includes(availability))
        tree.report(
          CONFIG,
          `${item}.availability`,
          `"${availability}" is not shown (docs.yml versions may be deprecated or hidden)`,
        );
      if (version.ref !== undefined)
        tree.report(CONFIG, `${item}.ref`, 'versions built from a git ref are not converted');
      const nav = navigation.navigation(content.navigation, content.tabs, file, 'navigation', '', true);
      const versionLanding = record(content['landing-page']);
      const versionPage = versionLanding
        ? navigation.page(versionLanding, { file, item: 'landing-page', slug: '' })
        : undefined;
      return [
        {
          name,
          slug: versionSlug(text(version.slug) ?? name),
          navigation: [...(versionPage ? [versionPage] : []), ...nav],
          ...(availability === 'deprecated' || availability === 'legacy' ? { deprecated: true } : {}),
          ...(version.hidden === true ? { hidden: true } : {}),
        },
      ];
    });
    const first = draft.versions[0];
    if (landingPage && first) first.navigation.unshift(landingPage);
  } else if (list(config.products).length > 0) {
    draft.navigation = [
      ...(landingPage ? [landingPage] : []),
      ...products(config, origin, navigation, navbar),
    ];
  } else {
    draft.navigation = [
      ...(landingPage ? [landingPage] : []),
      ...navigation.navigation(config.navigation, config.tabs, CONFIG, 'navigation', '', true),
    ];
  }
  assignContainerSlugs(draft.navigation);
  for (const version of draft.versions ?? []) assignContainerSlugs(version.navigation);
  if (navbar.length > 0) draft.navbar = navbar;
  if (navigation.redirects.length > 0)
    draft.redirects = [...(draft.redirects ?? []), ...navigation.redirects];
  return {
    source: `Fern (${tree.display(CONFIG)})`,
    root: tree.root,
    label: tree.label,
    config: tree.display(CONFIG),
    draft,
    files: copier.files,
    notConverted: log.items,
  };
}

/** Products: each a tab of its own file's navigation (its tabs and versions become sections). */
function products(
  config: Record<string, unknown>,
  origin: Origin,
  navigation: FernNavigation,
  navbar: NavbarLinkDraft[],
): NavDraft[] {
  const { tree } = origin;
  tree.report(
    CONFIG,
    'products',
    'products became tabs (the conversion does not write docs.yml products yet)',
  );
  return list(config.products).flatMap((value, index): NavDraft[] => {
    const product = record(value) ?? {};
    const item = `products[${index}]`;
    const name = text(product['display-name']) ?? `Product ${index + 1}`;
    if (text(product.href)) {
      const href = linkHref(origin, `${item}.href`, product.href);
      if (href) navbar.push({ text: name, href, type: 'secondary' });
      return [];
    }
    const slug = text(product.slug) ? safeSlug(text(product.slug)!) : safeSlug(name);
    const versionFiles = list(product.versions).map((v) => record(v) ?? {});
    const read = (path: unknown, at: string) => {
      const file = text(path) === undefined ? undefined : tree.relative(CONFIG, text(path)!);
      const content = file === undefined ? undefined : record(tree.readData(file));
      if (!file || !content)
        tree.report(CONFIG, at, `the file ${text(path) ?? '(no path)'} cannot be read: left out`);
      return file && content ? { file, content } : undefined;
    };
    const contents: NavDraft[] = [];
    if (versionFiles.length > 0) {
      tree.report(CONFIG, `${item}.versions`, 'versions of a product are shown as sections of its tab');
      for (const [v, version] of versionFiles.entries()) {
        const found = read(version.path, `${item}.versions[${v}]`);
        if (!found) continue;
        const versionName = text(version['display-name']) ?? `Version ${v + 1}`;
        const versionSlug =
          v === 0
            ? slug
            : `${slug}/${text(version.slug) ? safeSlug(text(version.slug)!) : safeSlug(versionName)}`;
        const nav = navigation.navigation(
          found.content.navigation,
          found.content.tabs,
          found.file,
          'navigation',
          versionSlug,
          false,
        );
        if (nav.length > 0) contents.push({ section: versionName, contents: nav });
      }
    } else {
      const found = read(product.path, `${item}.path`);
      if (found)
        contents.push(
          ...navigation.navigation(
            found.content.navigation,
            found.content.tabs,
            found.file,
            'navigation',
            slug,
            false,
          ),
        );
    }
    if (contents.length === 0) return [];
    const icon = text(product.icon);
    return [{ tab: name, slug, ...(icon && !icon.includes('/') ? { icon } : {}), contents }];
  });
}

/** Logo, favicon, colours, layout, footer, announcement, redirects, css, js, fonts, metadata, Ask AI. */
function settings(
  config: Record<string, unknown>,
  origin: Origin,
  copier: PageCopier,
  draft: DocsYmlDraft,
): void {
  const { tree } = origin;
  const logo = record(config.logo);
  if (logo) {
    const light = assetFile(origin, copier, 'logo.light', logo.light);
    const dark = assetFile(origin, copier, 'logo.dark', logo.dark);
    const href = logo.href === undefined ? undefined : linkHref(origin, 'logo.href', logo.href);
    const height =
      typeof logo.height === 'number' ? Math.round(Math.min(200, Math.max(8, logo.height))) : undefined;
    if (light || dark)
      draft.logo = {
        ...(light ? { light } : {}),
        ...(dark ? { dark } : {}),
        ...(href ? { href } : {}),
        ...(height ? { height } : {}),
      };
    if (logo['right-text'] !== undefined)
      tree.report(CONFIG, 'logo.right-text', 'text beside the logo is not shown');
  }
  const favicon = assetFile(origin, copier, 'favicon', config.favicon);
  if (favicon) draft.favicon = favicon;

  const colors = record(config.colors) ?? {};
  const names: [string, keyof NonNullable<DocsYmlDraft['colors']>][] = [
    ['accent-primary', 'accentPrimary'],
    ['accentPrimary', 'accentPrimary'],
    ['background', 'background'],
    ['border', 'border'],
    ['sidebar-background', 'sidebarBackground'],
    ['header-background', 'headerBackground'],
    ['card-background', 'cardBackground'],
  ];
  for (const [key, value] of Object.entries(colors)) {
    const target = names.find(([name]) => name === key)?.[1];
    if (!target) {
      tree.report(
        CONFIG,
        `colors.${key}`,
        'docs.yml derives the accent scale from accentPrimary: not converted',
      );
      continue;
    }
    const colour = themedColor(origin, `colors.${key}`, value);
    if (colour) draft.colors = { ...draft.colors, [target]: colour };
  }

  const layout = record(config.layout);
  if (layout) draft.layout = fernLayout(layout, origin);

  const footer = socials(origin, 'footer-links', config['footer-links']);
  if (footer.length > 0) draft.footer = { socials: footer };
  const message = text(record(config.announcement)?.message);
  if (message) draft.announcement = { message };
  const redirectList = redirects(origin, 'redirects', config.redirects);
  if (redirectList) draft.redirects = redirectList;

  const css = (typeof config.css === 'string' ? [config.css] : list(config.css))
    .map((path, index) => assetFile(origin, copier, `css[${index}]`, path))
    .filter((path): path is string => path?.endsWith('.css') === true && !/^https:/.test(path));
  if (css.length > 0) draft.css = css;
  const scripts = (Array.isArray(config.js) ? config.js : config.js === undefined ? [] : [config.js]).flatMap(
    (value, index) => {
      const script = record(value);
      const src = script ? (script.url ?? script.path) : value;
      const file = assetFile(origin, copier, `js[${index}]`, src);
      if (!file) return [];
      const strategy = text(script?.strategy);
      if (strategy && !(SCRIPT_STRATEGIES as readonly string[]).includes(strategy))
        tree.report(
          CONFIG,
          `js[${index}].strategy`,
          `"${strategy}" is not a docs.yml script strategy: afterInteractive is used`,
        );
      return [{ src: file, ...(strategy === 'lazyOnload' ? { strategy: 'lazyOnload' as const } : {}) }];
    },
  );
  if (scripts.length > 0) draft.scripts = scripts;

  const metadata = record(config.metadata) ?? {};
  for (const [key, value] of Object.entries(metadata)) {
    if (key === 'og:description' && text(value))
      draft.metadata = { ...draft.metadata, description: text(value)!.slice(0, 500) };
    else if (key === 'twitter:site' && text(value))
      draft.metadata = { ...draft.metadata, twitterSite: text(value)! };
    else if (key === 'og:image' && text(value)) {
      const image = assetFile(origin, copier, 'metadata.og:image', value);
      if (image) draft.metadata = { ...draft.metadata, ogImage: image };
    } else tree.report(CONFIG, `metadata.${key}`, 'not converted');
  }

  const ai = record(config['ai-search']) ?? record(config['ai-chat']);
  if (ai) {
    const model = text(ai.model);
    const location = list(ai.location).filter((l): l is string =>
      (AI_LOCATIONS as readonly unknown[]).includes(l),
    );
    const prompt = text(ai['system-prompt']);
    draft.ai = {
      enabled: true,
      ...(model && (AI_MODELS as readonly string[]).includes(model) ? { model } : {}),
      ...(location.length > 0 ? { location } : {}),
      ...(prompt ? { prompt } : {}),
    };
    if (model && !(AI_MODELS as readonly string[]).includes(model))
      tree.report(
        CONFIG,
        'ai-search.model',
        `"${model}" is not an Ask AI model of Sextant (${AI_MODELS.join(', ')}): the default is used`,
      );
    if (ai.datasources !== undefined)
      tree.report(CONFIG, 'ai-search.datasources', 'other websites are not indexed for Ask AI');
  }

  const typography = record(config.typography);
  if (typography)
    tree.report(
      CONFIG,
      'typography',
      'fonts are not converted: set fonts.body/heading/code in docs.yml with the font files',
    );

  for (const [index, value] of list(config.instances).entries()) {
    const github = record(record(record(value)?.['edit-this-page'])?.github);
    const owner = text(github?.owner);
    const repo = text(github?.repo);
    if (owner && repo && !draft.editThisPage) {
      const host = text(github?.host) ?? 'github.com';
      draft.editThisPage = {
        url: `https://${host}/${owner}/${repo}/edit/${text(github?.branch) ?? 'main'}/${tree.label}/`,
      };
      tree.report(
        CONFIG,
        `instances[${index}].edit-this-page`,
        `converted to ${draft.editThisPage.url}: change it if the project moves out of ${tree.label}/`,
      );
    }
  }
}

/** Fern's layout settings in docs.yml's form; widths in rem become px. */
function fernLayout(layout: Record<string, unknown>, origin: Origin): DocsYmlDraft['layout'] {
  const out: NonNullable<DocsYmlDraft['layout']> = {};
  const upper = (value: unknown) => text(value)?.toUpperCase().replace(/-/g, '_');
  const searchbar = upper(layout['searchbar-placement']);
  if (searchbar === 'HEADER' || searchbar === 'HEADER_TABS' || searchbar === 'SIDEBAR')
    out.searchbarPlacement = searchbar;
  const tabs = upper(layout['tabs-placement']);
  if (tabs === 'HEADER' || tabs === 'SIDEBAR') out.tabsPlacement = tabs;
  const alignment = upper(layout['content-alignment']);
  if (alignment === 'CENTER' || alignment === 'LEFT') out.contentAlignment = alignment;
  const position = upper(layout['header-position']);
  if (position === 'FIXED') out.headerPosition = 'FIXED';
  if (position === 'STATIC' || position === 'ABSOLUTE') out.headerPosition = 'ABSOLUTE';
  const width = (key: string, min: number, max: number) => {
    const match = /^(\d+(?:\.\d+)?)(rem|px)$/.exec(text(layout[key]) ?? '');
    if (!match) {
      if (layout[key] !== undefined)
        origin.tree.report(
          CONFIG,
          `layout.${key}`,
          `"${String(layout[key])}" is not a width docs.yml takes (px): not converted`,
        );
      return undefined;
    }
    const px = Math.round(Number(match[1]) * (match[2] === 'rem' ? 16 : 1));
    return px >= min && px <= max ? px : undefined;
  };
  const content = width('content-width', 320, 3000);
  if (content) out.contentWidth = content;
  const sidebar = width('sidebar-width', 160, 600);
  if (sidebar) out.sidebarWidth = sidebar;
  const known = [
    'searchbar-placement',
    'tabs-placement',
    'content-alignment',
    'header-position',
    'content-width',
    'sidebar-width',
  ];
  for (const key of Object.keys(layout))
    if (!known.includes(key)) origin.tree.report(CONFIG, `layout.${key}`, 'not converted');
  return out;
}

/** `navbar-links`: filled and primary buttons are primary, outlined/minimal/secondary secondary, github github. */
function navbarLinks(config: Record<string, unknown>, origin: Origin): NavbarLinkDraft[] {
  const out: NavbarLinkDraft[] = [];
  for (const [index, value] of list(config['navbar-links']).entries()) {
    const link = record(value) ?? {};
    const item = `navbar-links[${index}]`;
    const type = text(link.type) ?? 'minimal';
    if (type === 'github') {
      const github = record(link.value);
      const href = linkHref(origin, item, github?.url ?? link.value ?? link.url ?? link.href);
      if (href) out.push({ text: text(link.text) ?? 'GitHub', href, type: 'github' });
      continue;
    }
    if (type === 'dropdown') {
      origin.tree.report(CONFIG, item, 'a dropdown: its links are shown side by side');
      for (const [i, inner] of list(link.links).entries()) {
        const entry = record(inner);
        const href = linkHref(origin, `${item}.links[${i}]`, entry?.href ?? entry?.url);
        if (href) out.push({ text: text(entry?.text) ?? href, href, type: 'secondary' });
      }
      continue;
    }
    const href = linkHref(origin, item, link.href ?? link.url);
    if (href)
      out.push({
        text: text(link.text) ?? href,
        href,
        type: type === 'filled' || type === 'primary' ? 'primary' : 'secondary',
      });
  }
  return out;
}
