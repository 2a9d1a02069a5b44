/**
 * The site's chrome around the content, rendered on the server only (no hydration, no data
 * shipped): the version selector and the banner of versions other than the default. The selector
 * is a native disclosure (`<details>`) of links, so it works before (and without) any script.
 */
import type { DocsSite } from './site.js';
import { defaultVersion, versionLinks } from './site-versions.js';

/** The header's version selector: each version's link keeps the reader on the same page when it exists there. */
export function VersionSelect({ site, slug, basePath }: { site: DocsSite; slug: string; basePath: string }) {
  const links = versionLinks(site, slug, basePath);
  const current = links.find((link) => link.current);
  if (!current || links.length < 2) return null;
  return (
    <details className="sx-version-select">
      <summary aria-label={`Version ${current.name}: choose another version`}>
        <span className="sx-version-name">{current.name}</span>
        <span className="sx-version-chevron" aria-hidden="true" />
      </summary>
      <ul className="sx-version-menu">
        {links.map((link) => (
          <li key={link.name}>
            <a href={link.href} aria-current={link.current ? 'true' : undefined} data-version={link.name}>
              {link.name}
              {link.default ? <span className="sx-version-tag">latest</span> : null}
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
  if (!current || !latest || current.default) return null;
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
