/**
 * The client entry, kept small: it scrolls the sidebar to the current page, then, in a task of its
 * own, runs the hydration chunk (the runtime and the page's components; preloaded by the server, so
 * it is in memory by then). The module runs once the document is parsed.
 */
import '../styles/main.css';

// Long API navigations: bring the current page's link into view as early as possible.
document.querySelector('#sx-sidebar [aria-current="page"]')?.scrollIntoView({ block: 'center' });
// The chunk is preloaded: it is evaluated, and the page hydrated, as soon as it is in memory.
import('./hydrate.js').then(({ hydratePage }) => hydratePage());
