/**
 * What each social card type (docs.yml `metadata.socialCard`) needs beyond the page's own title,
 * description and URL, following the X/Twitter card markup: a large image card shows the social
 * image, an app card names its store ids and the site's account, a player card frames an https
 * player of a given size beside a still image. One rule for the `docs.yml` schema and the
 * registry's check of stored definitions.
 */
import type { DocsMetadata, SocialCardType } from './config.js';

/** The docs.yml `metadata` fields each card type requires. */
export const SOCIAL_CARD_REQUIRES: Record<SocialCardType, readonly (keyof DocsMetadata)[]> = {
  summary: [],
  summary_large_image: ['ogImage'],
  app: ['twitterSite', 'twitterApp'],
  player: ['twitterSite', 'twitterPlayer', 'ogImage'],
};

/** A missing field of a social card: the metadata key and what to write. */
export interface SocialCardProblem {
  field: keyof DocsMetadata;
  message: string;
}

const HOW: Partial<Record<keyof DocsMetadata, string>> = {
  ogImage: 'an image file of the project or an https URL',
  twitterSite: 'the site\'s account, e.g. "@acme"',
  twitterApp: '{ iphone, ipad, googleplay } store ids',
  twitterPlayer: '{ url: https://…, width, height }',
};

/**
 * The fields `metadata` lacks for its card type.
 * @example socialCardProblems({ socialCard: 'player' }).map((p) => p.field) // ['twitterSite', 'twitterPlayer', 'ogImage']
 */
export function socialCardProblems(
  metadata: Pick<DocsMetadata, 'socialCard'> & Partial<Record<keyof DocsMetadata, unknown>>,
): SocialCardProblem[] {
  const requires = SOCIAL_CARD_REQUIRES[metadata.socialCard] ?? [];
  return requires
    .filter((field) => metadata[field] === undefined || metadata[field] === '')
    .map((field) => ({
      field,
      message: `a "${metadata.socialCard}" social card needs metadata.${field}: ${HOW[field] ?? 'set it'}`,
    }));
}

/**
 * An https URL a player card may frame: absolute, https, with a host, no whitespace.
 * @example isPlayerUrl('https://example.com/embed/1') // true
 */
export function isPlayerUrl(url: string): boolean {
  if (url.length > 2000 || /\s/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '';
  } catch {
    return false;
  }
}
