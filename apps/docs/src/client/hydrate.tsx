/**
 * Hydrates the page content and the header tools with the page data the server embedded.
 * Everything else (search, playground) is a lazy chunk.
 *
 * Hydration runs as a transition, which React performs in slices of a few milliseconds: the page
 * the server rendered is readable and scrollable at once, and the main thread never blocks for the
 * whole tree. Once the roots exist, a click on a part not yet hydrated is not lost: React hydrates
 * that part first and replays the click.
 * `<html data-hydrated>` is set once both roots have committed.
 */
import { startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HeaderTools } from '../components/header-tools.js';
import { Page } from '../components/page.js';
import { CONTENT_ROOT_ID, PAGE_DATA_ELEMENT_ID, type PageData } from '../shared/page-data.js';
import { refillServerHtml } from '../shared/safe-html.js';
import { runDeferredScripts } from './deferred-scripts.js';

/** Calls `onCommit` after the tree around it has been hydrated and committed (once: it is one stable function). */
function Committed({ onCommit, children }: { onCommit: () => void; children: React.ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/** Runs `done` after `count` calls of the returned function. */
function countdown(count: number, done: () => void): () => void {
  let left = count;
  return () => {
    left -= 1;
    if (left === 0) done();
  };
}

/** Hydrates the page; without the server's page data (an error page) only starts the deferred scripts. */
export function hydratePage(): void {
  const dataElement = document.getElementById(PAGE_DATA_ELEMENT_ID);
  const content = document.getElementById(CONTENT_ROOT_ID);
  const tools = document.getElementById('sx-tools');
  if (!dataElement || !content || !tools) {
    runDeferredScripts();
    return;
  }
  const data = JSON.parse(dataElement.textContent ?? '{}') as PageData;
  refillServerHtml(data, content);
  const hydrated = countdown(2, () => {
    document.documentElement.dataset.hydrated = 'true';
    runDeferredScripts();
  });
  startTransition(() => {
    hydrateRoot(
      content,
      <Committed onCommit={hydrated}>
        <Page data={data} />
      </Committed>,
    );
    hydrateRoot(
      tools,
      <Committed onCommit={hydrated}>
        <HeaderTools
          searchIndexUrl={data.site.searchIndexUrl}
          basePath={data.site.basePath}
          showSearch={document.documentElement.dataset.search === 'header'}
        />
      </Committed>,
    );
  });
}
