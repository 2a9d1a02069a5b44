/**
 * Every island the browser hydrates, by name: the container's `data-sx-island` picks the
 * component, which is then hydrated with the props the server rendered it with.
 */
import type { ComponentType } from 'react';
import { CodeTabsIsland } from '../components/code-tabs.js';
import { Examples } from '../components/example-cards.js';
import { Expander } from '../components/expander.js';
import { TryIt } from '../components/explorer.js';
import type { Island } from '../components/island.js';
import { ResponseTabs } from '../components/response-tabs.js';

// biome-ignore lint/suspicious/noExplicitAny: the table holds islands of every props type; each is called with its own props
const ISLANDS: Island<any>[] = [TryIt, CodeTabsIsland, Examples, ResponseTabs, Expander];

const TABLE = new Map<string, ComponentType<object>>(
  ISLANDS.map((island) => [island.islandName, island.Component]),
);

// biome-ignore lint/suspicious/noExplicitAny: as ISLANDS
type LazyIslands = () => Promise<Island<any>[]>;

/**
 * Islands loaded in chunks of their own, by name, fetched once a page holds one, so the first load
 * of a page without them stays as it was: markdown page bodies' tabs, a code block's Copy and
 * diagrams; the site furniture (header tools, page actions, page feedback), which waits for the hydration chunk
 * anyway and need not weigh on it.
 */
const LAZY_CHUNKS: ReadonlyMap<string, LazyIslands> = new Map(
  [
    {
      names: ['content-tabs', 'code-copy', 'mermaid'],
      load: () => import('../components/content/content-islands.js').then((chunk) => chunk.CONTENT_ISLANDS),
    },
    {
      names: ['header-tools', 'page-actions', 'page-feedback'],
      load: () => import('../components/site-islands.js').then((chunk) => chunk.SITE_ISLANDS),
    },
  ].flatMap(({ names, load }) => {
    let loaded: ReturnType<LazyIslands> | undefined;
    const once: LazyIslands = () => {
      loaded ??= load();
      return loaded;
    };
    return names.map((name) => [name, once] as const);
  }),
);

/** The component of the island named `name`, if there is one and it is loaded. */
export function islandComponent(name: string): ComponentType<object> | undefined {
  return TABLE.get(name);
}

/** Whether `name` is an island (loaded with the page, or lazily). */
export function isIslandName(name: string): boolean {
  return TABLE.has(name) || LAZY_CHUNKS.has(name);
}

/** The component of the island named `name`, loading its chunk when it is a lazy one. */
export async function loadIslandComponent(name: string): Promise<ComponentType<object> | undefined> {
  const loaded = TABLE.get(name);
  if (loaded) return loaded;
  const islands = (await LAZY_CHUNKS.get(name)?.()) ?? [];
  return islands.find((island) => island.islandName === name)?.Component as ComponentType<object> | undefined;
}

/** The names of every island (unique: a test checks it). */
export const ISLAND_NAMES = [...ISLANDS.map((island) => island.islandName), ...LAZY_CHUNKS.keys()];
