/**
 * The client entry, kept small: it scrolls the sidebar to the current page and, once the page is
 * on screen, runs the hydration chunk (React DOM and the islands; preloaded by the server, so it is
 * in memory by then). The module runs once the document is parsed.
 *
 * A reader may click a button of the server-rendered page before its island is hydrated (links
 * work without script): such clicks are kept and replayed on the same buttons once the page has
 * hydrated, so "Try it" or an expander pressed early is not lost. Clicks on an island whose root
 * exists are React's to handle (it hydrates that island at once and replays them itself).
 */
import '@sextant/ui/styles.css';
import '../styles/main.css';
import '../styles/structure.css';
import { ISLAND_ATTRIBUTE } from '../shared/island-attributes.js';

// Long API navigations: bring the current page's link into view as early as possible.
document.querySelector('#sx-sidebar [aria-current="page"]')?.scrollIntoView({ block: 'center' });

// The announcement's dismiss button: remembered per message (a new message shows again).
document.querySelector('[data-sx-dismiss]')?.addEventListener('click', (event) => {
  const id = (event.currentTarget as Element)
    .closest('[data-sx-announcement]')
    ?.getAttribute('data-sx-announcement');
  if (!id) return;
  try {
    localStorage.setItem('sx-announcement', id);
  } catch {
    // Storage refused (private mode): dismissed for this page only.
  }
  document.documentElement.setAttribute('data-announcement-dismissed', '');
});

const rooted = new WeakSet<Element>();
const earlyClicks: HTMLElement[] = [];
const keepClick = (event: MouseEvent) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || button.disabled) return;
  const island = button.closest(`[${ISLAND_ATTRIBUTE}]`);
  if (island && rooted.has(island)) return;
  earlyClicks.push(button);
};
document.addEventListener('click', keepClick, true);

/** Runs `task` after the next frame is painted (a task queued from a frame callback). */
const afterPaint = (task: () => void) =>
  // A hidden tab paints no frame: it hydrates at once.
  document.visibilityState === 'hidden'
    ? setTimeout(task, 0)
    : requestAnimationFrame(() => setTimeout(task, 0));

// React DOM's evaluation is a long task on slow machines: not before the page is on screen.
afterPaint(() => {
  void import('./hydrate.js').then(({ hydratePage }) =>
    hydratePage({
      onRoot: (container) => rooted.add(container),
      onHydrated: () => {
        document.removeEventListener('click', keepClick, true);
        for (const button of earlyClicks) if (button.isConnected) button.click();
      },
    }),
  );
});
