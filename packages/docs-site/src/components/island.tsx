/**
 * Islands: the only parts of a docs page the browser hydrates. The server renders the whole page
 * as static HTML; an island is rendered as a root of its own (`renderToString` of its component
 * with its props) inside a container that names it and carries its props as JSON. The browser
 * looks the component up by name (`client/island-table.ts`) and hydrates the container with those
 * very props, so its render is the server's. Inside an island (in the browser, or a nested island
 * on the server) an island is just its component.
 *
 * Server-made HTML in props (`SafeHtml`) travels once: the props carry it emptied, and the client
 * refills it from the container's DOM before hydrating.
 */
import {
  type ComponentType,
  createContext,
  type ReactElement,
  type ReactNode,
  useContext,
  useLayoutEffect,
} from 'react';
import {
  ISLAND_ATTRIBUTE,
  ISLAND_ID_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
} from '../shared/island-attributes.js';
import { jsonWithoutServerHtml } from '../shared/safe-html.js';

/** The server's side of islands: renders one island as a root of its own (`server/island-renderer.tsx`). */
export interface IslandRenderer {
  /** The island's HTML and the `identifierPrefix` it was rendered with. */
  render(element: ReactElement): { html: string; idPrefix: string };
  /**
   * The static HTML of each subtree's `build(fullPageUrl)`, kept under its `key` for every page of
   * the site version (so `key` must name everything the subtree shows but the page's full view
   * URL, and begin with a kind of its own: it is the render cache's key as it is); their islands
   * get this page's next id prefixes, in order. Undefined when this page must render the subtrees
   * itself. Absent where nothing is kept.
   */
  sharedHtml?(subtrees: readonly SharedSubtree[], fullPageUrl: string): string[] | undefined;
}

/** A static subtree many pages of a site version show alike (`IslandRenderer.sharedHtml`). */
export interface SharedSubtree {
  key: string;
  build: (fullPageUrl: string) => ReactElement;
}

const IslandRendererContext = createContext<IslandRenderer | null>(null);

/** Provided by the server's page render; absent in the browser and inside an island. */
export const IslandRendererProvider = IslandRendererContext.Provider;

/** The server's island renderer; null in the browser and inside an island (nothing there is static). */
export const useIslandRenderer = () => useContext(IslandRendererContext);

/** Calls `onCommit` once its island has hydrated (committed); renders its children as they are. */
function IslandRoot({ onCommit, children }: { onCommit?: () => void; children: ReactNode }) {
  useLayoutEffect(() => onCommit?.(), [onCommit]);
  return children;
}

/**
 * The root element of an island, the same on both sides (the same tree, so `useId` agrees).
 * @example hydrateRoot(container, islandElement(Component, props, done), { identifierPrefix })
 */
export function islandElement<P extends object>(
  Component: ComponentType<P>,
  props: P,
  onCommit?: () => void,
): ReactElement {
  return (
    <IslandRoot onCommit={onCommit}>
      <Component {...props} />
    </IslandRoot>
  );
}

/** The component element of an island's root element (`islandElement`'s): what the island shows. */
export const islandContent = (root: ReactElement) => (root.props as { children: ReactElement }).children;

/** A component made an island: rendering it on the server renders the island's container. */
export type Island<P extends object> = ComponentType<P> & { islandName: string; Component: ComponentType<P> };

/**
 * Makes `Component` an island named `name` (its props must be JSON: they are serialised into the
 * page). List it in `client/island-table.ts` so the browser can hydrate it.
 * @example export const TryIt = defineIsland('try-it', TryItButton);
 */
export function defineIsland<P extends object>(name: string, Component: ComponentType<P>): Island<P> {
  function IslandContainer(props: P) {
    const renderer = useContext(IslandRendererContext);
    if (!renderer) return <Component {...props} />;
    const { html, idPrefix } = renderer.render(islandElement(Component, props));
    return (
      <div
        className="sx-island"
        {...{
          [ISLAND_ATTRIBUTE]: name,
          [ISLAND_ID_ATTRIBUTE]: idPrefix,
          [ISLAND_PROPS_ATTRIBUTE]: jsonWithoutServerHtml(props),
        }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own component rendered by renderToString
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  IslandContainer.displayName = `Island(${name})`;
  return Object.assign(IslandContainer, { islandName: name, Component });
}
