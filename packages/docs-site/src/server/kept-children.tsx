/**
 * Site chrome kept as HTML per site version (issue #30): the header and footer were rendered by
 * React on every page, alike on most pages of a site version.
 */
import type { ReactNode } from 'react';
import { useIslandRenderer } from '../components/island.js';

/**
 * `<Tag className>` around `children`, the children kept as HTML under `keptKey` for every page
 * of the site version. `keptKey` names everything the children show; their islands get the page's
 * next id prefixes. Without a kept cache, or without a key (children that differ on every page,
 * kept for no other page), the page renders them itself.
 */
export function KeptChildren({
  tag: Tag,
  className,
  keptKey,
  children,
}: {
  tag: 'header' | 'footer';
  className: string;
  keptKey: string | undefined;
  children: ReactNode;
}) {
  const renderer = useIslandRenderer();
  // No full view URL in the site's chrome: '' is written as it is.
  const html =
    keptKey === undefined
      ? undefined
      : renderer?.sharedHtml?.([{ key: keptKey, build: () => <>{children}</> }], '')?.[0];
  if (html === undefined) return <Tag className={className}>{children}</Tag>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render of these children, kept
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
