/**
 * Renders a whole docs page to HTML: head (title, meta, social card, favicon, fonts and styles),
 * the header, the sidebar, the content and the client entry script. All of it is static HTML but
 * the islands (see `components/island.tsx`): each rendered as a root of its own, with its props,
 * for the browser to hydrate. The content is in the HTML before any script runs.
 */
import { createHash } from 'node:crypto';
import { type AssetRef, COMPILED_CACHES, type DocsConfig, moduleCache } from '@sextant/definition';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { askAiInSite } from '../components/ask-ai/ask-ai-events.js';
import { HeaderTools } from '../components/header-tools.js';
import { type IslandRenderer, IslandRendererProvider } from '../components/island.js';
import { Page } from '../components/page.js';
import { type ContentNode, isContentIsland } from '../shared/content-node.js';
import { CONTENT_ROOT_ID, type PageData } from '../shared/page-data.js';
import { feedLinks } from './changelog-feed.js';
import { islandRenderer } from './island-renderer.js';
import { KeptChildren } from './kept-children.js';
import { PageFooter } from './page-furniture.js';
import { headTags, stylesheetLinks } from './seo/head-tags.js';
import { pageMeta } from './seo/page-meta.js';
import './description-memo.js';
import {
  compactParts,
  insertParts,
  type PagePart,
  partLines,
  type SharedPart,
  sharedPart,
} from './page-parts.js';
import { renderedBytes } from './render-cache.js';
import {
  isCurrentOrAncestor,
  navigationTabs,
  SearchTrigger,
  SidebarNav,
  sidebarParts,
  Tabs,
} from './sidebar.js';
import type { SidebarCache, SidebarTemplate } from './sidebar-template.js';
import type { DocsSite } from './site.js';
import {
  Announcement,
  announcementScript,
  NavbarLinks,
  SiteFooter,
  VersionBanner,
  VersionSelect,
} from './site-chrome.js';
import { versionLinks } from './site-versions.js';

/** The built client: the entry script, the text of its CSS and the chunks to preload. */
export interface ClientAssets {
  entry: string;
  /** The stylesheet of the first render, inlined into every page (see `inlineStyles`). */
  css: string;
  preload: string[];
  /** The stylesheet of markdown page bodies (code blocks, components), inlined into markdown pages. */
  contentCss?: string;
  /** The chunks of markdown body islands (tabs, Copy, diagrams), preloaded by pages holding one. */
  contentPreload?: string[];
}

export interface RenderDocumentOptions {
  site: DocsSite;
  data: PageData;
  assets: ClientAssets;
  /** The site stylesheet (colours, fonts, highlighting). */
  siteCss: string;
  /** The reader's theme cookie, when set. */
  theme?: 'light' | 'dark';
  /** URL of a project file (`/_sextant/files/...`). */
  fileUrl: (path: string) => string;
  /** Absolute URL of the page, for social cards. */
  canonicalUrl?: string;
  /** `https://docs.example.com`: the request's origin; social card images need absolute URLs. */
  origin?: string;
}

const CONTENT_PLACEHOLDER = '__SX_CONTENT_PLACEHOLDER__';
const SIDEBAR_PLACEHOLDER = '__SX_SIDEBAR_PLACEHOLDER__';
const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/**
 * Stands for the page's CSP nonce in a rendered page: the docs host puts the nonce of this
 * rendered page in its place, one per site version and page (`'nonce-…'` in `style-src`). The
 * client reads it from the entry script's `nonce` and hands it to code that inserts `<style>`
 * elements (CodeMirror).
 */
export const NONCE_PLACEHOLDER = '__SX_CSP_NONCE__';

/**
 * Applies the reader's theme cookie (`sx-theme`, set by the theme switch) before the first paint.
 * In the page rather than in the server's HTML, so a page's bytes are the same for every reader
 * and can be shared by caches (DESIGN 7); the CSP allows exactly this script by its hash.
 */
export const THEME_SCRIPT =
  "(function(){var m=/(?:^|;\\s*)sx-theme=(light|dark)(?:;|$)/.exec(document.cookie);if(m)document.documentElement.setAttribute('data-theme',m[1])})()";
const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

/** The site version's render cache, holding the sidebars its groups' pages share. */
function sidebarCache(site: DocsSite): SidebarCache {
  return {
    get: (key) => {
      const value = site.cache.get(key)?.value;
      return typeof value === 'object' && value !== null && 'chunks' in value
        ? (value as SidebarTemplate)
        : undefined;
    },
    // The chunks are slices of the HTML: they weigh nothing more.
    set: (key, template) => site.cache.set(key, { value: template }, renderedBytes(template.html)),
  };
}

/** Static HTML of `node`, its islands rendered by `islands`. */
const staticHtml = (node: ReactNode, islands: IslandRenderer) =>
  renderToStaticMarkup(<IslandRendererProvider value={islands}>{node}</IslandRendererProvider>);

/** `url` resolved against `origin` (absolute URLs and data: URLs stay as they are). */
export function absoluteUrl(url: string, origin: string | undefined): string {
  if (!origin) return url;
  try {
    return new URL(url, `${origin}/`).href;
  } catch {
    return url;
  }
}

export function assetUrl(ref: AssetRef | undefined, fileUrl: (path: string) => string): string | undefined {
  if (!ref) return undefined;
  return ref.type === 'url' ? ref.url : fileUrl(ref.path);
}

function Header({
  config,
  basePath,
  currentSlug,
  site,
  searchIndexUrl,
  fileUrl,
}: {
  config: DocsConfig;
  basePath: string;
  currentSlug: string;
  site: DocsSite;
  searchIndexUrl: string;
  fileUrl: (p: string) => string;
}) {
  const light = assetUrl(config.logo?.light, fileUrl);
  const dark = assetUrl(config.logo?.dark, fileUrl) ?? light;
  const tabs = navigationTabs(site.definition);
  const headerTabs = tabs && config.layout.tabsPlacement === 'HEADER' ? tabs : undefined;
  const placement = config.layout.searchbarPlacement;
  // What the header shows besides the site version's config: its links (the version selector's
  // keep the reader on this page) and which tab is current.
  const shown = {
    basePath,
    searchIndexUrl,
    light,
    dark,
    versions: versionLinks(site, currentSlug, basePath),
    currentTabs: headerTabs?.map((tab) => isCurrentOrAncestor(tab, currentSlug)),
  };
  // A versioned site's selector links to this page in each version: a header per page, kept for none.
  const keptKey = shown.versions.length > 0 ? undefined : `site-header\0${JSON.stringify(shown)}`;
  return (
    <KeptChildren tag="header" className="sx-header" keptKey={keptKey}>
      <a className="sx-skip-link" href={`#${CONTENT_ROOT_ID}`}>
        Skip to content
      </a>
      <a className="sx-brand" href={config.logo?.href ?? `${basePath}/`}>
        {light ? (
          <img className="sx-logo sx-logo-light" src={light} alt="" height={config.logo?.height ?? 28} />
        ) : null}
        {dark ? (
          <img className="sx-logo sx-logo-dark" src={dark} alt="" height={config.logo?.height ?? 28} />
        ) : null}
        <span className="sx-brand-title">{config.title}</span>
      </a>
      <VersionSelect site={site} slug={currentSlug} basePath={basePath} />
      {headerTabs ? <Tabs tabs={headerTabs} currentSlug={currentSlug} basePath={basePath} /> : null}
      {placement === 'HEADER_TABS' ? <SearchTrigger className="sx-search-tabs" /> : null}
      <NavbarLinks config={config} className="sx-navbar" />
      <div id="sx-tools" className="sx-tools">
        <HeaderTools
          searchIndexUrl={searchIndexUrl}
          basePath={basePath}
          showSearch={placement === 'HEADER'}
          askAi={askAiInSite(config)}
        />
      </div>
    </KeptChildren>
  );
}

/** A rendered page: its HTML as parts and the CSP hashes of its inline style elements. */
export interface RenderedDocument {
  /** The page's HTML: its own text and the parts it shares with other pages (`pageHtml` joins them). */
  parts: readonly PagePart[];
  /** `'sha256-…'` sources for the page's `style-src`, one per inline style element. */
  styleHashes: string[];
  /** `'sha256-…'` sources for the page's `script-src`: its one inline script (`THEME_SCRIPT`). */
  scriptHashes: string[];
}

/**
 * The page's stylesheets as `<style>` elements. Inlined rather than linked: a first visit (the
 * common case for docs, arriving from a search) renders as soon as the HTML has arrived instead of
 * waiting for two more requests, for ~5 KB gzip per page. The CSP allows exactly these by hash.
 */
function inlineStyles(sheets: string[]): { tags: SharedPart[]; hashes: string[] } {
  const styles = sheets.map(inlineStyle);
  return { tags: styles.map((style) => style.tag), hashes: styles.map((style) => style.hash) };
}

/**
 * The `<style>` element of a sheet and its CSP hash by the sheet: every page of a site inlines the
 * same few sheets (the bundle's, the site's), the element one shared part for all of them. 15 % of
 * the `compiled` module caches' budget (`@sextant/definition`'s module-caches.ts, sized by the
 * server from `--memory`), least recently used first; a sheet weighs its text twice (key and
 * element) as UTF-16.
 */
const inlineStyleOf = moduleCache<{ tag: SharedPart; hash: string }>(
  COMPILED_CACHES,
  0.15,
  (style, css) => 2 * (css.length + style.tag.text.length) + 256,
);

function inlineStyle(css: string): { tag: SharedPart; hash: string } {
  const known = inlineStyleOf.get(css);
  if (known) return known;
  // `</style` would end the element early; `<\/style` is the same text to a CSS parser.
  const text = css.replace(/<\/(style)/gi, '<\\/$1');
  const style = {
    tag: sharedPart(`<style>${text}</style>`),
    hash: `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
  };
  inlineStyleOf.set(css, style);
  return style;
}

/** Whether a page body holds an island of the lazy body chunk (tabs, Copy, a diagram). */
function holdsContentIsland(nodes: ContentNode[]): boolean {
  return nodes.some(
    (node) =>
      typeof node === 'object' &&
      (isContentIsland(node)
        ? node.i !== 'code-tabs' || (node.s ?? []).some(holdsContentIsland)
        : holdsContentIsland(node.c ?? [])),
  );
}

/** The HTML document of a page. */
export function renderDocument(options: RenderDocumentOptions): RenderedDocument {
  const { site, data, assets, fileUrl } = options;
  const config = site.definition.config;
  const page = data.page;
  const islands = islandRenderer(site.cache);
  const content = staticHtml(<Page data={data} />, islands);
  const favicon = assetUrl(config.favicon, fileUrl);
  const ogImageUrl = assetUrl(config.metadata.ogImage, fileUrl);
  const ogImage = ogImageUrl && absoluteUrl(ogImageUrl, options.origin);
  const layout = page.kind === 'markdown' ? page.layout : 'reference';
  const announcement = announcementScript(config);
  const withSidebar = layout !== 'page' && layout !== 'custom';
  const sidebar = withSidebar
    ? sidebarParts(site.definition, page.slug, data.site.basePath, sidebarCache(site))
    : [];
  const chrome = staticHtml(
    <>
      <Announcement config={config} />
      <Header
        config={config}
        basePath={data.site.basePath}
        currentSlug={page.slug}
        site={site}
        searchIndexUrl={data.site.searchIndexUrl}
        fileUrl={fileUrl}
      />
      <div className="sx-body">
        {withSidebar ? <SidebarNav html={SIDEBAR_PLACEHOLDER} /> : null}
        <main id={CONTENT_ROOT_ID} className="sx-main" tabIndex={-1}>
          <VersionBanner site={site} slug={page.slug} basePath={data.site.basePath} />
          {CONTENT_PLACEHOLDER}
          <PageFooter page={page} basePath={data.site.basePath} />
        </main>
      </div>
      <SiteFooter config={config} />
    </>,
    islands,
  );
  const scripts = config.scripts.map((script) => {
    const src = escapeAttr(assetUrl(script.src, fileUrl) ?? '');
    if (script.strategy === 'beforeInteractive') return { head: true, tag: `<script src="${src}"></script>` };
    // afterInteractive: fetched early, run by the client entry once the page is hydrated.
    if (script.strategy === 'afterInteractive')
      return { head: true, tag: `<link rel="preload" as="script" href="${src}" data-sx-after-script>` };
    // lazyOnload: fetched at idle priority, run by the client entry after the load event.
    return { head: false, tag: `<link rel="prefetch" as="script" href="${src}" data-sx-lazy-script>` };
  });
  // A changelog's page carries its entries' bodies: their stylesheet and islands too.
  const markdown =
    page.kind === 'markdown'
      ? page
      : page.kind === 'changelog'
        ? { content: page.entries.flatMap((entry) => entry.content) }
        : undefined;
  // Markdown pages: the body's stylesheet. The site's own (its colours, fonts) comes last: it
  // overrides the defaults whichever bundled sheet declares them.
  const styles = inlineStyles([
    assets.css,
    ...(markdown && assets.contentCss ? [assets.contentCss] : []),
    options.siteCss,
  ]);
  const contentPreload =
    markdown && holdsContentIsland(markdown.content) ? (assets.contentPreload ?? []) : [];
  const fontPreloads = Object.values(config.fonts)
    .map((font) => assetUrl(font?.src, fileUrl))
    .filter((u): u is string => Boolean(u))
    .map((href) => `<link rel="preload" as="font" href="${escapeAttr(href)}" crossorigin>`);
  const head: PagePart[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<script>${THEME_SCRIPT}</script>`,
    // A dismissed announcement is hidden before the first paint (no layout shift).
    ...(announcement ? [`<script>${announcement.script}</script>`] : []),
    // Before the inlined styles (tens of KB): link unfurlers read a page's start only (Slackbot
    // its first 32 KB), so the title and the social tags must come first, though a head the
    // same on every page up to the styles would compress once (issue #30).
    ...headTags({
      config,
      pageTitle: page.title,
      home: page.slug === site.definition.homeSlug,
      meta: pageMeta(site, page.slug),
      canonicalUrl: options.canonicalUrl,
      imageUrl: ogImage,
      feeds: feedLinks(site, data.site.basePath),
    }),
    // Without a configured favicon, an empty one keeps the browser from requesting /favicon.ico.
    `<link rel="icon" href="${escapeAttr(favicon ?? 'data:,')}">`,
    ...fontPreloads,
    ...styles.tags,
    // docs.yml `css`: after the built-in styles, so the author's rules win.
    `<link rel="modulepreload" href="${escapeAttr(assets.entry)}">`,
    ...[...assets.preload, ...contentPreload].map(
      (href) => `<link rel="modulepreload" href="${escapeAttr(href)}">`,
    ),
    ...scripts.filter((s) => s.head).map((s) => s.tag),
  ].filter(Boolean);
  const themeAttr = options.theme
    ? ` data-theme="${options.theme}"`
    : config.defaultTheme === 'system'
      ? ''
      : ` data-theme="${config.defaultTheme}"`;
  const htmlAttrs = `lang="en"${themeAttr} data-align="${config.layout.contentAlignment.toLowerCase()}" data-header="${config.layout.headerPosition.toLowerCase()}" data-tabs="${config.layout.tabsPlacement.toLowerCase()}" data-search="${config.layout.searchbarPlacement.toLowerCase()}" data-layout="${layout}" data-kind="${page.kind}"`;
  // The content goes in first, into the chrome's text alone; then the sidebar, whose placeholder
  // is before the content's: so neither the sidebar's links nor the content (a spec's text, which
  // may spell a placeholder) is searched, nor can take the other's place.
  const withContent = insertParts([chrome], CONTENT_PLACEHOLDER, [content]);
  const body = withSidebar ? insertParts(withContent, SIDEBAR_PLACEHOLDER, sidebar) : withContent;
  const parts = compactParts([
    `<!doctype html>
<html ${htmlAttrs}>
<head>
`,
    ...partLines(head),
    `
</head>
<body>
`,
    ...body,
    `
<script type="module" src="${escapeAttr(assets.entry)}" nonce="${NONCE_PLACEHOLDER}"></script>
${/* Last in the document: a lazy chunk's bundled stylesheet, linked into <head> at run time, must not override the project's. */ ''}${stylesheetLinks(config.css, fileUrl, data.site.mode === 'local' ? site.version : undefined).join('\n')}
${scripts
  .filter((s) => !s.head)
  .map((s) => s.tag)
  .join('\n')}
</body>
</html>`,
  ]);
  return {
    parts,
    styleHashes: styles.hashes,
    scriptHashes: [THEME_SCRIPT_HASH, ...(announcement ? [announcement.hash] : [])],
  };
}
