/**
 * The site's chrome around the content, rendered on the server only (no hydration, no data
 * shipped): the version selector and the banner of versions other than the default, the navbar
 * links, the footer and the announcement. The selector is a native disclosure (`<details>`) of
 * links, so it works before (and without) any script; the announcement's dismiss button is the
 * entry script's (client/main.tsx), and a dismissed one is hidden before the first paint.
 */
import { createHash } from 'node:crypto';
import type { DocsConfig } from '@sextant/definition';
import { InlineMarkdown } from '@sextant/playground/inline-markdown';
import { KeptChildren } from './kept-children.js';
import { TabIcon } from './nav-icon.js';
import type { DocsSite } from './site.js';
import { defaultVersion, versionLinks, viewNoun } from './site-versions.js';

/**
 * The header's version selector: each version's link keeps the reader on the same page when it
 * exists there. On a site of products it is the product switcher: each product with its icon,
 * leading to its home.
 */
export function VersionSelect({ site, slug, basePath }: { site: DocsSite; slug: string; basePath: string }) {
  const links = versionLinks(site, slug, basePath);
  const current = links.find((link) => link.current);
  if (!current || links.length < 2) return null;
  const products = viewNoun(site) === 'product';
  const noun = products ? 'product' : 'version';
  return (
    <details className={products ? 'sx-version-select sx-product-select' : 'sx-version-select'}>
      <summary aria-label={`${products ? 'Product' : 'Version'} ${current.name}: choose another ${noun}`}>
        {products ? <TabIcon name={current.icon} /> : null}
        <span className="sx-version-name">{current.name}</span>
        <span className="sx-version-chevron" aria-hidden="true" />
      </summary>
      <ul className="sx-version-menu">
        {links.map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              aria-current={link.current ? 'true' : undefined}
              data-version={products ? undefined : link.name}
              data-product={products ? link.name : undefined}
            >
              {products ? <TabIcon name={link.icon} /> : null}
              {link.name}
              {link.default && !products ? <span className="sx-version-tag">latest</span> : null}
              {link.deprecated ? (
                <span className="sx-version-tag sx-version-deprecated">deprecated</span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Above the content of a version other than the default: which version this is, and the way to the default. */
export function VersionBanner({ site, slug, basePath }: { site: DocsSite; slug: string; basePath: string }) {
  const current = site.currentVersion;
  const latest = defaultVersion(site);
  // Products are doc sets of their own: none is an older one.
  if (!current || !latest || current.default || viewNoun(site) === 'product') return null;
  const href = versionLinks(site, slug, basePath).find((l) => l.default)?.href ?? '/';
  return (
    <div className="sx-version-banner" role="note" data-deprecated={current.deprecated ? 'true' : undefined}>
      {current.deprecated ? (
        <>
          You are reading the docs of <strong>{current.name}</strong>, which is deprecated.{' '}
        </>
      ) : (
        <>
          You are reading the docs of <strong>{current.name}</strong>, not the latest version.{' '}
        </>
      )}
      <a href={href}>Go to {latest.name}</a>
    </div>
  );
}

/** The GitHub mark (Octicons `mark-github`, MIT). */
const GITHUB_PATH =
  'M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z';
/** The X logo. */
const X_PATH =
  'M12.6.75h2.45L9.7 6.86 16 15.25h-4.93l-3.86-5.05-4.42 5.05H.34l5.72-6.54L0 .75h5.06l3.49 4.62L12.6.75zm-.86 13.02h1.36L4.32 2.15H2.86l8.88 11.62z';

function BrandIcon({ type }: { type: string }) {
  const path = type === 'github' ? GITHUB_PATH : type === 'x' || type === 'twitter' ? X_PATH : undefined;
  if (!path) return null;
  return (
    <svg
      className="sx-brand-icon"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={path} />
    </svg>
  );
}

/** `owner/repo` of a GitHub repository URL, for the navbar's GitHub link. */
export function githubRepository(href: string): string | undefined {
  const match = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(href);
  return match?.[1];
}

const external = (href: string) => (/^https?:/i.test(href) ? 'noopener noreferrer' : undefined);

/** docs.yml `navbar`: the header's links, its call to action and the GitHub repository. */
export function NavbarLinks({ config, className }: { config: DocsConfig; className: string }) {
  if (!config.navbar?.length) return null;
  return (
    <ul className={className}>
      {config.navbar.map((link) => (
        <li key={`${link.type}:${link.href}`}>
          <a href={link.href} className={`sx-navbar-link sx-navbar-${link.type}`} rel={external(link.href)}>
            {link.type === 'github' ? <BrandIcon type="github" /> : null}
            <span>{link.type === 'github' ? (githubRepository(link.href) ?? link.text) : link.text}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** What a social link is called: its network's name. */
const SOCIAL_LABELS: Record<string, string> = {
  github: 'GitHub',
  x: 'X',
  twitter: 'X',
  discord: 'Discord',
  slack: 'Slack',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  website: 'Website',
  facebook: 'Facebook',
  instagram: 'Instagram',
  reddit: 'Reddit',
  telegram: 'Telegram',
};

/** docs.yml `footer`: link groups and social profiles, under every page. */
export function SiteFooter({ config }: { config: DocsConfig }) {
  const footer = config.footer;
  if (!footer || (footer.groups.length === 0 && footer.socials.length === 0)) return null;
  // It shows the site version's config alone.
  return (
    <KeptChildren tag="footer" className="sx-footer" keptKey="site-footer">
      {footer.groups.length > 0 ? (
        <div className="sx-footer-groups">
          {footer.groups.map((group) => (
            <nav key={group.title} className="sx-footer-group" aria-label={group.title}>
              <p className="sx-footer-title">{group.title}</p>
              <ul>
                {group.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} rel={external(link.href)}>
                      {link.text}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      ) : null}
      <div className="sx-footer-bottom">
        <span className="sx-muted">© {config.title}</span>
        {footer.socials.length > 0 ? (
          <ul className="sx-footer-socials">
            {footer.socials.map((social) => {
              const label = SOCIAL_LABELS[social.type] ?? social.type;
              return (
                <li key={social.href}>
                  <a href={social.href} rel={external(social.href)} aria-label={label} title={label}>
                    <BrandIcon type={social.type} />
                    {social.type === 'github' || social.type === 'x' || social.type === 'twitter' ? null : (
                      <span>{label}</span>
                    )}
                  </a>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </KeptChildren>
  );
}

/** localStorage key of the dismissed announcement (the id of its message). */
export const ANNOUNCEMENT_STORAGE_KEY = 'sx-announcement';

/** The id of an announcement: a hash of its message, so a new message shows again. */
export function announcementId(message: string): string {
  return createHash('sha256').update(message).digest('hex').slice(0, 16);
}

/**
 * The inline script that hides a dismissed announcement before the first paint (no layout
 * shift), and its CSP hash; undefined without an announcement.
 */
export function announcementScript(config: DocsConfig): { script: string; hash: string } | undefined {
  if (!config.announcement) return undefined;
  const id = announcementId(config.announcement.message);
  const script = `try{if(localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_STORAGE_KEY)})===${JSON.stringify(id)})document.documentElement.setAttribute("data-announcement-dismissed","")}catch(e){}`;
  return { script, hash: `'sha256-${createHash('sha256').update(script).digest('base64')}'` };
}

/** docs.yml `announcement`: a banner above the header; its button dismisses it (client/main.tsx). */
export function Announcement({ config }: { config: DocsConfig }) {
  if (!config.announcement) return null;
  return (
    <section
      className="sx-announcement"
      aria-label="Announcement"
      data-sx-announcement={announcementId(config.announcement.message)}
    >
      <div className="sx-announcement-message">
        <InlineMarkdown text={config.announcement.message} />
      </div>
      <button
        type="button"
        className="sx-announcement-close"
        data-sx-dismiss=""
        aria-label="Dismiss the announcement"
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
