/**
 * docs.yml scripts the client entry starts (the server only preloads them):
 * `afterInteractive` once the page is hydrated, `lazyOnload` once the page has loaded and the
 * browser is idle. Each runs once, in document order within its strategy.
 */

/** Appends a script element for each link marked with `attribute`. */
function appendScripts(attribute: string): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${attribute}]`)) {
    const script = document.createElement('script');
    script.src = link.href;
    // Dynamically inserted scripts are async by default; false keeps them in document order.
    script.async = false;
    document.body.append(script);
  }
}

/** Starts the afterInteractive scripts now and the lazyOnload ones after load, when idle. */
export function runDeferredScripts(): void {
  appendScripts('data-sx-after-script');
  const lazy = () => appendScripts('data-sx-lazy-script');
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(lazy) : setTimeout(lazy, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
