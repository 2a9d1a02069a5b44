/** The icon of a tab or a product (docs.yml `icon`), rendered on the server. */
import { iconSvg } from './mdx/icons.js';

/** One of the bundled icons (`book`, `fa-solid fa-code`), else none. */
export function TabIcon({ name }: { name: string | undefined }) {
  const svg = name ? iconSvg(name, 16) : undefined;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a bundled icon's fixed SVG, never author text
  return svg ? <span className="sx-tab-icon" dangerouslySetInnerHTML={{ __html: svg }} /> : null;
}
