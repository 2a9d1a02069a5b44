/**
 * The docs site configuration of SPEC §9: layout and placement enums, page actions, social cards,
 * custom scripts, fonts, colours, logo, favicon and redirects. Every enum is a readonly tuple so
 * the docs project loader can validate against it and the docs site can switch on it.
 */

export const PAGE_LAYOUTS = ['guide', 'overview', 'reference', 'page', 'custom'] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

export const SEARCHBAR_PLACEMENTS = ['HEADER', 'HEADER_TABS', 'SIDEBAR'] as const;
export type SearchbarPlacement = (typeof SEARCHBAR_PLACEMENTS)[number];

export const TABS_PLACEMENTS = ['HEADER', 'SIDEBAR'] as const;
export type TabsPlacement = (typeof TABS_PLACEMENTS)[number];

export const CONTENT_ALIGNMENTS = ['CENTER', 'LEFT'] as const;
export type ContentAlignment = (typeof CONTENT_ALIGNMENTS)[number];

export const HEADER_POSITIONS = ['FIXED', 'ABSOLUTE'] as const;
export type HeaderPosition = (typeof HEADER_POSITIONS)[number];

export const PAGE_ACTIONS = [
  'copyPage',
  'viewAsMarkdown',
  'askAi',
  'openAi',
  'claude',
  'cursor',
  'vscode',
] as const;
export type PageAction = (typeof PAGE_ACTIONS)[number];

export const SOCIAL_CARD_TYPES = ['summary', 'summary_large_image', 'app', 'player'] as const;
export type SocialCardType = (typeof SOCIAL_CARD_TYPES)[number];

export const SCRIPT_STRATEGIES = ['beforeInteractive', 'afterInteractive', 'lazyOnload'] as const;
export type ScriptStrategy = (typeof SCRIPT_STRATEGIES)[number];

export const FONT_DISPLAYS = ['auto', 'block', 'swap', 'fallback', 'optional'] as const;
export type FontDisplay = (typeof FONT_DISPLAYS)[number];

/** Navbar links: a call to action (`primary`), a plain link, or the project's GitHub repository. */
export const NAVBAR_LINK_TYPES = ['primary', 'secondary', 'github'] as const;
export type NavbarLinkType = (typeof NAVBAR_LINK_TYPES)[number];

/** docs.yml `navbar`: links and buttons in the header. */
export interface DocsNavbarLink {
  text: string;
  href: string;
  type: NavbarLinkType;
}

/** A link of the footer. */
export interface DocsFooterLink {
  text: string;
  href: string;
}

/** docs.yml `footer`: groups of links, and the project's social profiles. */
export interface DocsFooter {
  groups: { title: string; links: DocsFooterLink[] }[];
  /** `type` is the network (`github`, `x`, `discord`, `linkedin`, `youtube`, …) shown by its name or icon. */
  socials: { type: string; href: string }[];
}

/** docs.yml `announcement`: a banner above the header, dismissed per message. */
export interface DocsAnnouncement {
  /** Inline markdown (links, emphasis, code). */
  message: string;
}

/** docs.yml `editThisPage`: each markdown page links to its source there. */
export interface DocsEditThisPage {
  /**
   * The page's source URL: `{path}` stands for the page's path in the project
   * (`https://github.com/acme/docs/edit/main/{path}`); without it, the path is appended.
   */
  url: string;
}

/** Ask AI models (SPEC §9); the server maps each to a provider model id. */
export const AI_MODELS = ['claude-3.5', 'claude-3.7', 'claude-4', 'command-a'] as const;
export type AiModel = (typeof AI_MODELS)[number];

/** Where Ask AI answers: the site's chat panel, a Slack app, a Discord `/ask` command. */
export const AI_LOCATIONS = ['docs', 'slack', 'discord'] as const;
export type AiLocation = (typeof AI_LOCATIONS)[number];

/** Longest extra instruction docs.yml `ai.prompt` may add to the system prompt. */
export const MAX_AI_PROMPT_LENGTH = 4000;

/** docs.yml `ai`: the Ask AI assistant answering from the site's pages and API reference. */
export interface DocsAiConfig {
  enabled: boolean;
  /** Defaults to `claude-4`. */
  model: AiModel;
  /** Defaults to `['docs']`. */
  location: AiLocation[];
  /** Extra instructions added to the system prompt. */
  prompt?: string;
}

/** docs.yml `analytics`: what the site reports to its owner's dashboard. */
export interface DocsAnalyticsConfig {
  /**
   * Try-it requests (endpoint, status, latency, size; never headers, bodies, query values or
   * credentials). On unless set to false; readers with Do-Not-Track or Global Privacy Control on
   * are never counted.
   */
  playground: boolean;
}

/**
 * docs.yml `login` (SPEC §6): the site's own login, whose credential gives the playground the
 * reader's API key. Login goes to `authorizationUrl` (with `redirect_uri`, `nonce` and the
 * return parameter); the provider comes back to the site's `/api/auth/callback` with a JWT in
 * `credentialParam` (query or fragment), verified with `jwksUrl` or the HMAC secret held in the
 * server's environment variable `hmacSecretEnv` (exactly one of the two).
 */
export interface DocsLoginConfig {
  authorizationUrl: string;
  /** The parameter carrying where the reader comes back to (default `state`). */
  returnToQueryParam: string;
  /** The parameter the provider returns the JWT in (default `id_token`). */
  credentialParam: string;
  /** The claim (or dotted path) holding the API key. */
  apiKeyClaim: string;
  jwksUrl?: string;
  hmacSecretEnv?: string;
  /** Required with `jwksUrl`: the token's `iss` and `aud`. */
  issuer?: string;
  audience?: string;
}

/** A colour given once, or per theme. Values are CSS colours (`#rrggbb`, `rgb(...)`, named). */
export interface ThemedColor {
  light?: string;
  dark?: string;
}

export interface DocsColors {
  accentPrimary?: ThemedColor;
  background?: ThemedColor;
  border?: ThemedColor;
  sidebarBackground?: ThemedColor;
  headerBackground?: ThemedColor;
  cardBackground?: ThemedColor;
}

/** A file the site serves (logo, favicon, font, script) or an absolute https URL. */
export type AssetRef = { type: 'file'; path: string } | { type: 'url'; url: string };

export interface DocsLogo {
  light?: AssetRef;
  dark?: AssetRef;
  /** Where clicking the logo leads; defaults to the site root. */
  href?: string;
  height?: number;
}

export interface DocsLayoutConfig {
  searchbarPlacement: SearchbarPlacement;
  tabsPlacement: TabsPlacement;
  contentAlignment: ContentAlignment;
  headerPosition: HeaderPosition;
  /** Max width of the content column in px. */
  contentWidth?: number;
  /** Width of the sidebar in px. */
  sidebarWidth?: number;
}

export interface DocsScript {
  src: AssetRef;
  strategy: ScriptStrategy;
}

export interface DocsFont {
  name: string;
  src: AssetRef;
  weight?: string;
  style?: 'normal' | 'italic';
  display: FontDisplay;
}

export interface DocsMetadata {
  /** Default `<meta name="description">`. */
  description?: string;
  socialCard: SocialCardType;
  ogImage?: AssetRef;
  twitterSite?: string;
  /** The `app` card's store ids (it needs all three and `twitterSite`). */
  twitterApp?: DocsTwitterApp;
  /** The `player` card's player (it needs `twitterSite` and `ogImage` too). */
  twitterPlayer?: DocsTwitterPlayer;
}

/** The app a Twitter/X `app` card installs: its id in each store. */
export interface DocsTwitterApp {
  /** App Store id of the iPhone app (digits, `307234931`). */
  iphone: string;
  /** App Store id of the iPad app. */
  ipad: string;
  /** Google Play id (`com.example.app`). */
  googleplay: string;
  /** Two-letter store country, when the app is not in the US store. */
  country?: string;
}

/** The player a Twitter/X `player` card frames: an https page, and its size in px. */
export interface DocsTwitterPlayer {
  url: string;
  width: number;
  height: number;
}

export interface DocsRedirect {
  /** Path on the site, `/old/path` (a trailing `*` matches any rest). */
  source: string;
  /** Path or absolute URL. */
  destination: string;
  permanent: boolean;
}

export interface DocsConfig {
  title: string;
  logo?: DocsLogo;
  favicon?: AssetRef;
  colors: DocsColors;
  /** Default theme before the reader picks one; `system` follows the OS. */
  defaultTheme: 'light' | 'dark' | 'system';
  layout: DocsLayoutConfig;
  /** Layout of markdown pages without a `layout` in their front matter. */
  defaultPageLayout: PageLayout;
  pageActions: PageAction[];
  metadata: DocsMetadata;
  scripts: DocsScript[];
  fonts: { body?: DocsFont; heading?: DocsFont; code?: DocsFont };
  redirects: DocsRedirect[];
  /**
   * Stylesheets of the project (docs.yml `css`), linked after the site's own so they override
   * it; same-origin files, allowed by the page's `style-src 'self'`.
   */
  css?: AssetRef[];
  /**
   * Where site-relative links of API descriptions lead (`https://stripe.com`: a spec's
   * `/docs/pagination` becomes `https://stripe.com/docs/pagination`) unless the site has a page
   * at that path. Unset: such links stay as written, and `sextant check` reports them.
   */
  apiLinkBase?: string;
  /** Header links and buttons (docs.yml `navbar`). */
  navbar?: DocsNavbarLink[];
  footer?: DocsFooter;
  announcement?: DocsAnnouncement;
  editThisPage?: DocsEditThisPage;
  /** Ask AI; absent when docs.yml has no `ai` section. */
  ai?: DocsAiConfig;
  analytics?: DocsAnalyticsConfig;
  /** The site's login with API key injection; absent when docs.yml has no `login`. */
  login?: DocsLoginConfig;
}

/** The defaults a docs project gets for everything it leaves out. */
export function defaultDocsConfig(title: string): DocsConfig {
  return {
    title,
    colors: {},
    defaultTheme: 'system',
    layout: {
      searchbarPlacement: 'HEADER',
      tabsPlacement: 'HEADER',
      contentAlignment: 'CENTER',
      headerPosition: 'FIXED',
    },
    defaultPageLayout: 'guide',
    pageActions: ['copyPage', 'viewAsMarkdown'],
    metadata: { socialCard: 'summary' },
    scripts: [],
    fonts: {},
    redirects: [],
  };
}
