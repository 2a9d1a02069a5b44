/**
 * The client entry: hydrates the page content and the header tools with the page data the
 * server embedded. Everything else (search, playground) is a lazy chunk.
 */
import { hydrateRoot } from 'react-dom/client';
import { HeaderTools } from '../components/header-tools.js';
import { Page } from '../components/page.js';
import { CONTENT_ROOT_ID, PAGE_DATA_ELEMENT_ID, type PageData } from '../shared/page-data.js';
import { refillServerHtml } from '../shared/safe-html.js';
import '../styles/main.css';

const dataElement = document.getElementById(PAGE_DATA_ELEMENT_ID);
const content = document.getElementById(CONTENT_ROOT_ID);
const tools = document.getElementById('sx-tools');
if (dataElement && content && tools) {
  const data = JSON.parse(dataElement.textContent ?? '{}') as PageData;
  refillServerHtml(data, content);
  hydrateRoot(content, <Page data={data} />);
  hydrateRoot(
    tools,
    <HeaderTools
      searchIndexUrl={data.site.searchIndexUrl}
      basePath={data.site.basePath}
      showSearch={document.documentElement.dataset.search === 'header'}
    />,
  );
  document.documentElement.dataset.hydrated = 'true';
  // Long API navigations: bring the current page's link into view.
  document.querySelector('#sx-sidebar [aria-current="page"]')?.scrollIntoView({ block: 'center' });
}

/** docs.yml scripts with strategy lazyOnload: run once the page has loaded and the browser is idle. */
function runLazyScripts(): void {
  const start = () => {
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-sx-lazy-script]')) {
      const script = document.createElement('script');
      script.src = link.href;
      script.async = true;
      document.body.append(script);
    }
  };
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(start) : setTimeout(start, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
runLazyScripts();
