/**
 * Fits a draft to the docs.yml this build accepts. The importers write issue #26's syntax
 * (tabs, versions, changelogs, navbar, footer, announcement, edit links); `docsYmlFeatures`
 * asks the docs.yml schema which of them it knows, and `lowerDraft` turns the others into the
 * closest form it does know, logging each loss:
 * - a version becomes a top-level section served under its slug (the default version's
 *   entries stay at the top), so no page is lost, without a version selector;
 * - a tab becomes a section (top-level sections show as tabs);
 * - a changelog becomes a section with one page per dated entry, newest first;
 * - navbar links, the footer, the announcement and edit links are left out.
 */
import type { ConversionLog, DocsYmlDraft, NavDraft } from './draft.js';
import { pageSlugs, prefixSlugs } from './slugs.js';

export interface DocsYmlFeatures {
  tabs: boolean;
  versions: boolean;
  changelog: boolean;
  navbar: boolean;
  footer: boolean;
  announcement: boolean;
  editThisPage: boolean;
}

export const ALL_FEATURES: DocsYmlFeatures = {
  tabs: true,
  versions: true,
  changelog: true,
  navbar: true,
  footer: true,
  announcement: true,
  editThisPage: true,
};

export const NO_FEATURES: DocsYmlFeatures = {
  tabs: false,
  versions: false,
  changelog: false,
  navbar: false,
  footer: false,
  announcement: false,
  editThisPage: false,
};

const PAGE = { page: 'Home', path: 'index.md' };

/**
 * Which parts of the importers' syntax the docs.yml schema accepts, asked with one small
 * document per part.
 * @example docsYmlFeatures((doc) => docsYmlSchema.safeParse(doc).success)
 */
export function docsYmlFeatures(accepts: (doc: unknown) => boolean): DocsYmlFeatures {
  const base = { title: 'Probe', navigation: [PAGE] };
  const version = { name: 'v1', slug: 'v1', navigation: [PAGE] };
  return {
    tabs: accepts({
      ...base,
      navigation: [{ tab: 'Guides', slug: 'guides', icon: 'book', contents: [PAGE] }],
    }),
    versions: accepts({
      title: 'Probe',
      versions: [version, { ...version, name: 'v0', slug: 'v0', deprecated: true, hidden: true }],
    }),
    changelog: accepts({
      ...base,
      navigation: [PAGE, { changelog: 'Changelog', path: 'changelog/', slug: 'changelog' }],
    }),
    navbar: accepts({
      ...base,
      navbar: [
        { text: 'Sign up', href: 'https://example.com', type: 'primary' },
        { text: 'Blog', href: '/blog', type: 'secondary' },
        { text: 'GitHub', href: 'https://github.com/acme/docs', type: 'github' },
      ],
    }),
    footer: accepts({
      ...base,
      footer: {
        groups: [{ title: 'Company', links: [{ text: 'About', href: 'https://example.com/about' }] }],
        socials: [{ type: 'github', href: 'https://github.com/acme' }],
      },
    }),
    announcement: accepts({ ...base, announcement: { message: 'New: v2' } }),
    editThisPage: accepts({ ...base, editThisPage: { url: 'https://github.com/acme/docs/edit/main/' } }),
  };
}

/**
 * The draft in the form `features` allow; losses are logged against `file`.
 * @example lowerDraft(draft, docsYmlFeatures(accepts), log, 'docs.json')
 */
export function lowerDraft(
  draft: DocsYmlDraft,
  features: DocsYmlFeatures,
  log: ConversionLog,
  file: string,
): DocsYmlDraft {
  const out: DocsYmlDraft = { ...draft };
  if (out.versions && out.versions.length > 0 && !features.versions) {
    const [first, ...others] = out.versions;
    out.navigation = [...out.navigation, ...(first?.navigation ?? [])];
    for (const version of others) {
      const contents = prefixSlugs(version.navigation, version.slug);
      // The version's home page keeps /v1; the section (its overview) takes another slug.
      const slug = pageSlugs(contents).has(version.slug) ? `${version.slug}-version` : version.slug;
      out.navigation.push({ section: version.name, slug, contents });
      log.add(
        file,
        `version ${version.name}`,
        `shown as the section "${version.name}" under /${version.slug}: this docs.yml has no versions (no selector, no banner)`,
      );
    }
    delete out.versions;
  } else if (out.versions && out.versions.length > 0 && out.navigation.length > 0) {
    // With versions, every entry belongs to a version: entries outside them join the default one.
    const [first, ...others] = out.versions;
    if (first) out.versions = [{ ...first, navigation: [...out.navigation, ...first.navigation] }, ...others];
    out.navigation = [];
  }
  /** Tabs only at the top of a navigation (a nested tab is refused), and only when the schema has them. */
  const lowerNav = (nav: NavDraft[], top: boolean): NavDraft[] =>
    nav.map((item): NavDraft => {
      if ('tab' in item && (!features.tabs || !top)) {
        const { tab, icon: _icon, hidden: _hidden, contents, ...rest } = item;
        return { section: tab, ...rest, contents: lowerNav(contents, false) };
      }
      if ('changelog' in item && !features.changelog) {
        log.add(
          file,
          `changelog ${item.path}`,
          `shown as the section "${item.changelog}" with one page per entry: this docs.yml has no changelog entries (no feed)`,
        );
        return {
          section: item.changelog,
          ...(item.slug ? { slug: item.slug } : {}),
          contents: item.entries.map((entry) => ({
            page: entry.title ? `${entry.date}: ${entry.title}` : entry.date,
            path: entry.path,
            ...(item.slug !== undefined ? { slug: `${item.slug}/${entry.date}` } : {}),
          })),
        };
      }
      if ('contents' in item) return { ...item, contents: lowerNav(item.contents, false) };
      return item;
    });
  if (!features.tabs && hasTabs([...out.navigation, ...(out.versions ?? []).flatMap((v) => v.navigation)]))
    log.add(
      file,
      'tabs',
      'shown as top-level sections (the header shows them as tabs when every top-level entry is a section or API reference): this docs.yml has no tab entries',
    );
  out.navigation = lowerNav(out.navigation, true);
  if (out.versions)
    out.versions = out.versions.map((version) => ({
      ...version,
      navigation: lowerNav(version.navigation, true),
    }));
  const drop = (key: 'navbar' | 'footer' | 'announcement' | 'editThisPage', what: string) => {
    if (out[key] === undefined || features[key]) return;
    log.add(file, key, `${what}: this docs.yml has no ${key} setting`);
    delete out[key];
  };
  drop('navbar', 'navbar links and buttons were left out');
  drop('footer', 'footer links and social links were left out');
  drop('announcement', 'the announcement banner was left out');
  drop('editThisPage', 'the "edit this page" link was left out');
  fitHeaderAndFooter(out, log, file);
  return out;
}

/** docs.yml's bounds on the navbar, footer and announcement (10 links, 10 groups of 30, 20 socials, 500 characters). */
const LIMITS = { navbar: 10, groups: 10, links: 30, socials: 20, text: 100, message: 500 };
const SOCIAL_TYPE = /^[a-z0-9][a-z0-9-]{0,30}$/;

/** Cuts the navbar, footer and announcement to docs.yml's bounds, logging what is cut. */
function fitHeaderAndFooter(out: DocsYmlDraft, log: ConversionLog, file: string): void {
  const cut = (value: string) => value.slice(0, LIMITS.text);
  if (out.navbar) {
    if (out.navbar.length > LIMITS.navbar)
      log.add(
        file,
        'navbar',
        `${out.navbar.length - LIMITS.navbar} links past the ${LIMITS.navbar} a navbar holds were left out`,
      );
    out.navbar = out.navbar.slice(0, LIMITS.navbar).map((link) => ({ ...link, text: cut(link.text) }));
  }
  if (out.footer) {
    const groups = out.footer.groups ?? [];
    if (groups.length > LIMITS.groups)
      log.add(
        file,
        'footer',
        `${groups.length - LIMITS.groups} link groups past ${LIMITS.groups} were left out`,
      );
    const socials = (out.footer.socials ?? []).filter((social) => {
      if (SOCIAL_TYPE.test(social.type)) return true;
      log.add(
        file,
        `footer socials ${social.type}`,
        'not a social network name docs.yml takes (a-z, 0-9, -): left out',
      );
      return false;
    });
    out.footer = {
      ...(out.footer.groups
        ? {
            groups: groups.slice(0, LIMITS.groups).map((group) => ({
              title: cut(group.title),
              links: group.links.slice(0, LIMITS.links).map((link) => ({ ...link, text: cut(link.text) })),
            })),
          }
        : {}),
      ...(out.footer.socials ? { socials: socials.slice(0, LIMITS.socials) } : {}),
    };
  }
  if (out.announcement && out.announcement.message.length > LIMITS.message) {
    log.add(file, 'announcement', `longer than ${LIMITS.message} characters: cut`);
    out.announcement = { message: out.announcement.message.slice(0, LIMITS.message) };
  }
}

function hasTabs(nav: NavDraft[]): boolean {
  return nav.some((item) => 'tab' in item || ('contents' in item && hasTabs(item.contents)));
}
