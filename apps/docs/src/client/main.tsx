/**
 * The client entry, kept small: it scrolls the sidebar to the current page, then, in a task of its
 * own, runs the hydration chunk (the runtime and the page's components; preloaded by the server, so
 * it is in memory by then). The module runs once the document is parsed.
 */
import '../styles/main.css';

// Long API navigations: bring the current page's link into view as early as possible.
document.querySelector('#sx-sidebar [aria-current="page"]')?.scrollIntoView({ block: 'center' });
// Tasks of their own: the browser may paint the parsed page before the chunk is evaluated, and
// the hydration set-up does not lengthen the chunk's evaluation.
setTimeout(() => {
  import('./hydrate.js').then(({ hydratePage }) => setTimeout(hydratePage, 0));
}, 0);
