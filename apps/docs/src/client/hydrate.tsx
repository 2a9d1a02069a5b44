/**
 * Hydrates the page content and the header tools with the page data the server embedded.
 * Everything else (search, playground) is a lazy chunk.
 *
 * Hydration is progressive (see `HydrateLater`): the roots and the page header hydrate in one
 * short task, then each section and property row in a task of its own, so the main thread never
 * blocks for the whole page. `<html data-hydrated>` is set once every part is hydrated.
 */
import { hydrateRoot } from 'react-dom/client';
import { HeaderTools } from '../components/header-tools.js';
import { hydrateProgressively } from '../components/hydrate-later.js';
import { Page } from '../components/page.js';
import { CONTENT_ROOT_ID, PAGE_DATA_ELEMENT_ID, type PageData } from '../shared/page-data.js';
import { refillServerHtml } from '../shared/safe-html.js';
import { runDeferredScripts } from './deferred-scripts.js';

/**
 * Hydrates the page, then calls `onHydrated` (before the deferred scripts start); without the
 * server's page data (an error page) only starts the deferred scripts.
 */
export function hydratePage(onHydrated: () => void = () => {}): void {
  const dataElement = document.getElementById(PAGE_DATA_ELEMENT_ID);
  const content = document.getElementById(CONTENT_ROOT_ID);
  const tools = document.getElementById('sx-tools');
  if (!dataElement || !content || !tools) {
    runDeferredScripts();
    return;
  }
  const data = JSON.parse(dataElement.textContent ?? '{}') as PageData;
  refillServerHtml(data, content);
  hydrateProgressively(
    [
      () =>
        hydrateRoot(
          tools,
          <HeaderTools
            searchIndexUrl={data.site.searchIndexUrl}
            basePath={data.site.basePath}
            showSearch={document.documentElement.dataset.search === 'header'}
          />,
        ),
      () => {
        hydrateRoot(content, <Page data={data} />);
      },
    ],
    () => {
      onHydrated();
      document.documentElement.dataset.hydrated = 'true';
      runDeferredScripts();
    },
  );
}
