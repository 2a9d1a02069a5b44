/** The site's `DocsConfig` from docs.yml: colours, logo, layout, metadata, assets, scripts, fonts and the rest. */
import { type AssetRef, type DocsConfig, defaultDocsConfig, type ThemedColor } from '@sextant/definition';
import type { DocsYml } from './docs-yml-schema.js';

/** The config of `yml`; `assetRef` resolves each asset path (at its docs.yml path), inlined or not. */
export async function buildConfig(
  yml: DocsYml,
  assetRef: (value: string, path: PropertyKey[], inline: boolean) => Promise<AssetRef>,
): Promise<DocsConfig> {
  const config = defaultDocsConfig(yml.title);
  const themed = (value: string | ThemedColor | undefined): ThemedColor | undefined =>
    typeof value === 'string' ? { light: value, dark: value } : value;
  const colors = yml.colors ?? {};
  config.colors = {
    accentPrimary: themed(colors.accentPrimary),
    background: themed(colors.background),
    border: themed(colors.border),
    sidebarBackground: themed(colors.sidebarBackground),
    headerBackground: themed(colors.headerBackground),
    cardBackground: themed(colors.cardBackground),
  };
  if (yml.theme) config.defaultTheme = yml.theme;
  if (yml.logo) {
    config.logo = {
      light: yml.logo.light ? await assetRef(yml.logo.light, ['logo', 'light'], true) : undefined,
      dark: yml.logo.dark ? await assetRef(yml.logo.dark, ['logo', 'dark'], true) : undefined,
      href: yml.logo.href,
      height: yml.logo.height,
    };
  }
  if (yml.favicon) config.favicon = await assetRef(yml.favicon, ['favicon'], true);
  const layout = yml.layout ?? {};
  config.layout = {
    searchbarPlacement: layout.searchbarPlacement ?? config.layout.searchbarPlacement,
    tabsPlacement: layout.tabsPlacement ?? config.layout.tabsPlacement,
    contentAlignment: layout.contentAlignment ?? config.layout.contentAlignment,
    headerPosition: layout.headerPosition ?? config.layout.headerPosition,
    contentWidth: layout.contentWidth,
    sidebarWidth: layout.sidebarWidth,
  };
  if (layout.pageLayout) config.defaultPageLayout = layout.pageLayout;
  if (yml.pageActions) config.pageActions = yml.pageActions;
  const metadata = yml.metadata ?? {};
  config.metadata = {
    description: metadata.description,
    socialCard: metadata.socialCard ?? 'summary',
    ogImage: metadata.ogImage ? await assetRef(metadata.ogImage, ['metadata', 'ogImage'], false) : undefined,
    twitterSite: metadata.twitterSite,
    ...(metadata.twitterApp ? { twitterApp: metadata.twitterApp } : {}),
    ...(metadata.twitterPlayer ? { twitterPlayer: metadata.twitterPlayer } : {}),
  };
  if (yml.css?.length) {
    config.css = [];
    for (const [i, sheet] of yml.css.entries()) config.css.push(await assetRef(sheet, ['css', i], false));
  }
  if (yml.apiLinkBase) config.apiLinkBase = yml.apiLinkBase.replace(/\/+$/, '');
  config.scripts = [];
  for (const [i, script] of (yml.scripts ?? []).entries()) {
    config.scripts.push({
      src: await assetRef(script.src, ['scripts', i, 'src'], false),
      strategy: script.strategy,
    });
  }
  for (const role of ['body', 'heading', 'code'] as const) {
    const font = yml.fonts?.[role];
    if (font) config.fonts[role] = { ...font, src: await assetRef(font.src, ['fonts', role, 'src'], false) };
  }
  config.redirects = yml.redirects ?? [];
  if (yml.navbar?.length) config.navbar = yml.navbar;
  if (yml.footer) config.footer = yml.footer;
  if (yml.announcement) config.announcement = yml.announcement;
  if (yml.editThisPage) config.editThisPage = yml.editThisPage;
  if (yml.ai) config.ai = yml.ai;
  if (yml.analytics) config.analytics = yml.analytics;
  if (yml.login) config.login = yml.login;
  return config;
}
