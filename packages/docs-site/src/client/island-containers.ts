/**
 * Finds the page's island containers and reads their props, so that author HTML cannot stand in
 * for them: only elements outside server-made HTML (`[data-h]`: sanitised markdown, highlighted
 * code) count, the name must be a known island, and the props must parse as a JSON object.
 */
import {
  ISLAND_ATTRIBUTE,
  ISLAND_ID_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
} from '../shared/island-attributes.js';

export interface IslandContainer {
  element: HTMLElement;
  name: string;
  props: Record<string, unknown>;
  /** The `identifierPrefix` the server rendered the island with. */
  idPrefix: string;
}

/** The island containers under `root`, in document order; `known` says which names exist. */
export function islandContainers(root: ParentNode, known: (name: string) => boolean): IslandContainer[] {
  const found: IslandContainer[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(`div[${ISLAND_ATTRIBUTE}]`)) {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
    // Never inside server-made HTML, never inside another island (that one renders it).
    if (!known(name) || element.parentElement?.closest(`[data-h], [${ISLAND_ATTRIBUTE}]`)) continue;
    const props = parseProps(element.getAttribute(ISLAND_PROPS_ATTRIBUTE));
    if (!props) continue;
    found.push({ element, name, props, idPrefix: element.getAttribute(ISLAND_ID_ATTRIBUTE) ?? '' });
  }
  return found;
}

function parseProps(json: string | null): Record<string, unknown> | undefined {
  if (!json) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
