/**
 * The client entry, kept small: it scrolls the sidebar to the current page, then runs the
 * hydration chunk (the runtime and the page's components; preloaded by the server, so it is in
 * memory by then). The module runs once the document is parsed.
 *
 * A reader may click a button of the server-rendered page before its handlers exist (links work
 * without script): such clicks are kept and replayed on the same buttons once the page has
 * hydrated, so "Try it" or an expander pressed early is not lost.
 */
import '../styles/main.css';

// Long API navigations: bring the current page's link into view as early as possible.
document.querySelector('#sx-sidebar [aria-current="page"]')?.scrollIntoView({ block: 'center' });

const earlyClicks: HTMLElement[] = [];
const keepClick = (event: MouseEvent) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button && !button.disabled) earlyClicks.push(button);
};
document.addEventListener('click', keepClick, true);

// The chunk is preloaded: it is evaluated, and the page hydrated, as soon as it is in memory.
import('./hydrate.js').then(({ hydratePage }) => {
  // From here on the header, "Try it" and the page actions hydrate first, in this task.
  document.removeEventListener('click', keepClick, true);
  hydratePage(() => {
    for (const button of earlyClicks) if (button.isConnected) button.click();
  });
});
