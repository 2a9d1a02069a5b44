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
import { ResponseTabs } from '../components/response-tabs.js';

// biome-ignore lint/suspicious/noExplicitAny: the table holds islands of every props type; each is called with its own props
const ISLANDS: Island<any>[] = [
  HeaderTools,
  TryIt,
  PageActionsIsland,
  CodeTabsIsland,
  Examples,
  ResponseTabs,
  Expander,
];

const TABLE = new Map<string, ComponentType<object>>(
  ISLANDS.map((island) => [island.islandName, island.Component]),
);

/** The component of the island named `name`, if there is one. */
export function islandComponent(name: string): ComponentType<object> | undefined {
  return TABLE.get(name);
}

/** The names of every island (unique: a test checks it). */
export const ISLAND_NAMES = ISLANDS.map((island) => island.islandName);
