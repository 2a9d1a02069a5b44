/**
 * Hydrates the page content and the header tools with the page data the server embedded.
 * Everything else (search, playground) is a lazy chunk.
 *
 * Hydration is progressive (`HydrateLater`, `hydration-queue.ts`): the header tools, then the
 * content root with its page header, each in a task of its own; then the property lists and code
 * cards in document order, in short tasks, so the main thread never blocks for the whole page.
 * `<html data-hydrated>` is set once every part is hydrated.
 */
import { hydrateRoot } from 'react-dom/client';
import { HeaderTools } from '../components/header-tools.js';
import { Page } from '../components/page.js';
import { CONTENT_ROOT_ID, PAGE_DATA_ELEMENT_ID, type PageData } from '../shared/page-data.js';
import { refillServerHtml } from '../shared/safe-html.js';
import { runDeferredScripts } from './deferred-scripts.js';
import { hydrateProgressively } from './hydration-queue.js';

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
