/**
 * `docsDefinitionProblems(value)`: what is wrong with a docs definition that arrives as untrusted
 * JSON (the registry stores what a publisher sends, and the docs host renders it on a site's own
 * origin). It checks the fields the site turns into URLs, CSS and enums with the URL rules the
 * CLI's `docs.yml` schema uses, so anything the CLI builds passes and anything it would refuse
 * (`javascript:` links and redirects, `data:` scripts, unknown enum values) is named.
 */
import {
  AI_LOCATIONS,
  AI_MODELS,
  CONTENT_ALIGNMENTS,
  type DocsMetadata,
  FONT_DISPLAYS,
  HEADER_POSITIONS,
  MAX_AI_PROMPT_LENGTH,
  NAVBAR_LINK_TYPES,
  PAGE_ACTIONS,
  PAGE_LAYOUTS,
  SCRIPT_STRATEGIES,
  SEARCHBAR_PLACEMENTS,
  SOCIAL_CARD_TYPES,
  TABS_PLACEMENTS,
} from './config.js';
import { DOCS_DEFINITION_VERSION } from './docs-definition.js';
import { isClaimPath, isLoginEndpointUrl, isLoginParamName, isLoginSecretEnvName } from './login-rules.js';
import { isPlayerUrl, socialCardProblems } from './social-card.js';
import {
  isApiLinkBase,
  isCssColor,
  isProjectFilePath,
  isRedirectSource,
  isSafeAssetUrl,
  isSafeLinkHref,
  isSafeRedirectDestination,
  isStylesheetPath,
} from './url-rules.js';

/** Deepest navigation a definition may nest (sections in sections…). */
export const MAX_NAVIGATION_DEPTH = 32;
const MAX_PROBLEMS = 20;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const show = (value: unknown) => JSON.stringify(value)?.slice(0, 80) ?? String(value);

class Problems {
  readonly list: string[] = [];
  add(at: string, message: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push(`${at}: ${message}`);
  }
  /** `value` is absent or one of `allowed`. */
  oneOf(at: string, value: unknown, allowed: readonly unknown[]): void {
    if (value !== undefined && !allowed.includes(value))
      this.add(at, `${show(value)} is not one of ${allowed.join(', ')}`);
  }
  string(at: string, value: unknown, optional = false): value is string {
    if (typeof value === 'string') return true;
    if (!(optional && value === undefined)) this.add(at, 'must be a string');
    return false;
  }
  object(at: string, value: unknown, optional = true): value is Json {
    if (isObject(value)) return true;
    if (!(optional && value === undefined)) this.add(at, 'must be an object');
    return false;
  }
  /** A file of the project or an asset URL (`inlineImage`: a `data:` image is allowed too). */
  asset(at: string, value: unknown, inlineImage: boolean): void {
    if (!this.object(at, value)) return;
    if (value.type === 'file') {
      if (typeof value.path !== 'string' || !isProjectFilePath(value.path))
        this.add(`${at}.path`, `${show(value.path)} must be a relative path inside the project`);
    } else if (value.type === 'url') {
      if (typeof value.url !== 'string' || !isSafeAssetUrl(value.url, { inlineImage }))
        this.add(
          `${at}.url`,
          `${show(value.url)} must be an https URL${inlineImage ? ' or an inlined image (data:image/…;base64)' : ''}`,
        );
    } else this.add(`${at}.type`, 'must be "file" or "url"');
  }
}

function checkConfig(problems: Problems, config: Json): void {
  problems.string('config.title', config.title);
  if (problems.object('config.logo', config.logo)) {
    const logo = config.logo;
    for (const side of ['light', 'dark'] as const)
      if (logo[side] !== undefined) problems.asset(`config.logo.${side}`, logo[side], true);
    if (problems.string('config.logo.href', logo.href, true) && !isSafeLinkHref(logo.href))
      problems.add('config.logo.href', `${show(logo.href)} must be an http(s) URL, mailto: or a site path`);
    if (logo.height !== undefined && typeof logo.height !== 'number')
      problems.add('config.logo.height', 'must be a number');
  }
  if (config.favicon !== undefined) problems.asset('config.favicon', config.favicon, true);
  if (problems.object('config.colors', config.colors)) {
    for (const [name, themed] of Object.entries(config.colors)) {
      if (!problems.object(`config.colors.${name}`, themed)) continue;
      for (const [side, color] of Object.entries(themed))
        if (color !== undefined && (typeof color !== 'string' || !isCssColor(color)))
          problems.add(`config.colors.${name}.${side}`, `${show(color)} must be a CSS colour like #4f46e5`);
    }
  }
  problems.oneOf('config.defaultTheme', config.defaultTheme, ['light', 'dark', 'system']);
  problems.oneOf('config.defaultPageLayout', config.defaultPageLayout, PAGE_LAYOUTS);
  if (problems.object('config.layout', config.layout)) {
    const layout = config.layout;
    problems.oneOf('config.layout.searchbarPlacement', layout.searchbarPlacement, SEARCHBAR_PLACEMENTS);
    problems.oneOf('config.layout.tabsPlacement', layout.tabsPlacement, TABS_PLACEMENTS);
    problems.oneOf('config.layout.contentAlignment', layout.contentAlignment, CONTENT_ALIGNMENTS);
    problems.oneOf('config.layout.headerPosition', layout.headerPosition, HEADER_POSITIONS);
    for (const key of ['contentWidth', 'sidebarWidth'] as const)
      if (layout[key] !== undefined && typeof layout[key] !== 'number')
        problems.add(`config.layout.${key}`, 'must be a number');
  }
  if (config.pageActions !== undefined) {
    if (!Array.isArray(config.pageActions)) problems.add('config.pageActions', 'must be a list');
    else
      for (const [index, action] of config.pageActions.entries())
        problems.oneOf(`config.pageActions[${index}]`, action, PAGE_ACTIONS);
  }
  if (problems.object('config.metadata', config.metadata)) {
    const metadata = config.metadata;
    problems.oneOf('config.metadata.socialCard', metadata.socialCard, SOCIAL_CARD_TYPES);
    if (metadata.ogImage !== undefined) problems.asset('config.metadata.ogImage', metadata.ogImage, true);
    checkSocialCard(problems, metadata);
  }
  checkChrome(problems, config);
  list(problems, 'config.css', config.css, (at, sheet) => {
    if (sheet.type !== 'file' || typeof sheet.path !== 'string' || !isStylesheetPath(sheet.path))
      problems.add(at, `${show(sheet)} must be a .css file of the project`);
  });
  if (problems.string('config.apiLinkBase', config.apiLinkBase, true) && !isApiLinkBase(config.apiLinkBase))
    problems.add(
      'config.apiLinkBase',
      `${show(config.apiLinkBase)} must be an http(s) URL without query or fragment`,
    );
  list(problems, 'config.scripts', config.scripts, (at, script) => {
    problems.asset(`${at}.src`, script.src, false);
    problems.oneOf(`${at}.strategy`, script.strategy, SCRIPT_STRATEGIES);
  });
  if (problems.object('config.fonts', config.fonts)) {
    for (const [role, font] of Object.entries(config.fonts)) {
      const at = `config.fonts.${role}`;
      if (!problems.object(at, font)) continue;
      problems.string(`${at}.name`, font.name);
      problems.asset(`${at}.src`, font.src, false);
      problems.oneOf(`${at}.display`, font.display, FONT_DISPLAYS);
      problems.oneOf(`${at}.style`, font.style, ['normal', 'italic']);
      problems.string(`${at}.weight`, font.weight, true);
    }
  }
  list(problems, 'config.redirects', config.redirects, (at, redirect) => {
    if (problems.string(`${at}.source`, redirect.source) && !isRedirectSource(redirect.source))
      problems.add(
        `${at}.source`,
        `${show(redirect.source)}: a redirect source is a site path starting with "/", without line breaks, control characters or backslashes`,
      );
    if (
      problems.string(`${at}.destination`, redirect.destination) &&
      !isSafeRedirectDestination(redirect.destination)
    )
      problems.add(
        `${at}.destination`,
        `${show(redirect.destination)} must be a site path or an http(s) URL, without line breaks, control characters or backslashes`,
      );
  });
  if (problems.object('config.analytics', config.analytics)) {
    if (typeof config.analytics.playground !== 'boolean')
      problems.add('config.analytics.playground', 'must be true or false');
  }
  if (problems.object('config.login', config.login)) checkLogin(problems, config.login);
  if (problems.object('config.ai', config.ai)) {
    const ai = config.ai;
    if (typeof ai.enabled !== 'boolean') problems.add('config.ai.enabled', 'must be true or false');
    problems.oneOf('config.ai.model', ai.model, AI_MODELS);
    if (!Array.isArray(ai.location)) problems.add('config.ai.location', 'must be a list');
    else
      for (const [index, location] of ai.location.entries())
        problems.oneOf(`config.ai.location[${index}]`, location, AI_LOCATIONS);
    if (problems.string('config.ai.prompt', ai.prompt, true) && ai.prompt.length > MAX_AI_PROMPT_LENGTH)
      problems.add('config.ai.prompt', `must be at most ${MAX_AI_PROMPT_LENGTH} characters`);
  }
}

/** Navbar, footer, announcement and edit link: text, and links a reader may follow. */
function checkChrome(problems: Problems, config: Json): void {
  const link = (at: string, href: unknown) => {
    if (problems.string(at, href) && !isSafeLinkHref(href))
      problems.add(at, `${show(href)} must be an http(s) URL, mailto: or a site path`);
  };
  list(problems, 'config.navbar', config.navbar, (at, item) => {
    problems.string(`${at}.text`, item.text);
    link(`${at}.href`, item.href);
    problems.oneOf(`${at}.type`, item.type, NAVBAR_LINK_TYPES);
  });
  if (problems.object('config.footer', config.footer)) {
    list(problems, 'config.footer.groups', config.footer.groups, (at, group) => {
      problems.string(`${at}.title`, group.title);
      list(problems, `${at}.links`, group.links, (linkAt, item) => {
        problems.string(`${linkAt}.text`, item.text);
        link(`${linkAt}.href`, item.href);
      });
    });
    list(problems, 'config.footer.socials', config.footer.socials, (at, item) => {
      problems.string(`${at}.type`, item.type);
      link(`${at}.href`, item.href);
    });
  }
  if (problems.object('config.announcement', config.announcement))
    problems.string('config.announcement.message', config.announcement.message);
  if (problems.object('config.editThisPage', config.editThisPage)) {
    const url = config.editThisPage.url;
    if (problems.string('config.editThisPage.url', url) && !/^https?:\/\//i.test(url))
      problems.add('config.editThisPage.url', `${show(url)} must be an http(s) URL`);
  }
}

/** The social card's own fields, and the ones its type requires (`socialCardProblems`). */
function checkSocialCard(problems: Problems, metadata: Json): void {
  const app = metadata.twitterApp;
  if (problems.object('config.metadata.twitterApp', app))
    for (const key of ['iphone', 'ipad', 'googleplay', 'country'] as const)
      problems.string(`config.metadata.twitterApp.${key}`, app[key], key === 'country');
  const player = metadata.twitterPlayer;
  if (problems.object('config.metadata.twitterPlayer', player)) {
    if (typeof player.url !== 'string' || !isPlayerUrl(player.url))
      problems.add('config.metadata.twitterPlayer.url', `${show(player.url)} must be an https URL`);
    for (const key of ['width', 'height'] as const)
      if (typeof player[key] !== 'number')
        problems.add(`config.metadata.twitterPlayer.${key}`, 'must be a number');
  }
  if ((SOCIAL_CARD_TYPES as readonly unknown[]).includes(metadata.socialCard))
    for (const problem of socialCardProblems(metadata as Json & Pick<DocsMetadata, 'socialCard'>))
      problems.add(`config.metadata.${problem.field}`, problem.message);
}

/** Calls `check` for every object of an optional list. */
function list(problems: Problems, at: string, value: unknown, check: (at: string, item: Json) => void): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    problems.add(at, 'must be a list');
    return;
  }
  for (const [index, item] of value.entries())
    if (problems.object(`${at}[${index}]`, item, false)) check(`${at}[${index}]`, item);
}

function checkNavigation(problems: Problems, navigation: unknown, root = 'navigation'): void {
  // Iterative, so a hostile nesting cannot exhaust the stack; the depth is capped all the same.
  const stack: { at: string; items: unknown; depth: number }[] = [{ at: root, items: navigation, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { at, items, depth } = next;
    if (!Array.isArray(items)) {
      problems.add(at, 'must be a list');
      continue;
    }
    if (depth > MAX_NAVIGATION_DEPTH) {
      problems.add(at, `navigation nests deeper than ${MAX_NAVIGATION_DEPTH} levels`);
      continue;
    }
    for (const [index, item] of items.entries()) {
      const itemAt = `${at}[${index}]`;
      if (!problems.object(itemAt, item, false)) continue;
      problems.string(`${itemAt}.title`, item.title);
      if (item.type === 'link') {
        if (problems.string(`${itemAt}.href`, item.href) && !isSafeLinkHref(item.href))
          problems.add(`${itemAt}.href`, `${show(item.href)} must be an http(s) URL, mailto: or a site path`);
        continue;
      }
      problems.string(`${itemAt}.slug`, item.slug);
      if (item.children !== undefined)
        stack.push({ at: `${itemAt}.children`, items: item.children, depth: depth + 1 });
    }
  }
}

/**
 * The problems of a docs definition (empty when it may be stored and served), each as
 * `field: reason`, at most 20.
 * @example docsDefinitionProblems({ ...definition, navigation: [{ type: 'link', title: 'x', href: 'javascript:alert(1)' }] })
 * // ['navigation[0].href: "javascript:alert(1)" must be an http(s) URL, mailto: or a site path']
 */
export function docsDefinitionProblems(value: unknown): string[] {
  const problems = new Problems();
  if (!problems.object('definition', value, false)) return problems.list;
  if (value.docsVersion !== DOCS_DEFINITION_VERSION)
    problems.add('docsVersion', `must be ${DOCS_DEFINITION_VERSION} (publish with a matching CLI)`);
  if (problems.object('config', value.config, false)) checkConfig(problems, value.config);
  checkNavigation(problems, value.navigation);
  list(problems, 'versions', value.versions, (at, version) => {
    problems.string(`${at}.name`, version.name);
    problems.string(`${at}.slug`, version.slug);
    problems.string(`${at}.homeSlug`, version.homeSlug);
    problems.string(`${at}.icon`, version.icon, true);
    if (version.navigation !== undefined) checkNavigation(problems, version.navigation, `${at}.navigation`);
  });
  if (value.versionKind !== undefined && value.versionKind !== 'product')
    problems.add('versionKind', 'must be "product" when set');
  if (problems.object('pages', value.pages, false))
    for (const [id, page] of Object.entries(value.pages)) {
      if (!problems.object(`pages.${id}`, page, false)) continue;
      problems.string(`pages.${id}.markdown`, page.markdown);
      problems.string(`pages.${id}.slug`, page.slug);
      problems.oneOf(`pages.${id}.layout`, page.layout, PAGE_LAYOUTS);
    }
  problems.string('homeSlug', value.homeSlug);
  return problems.list;
}

/** docs.yml `login`: the rules of `login-rules.ts`; exactly one way to verify the credential. */
function checkLogin(problems: Problems, login: Json): void {
  const at = (key: string) => `config.login.${key}`;
  for (const key of ['authorizationUrl', 'jwksUrl'] as const)
    if (problems.string(at(key), login[key], key === 'jwksUrl') && !isLoginEndpointUrl(login[key]))
      problems.add(at(key), `${show(login[key])} must be an https URL (http only on localhost)`);
  for (const key of ['returnToQueryParam', 'credentialParam'] as const)
    if (problems.string(at(key), login[key]) && !isLoginParamName(login[key]))
      problems.add(at(key), `${show(login[key])} must be a query parameter name`);
  if (problems.string(at('apiKeyClaim'), login.apiKeyClaim) && !isClaimPath(login.apiKeyClaim))
    problems.add(at('apiKeyClaim'), `${show(login.apiKeyClaim)} must be a claim name or a dotted path`);
  if (
    problems.string(at('hmacSecretEnv'), login.hmacSecretEnv, true) &&
    !isLoginSecretEnvName(login.hmacSecretEnv)
  )
    problems.add(
      at('hmacSecretEnv'),
      `${show(login.hmacSecretEnv)} must be an environment variable named SEXTANT_LOGIN_…`,
    );
  problems.string(at('issuer'), login.issuer, login.jwksUrl === undefined);
  problems.string(at('audience'), login.audience, login.jwksUrl === undefined);
  if ((login.jwksUrl === undefined) === (login.hmacSecretEnv === undefined))
    problems.add('config.login', 'give exactly one of jwksUrl and hmacSecretEnv');
}
