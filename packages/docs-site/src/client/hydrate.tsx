/**
 * The hydration chunk (React DOM and the islands): hydrates each island container as a React
 * root of its own, with the props the server rendered it with. Islands on screen start first,
 * then the rest in document order, a few per task (`island-schedule.ts`); `<html data-hydrated>`
 * is set once every island has committed. Nothing else of the page is hydrated.
 */
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandElement } from '../components/island.js';
import { refillServerHtml } from '../shared/safe-html.js';
import { runDeferredScripts } from './deferred-scripts.js';
import { type IslandContainer, islandContainers } from './island-containers.js';
import { runInSlices, visibleFirst } from './island-schedule.js';
import { isIslandName, islandComponent, loadIslandComponent } from './island-table.js';

/** Whether any of the island is in the viewport (its container has no box of its own). */
function onScreen({ element }: IslandContainer): boolean {
  const box = (element.firstElementChild ?? element).getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
}

export interface HydrateOptions {
  /** Called as each island's root is created (from then on React handles its events). */
  onRoot?: (container: HTMLElement) => void;
  /** Called once every island has hydrated, before `data-hydrated` is set. */
  onHydrated?: () => void;
}

/** Hydrates the page's islands, then starts the docs.yml scripts. */
export function hydratePage({ onRoot, onHydrated }: HydrateOptions = {}): void {
  const containers = visibleFirst(islandContainers(document.body, isIslandName), onScreen);
  let waiting = containers.length;
  let started = false;
  const finish = () => {
    if (!started || waiting > 0) return;
    onHydrated?.();
    document.documentElement.dataset.hydrated = 'true';
    runDeferredScripts();
  };
  const committed = () => {
    waiting -= 1;
    finish();
  };
  const hydrate = (container: IslandContainer, Component: ComponentType<object> | undefined) => {
    if (!Component) {
      committed();
      return;
    }
    refillServerHtml(container.props, container.element);
    let once = false;
    const onCommit = () => {
      if (once) return;
      once = true;
      committed();
    };
    hydrateRoot(container.element, islandElement(Component, container.props, onCommit), {
      identifierPrefix: container.idPrefix,
    });
    onRoot?.(container.element);
  };
  const jobs = containers.map((container) => () => {
    const Component = islandComponent(container.name);
    // A lazy island (a markdown page's tabs, Copy, diagram) hydrates once its chunk is in.
    if (Component) hydrate(container, Component);
    else
      void loadIslandComponent(container.name).then(
        (loaded) => hydrate(container, loaded),
        () => committed(),
      );
  });
  runInSlices(jobs, () => {
    started = true;
    finish();
  });
}
