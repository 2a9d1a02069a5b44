/**
 * Every island the browser hydrates, by name: the container's `data-sx-island` picks the
 * component, which is then hydrated with the props the server rendered it with.
 */
import type { ComponentType } from 'react';
import { CodeTabsIsland } from '../components/code-tabs.js';
import { Examples } from '../components/example-cards.js';
import { Expander } from '../components/expander.js';
import { TryIt } from '../components/explorer.js';
import { HeaderTools } from '../components/header-tools.js';
import type { Island } from '../components/island.js';
import { PageActionsIsland } from '../components/page-actions.js';
import { PageFeedback } from '../components/page-feedback.js';
import { ResponseTabs } from '../components/response-tabs.js';

// biome-ignore lint/suspicious/noExplicitAny: the table holds islands of every props type; each is called with its own props
const ISLANDS: Island<any>[] = [
  HeaderTools,
  TryIt,
  PageActionsIsland,
  PageFeedback,
  CodeTabsIsland,
  Examples,
  ResponseTabs,
  Expander,
];

const TABLE = new Map<string, ComponentType<object>>(
  ISLANDS.map((island) => [island.islandName, island.Component]),
);

/**
 * Islands of markdown page bodies (tabs, a code block's Copy, diagrams): a lazy chunk that only
 * pages holding one load, so the first load of every other page stays as it was.
 */
const LAZY_NAMES = ['content-tabs', 'code-copy', 'mermaid'] as const;
let lazyTable: Promise<Map<string, ComponentType<object>>> | undefined;
const loadLazy = () => {
  lazyTable ??= import('../components/content/content-islands.js').then(
    ({ CONTENT_ISLANDS }) =>
      new Map(
        CONTENT_ISLANDS.map((island) => [island.islandName, island.Component as ComponentType<object>]),
      ),
  );
  return lazyTable;
};

/** The component of the island named `name`, if there is one and it is loaded. */
export function islandComponent(name: string): ComponentType<object> | undefined {
  return TABLE.get(name);
}

/** Whether `name` is an island (loaded with the page, or lazily). */
export function isIslandName(name: string): boolean {
  return TABLE.has(name) || (LAZY_NAMES as readonly string[]).includes(name);
}

/** The component of the island named `name`, loading its chunk when it is a lazy one. */
export async function loadIslandComponent(name: string): Promise<ComponentType<object> | undefined> {
  return TABLE.get(name) ?? (await loadLazy()).get(name);
}

/** The names of every island (unique: a test checks it). */
export const ISLAND_NAMES = [...ISLANDS.map((island) => island.islandName), ...LAZY_NAMES];
