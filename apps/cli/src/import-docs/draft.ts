/**
 * What an importer produces: a draft of the new project's `docs.yml` in the full syntax of
 * issue #26 (tabs, versions, changelogs, navbar, footer, announcement, edit links), the files
 * to copy into the project, and what could not be converted, each with its file and reason.
 * `lowerDraft` then fits the draft to what this build's docs.yml schema accepts.
 */

/** One entry of `navigation` (or of a version's, tab's or section's contents). */
export type NavDraft =
  | { page: string; path: string; slug?: string; hidden?: boolean }
  | { section: string; slug?: string; collapsed?: boolean; contents: NavDraft[] }
  | { link: string; href: string }
  | { api: string; spec?: string; url?: string; slug?: string }
  | { tab: string; slug?: string; icon?: string; hidden?: boolean; contents: NavDraft[] }
  | ChangelogDraft;

/** A changelog folder; `entries` (the dated files, newest first) is for lowering and never written. */
export interface ChangelogDraft {
  changelog: string;
  path: string;
  slug?: string;
  entries: ChangelogEntry[];
}

export interface ChangelogEntry {
  /** Project path of the entry's file. */
  path: string;
  /** `2026-11-20`, from the file name or the front matter's `date`. */
  date: string;
  title?: string;
}

/**
 * One version. Page slugs inside are relative to the version: the default (first) version is
 * served at them, another one under its own `slug` (`/v1/…`), as Fern does.
 */
export interface VersionDraft {
  name: string;
  slug: string;
  navigation: NavDraft[];
  deprecated?: boolean;
  hidden?: boolean;
}

export type NavbarLinkType = 'primary' | 'secondary' | 'github';

export interface NavbarLinkDraft {
  text: string;
  href: string;
  type: NavbarLinkType;
}

export interface FooterDraft {
  /** Link groups: a heading and its links. */
  groups?: { title: string; links: { text: string; href: string }[] }[];
  /** Social links: a network name (`github`, `x`, `linkedin`, …) and its URL. */
  socials?: { type: string; href: string }[];
}

export type ThemedColorDraft = string | { light?: string; dark?: string };

/** The docs.yml document, as written (less `versions`/`navbar`/… when lowered away). */
export interface DocsYmlDraft {
  title: string;
  theme?: 'light' | 'dark' | 'system';
  logo?: { light?: string; dark?: string; href?: string; height?: number };
  favicon?: string;
  colors?: Partial<
    Record<
      'accentPrimary' | 'background' | 'border' | 'sidebarBackground' | 'headerBackground' | 'cardBackground',
      ThemedColorDraft
    >
  >;
  layout?: {
    searchbarPlacement?: 'HEADER' | 'HEADER_TABS' | 'SIDEBAR';
    tabsPlacement?: 'HEADER' | 'SIDEBAR';
    contentAlignment?: 'CENTER' | 'LEFT';
    headerPosition?: 'FIXED' | 'ABSOLUTE';
    contentWidth?: number;
    sidebarWidth?: number;
  };
  metadata?: { description?: string; ogImage?: string; twitterSite?: string };
  css?: string[];
  scripts?: { src: string; strategy?: 'afterInteractive' | 'lazyOnload' }[];
  ai?: { enabled: boolean; model?: string; location?: string[]; prompt?: string };
  redirects?: { source: string; destination: string; permanent?: boolean }[];
  navbar?: NavbarLinkDraft[];
  footer?: FooterDraft;
  announcement?: { message: string };
  editThisPage?: { url: string };
  navigation: NavDraft[];
  versions?: VersionDraft[];
}

/** Something of the source that the new project does not carry, and why. */
export interface NotConverted {
  /** The source file, relative to the source folder (`docs.json`, `fern/docs.yml`, `guides/a.mdx`). */
  file: string;
  /** Where in it: a config path (`navbar.links[0]`, `navigation.tabs[1]`), or a line (`12`). */
  item?: string;
  reason: string;
}

/** A file of the new project: copied from `from` (absolute), or written as `text`. */
export type ProjectFilePlan = { path: string; from: string } | { path: string; text: string };

/** What an importer hands to `sextant init`. */
export interface ImportedProject {
  /** `Mintlify (docs.json)`, `Fern (fern/docs.yml)`, … for messages. */
  source: string;
  /** The folder read (absolute): the project's paths are paths inside it. */
  root: string;
  /** How the folder's files are named in messages (`fern` for `fern/docs.yml`; '' for none). */
  label: string;
  /** The config file read, as named in messages (`docs.json`, `fern/docs.yml`). */
  config: string;
  draft: DocsYmlDraft;
  files: ProjectFilePlan[];
  notConverted: NotConverted[];
  /**
   * Redirects of old endpoint pages whose operation now has a page in an API reference: each
   * `source` in `draft.redirects` leads to that reference's root until the converted project is
   * loaded and the operation's own page is known (`endpoint-redirects.ts`).
   */
  endpointRedirects?: EndpointRedirect[];
}

/** An old endpoint page's URL and the operation (`GET /plants`) whose reference page replaces it. */
export interface EndpointRedirect {
  source: string;
  endpoint: { method: string; path: string };
}

/** Collects what could not be converted, in order, once per file, item and reason. */
export class ConversionLog {
  readonly items: NotConverted[] = [];
  readonly #seen = new Set<string>();

  add(file: string, item: string | undefined, reason: string): void {
    const key = `${file}\u0000${item ?? ''}\u0000${reason}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.items.push(item === undefined ? { file, reason } : { file, item, reason });
  }
}
