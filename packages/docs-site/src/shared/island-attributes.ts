/** The attributes of an island's container (see `components/island.tsx`); no React here, the entry reads them. */

/** Names the island of a container. */
export const ISLAND_ATTRIBUTE = 'data-sx-island';
/** Holds the island's props as JSON. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-sx-props';
/** Holds the island's `useId` prefix, unique on the page. */
export const ISLAND_ID_ATTRIBUTE = 'data-sx-id';
