/**
 * How the page's islands reach the Ask AI panel: the `askAi` page action asks for the panel with
 * a cancelable DOM event; the header's Ask AI launcher (present when the site has Ask AI) takes
 * it, opens the panel with the current page as context, and cancels the event. Nobody listening
 * (no Ask AI on the site) means the action keeps its own behaviour.
 */

export const ASK_AI_EVENT = 'sx:ask-ai';

/** On the header's Ask AI button: the site has the chat (the page action looks for it). */
export const ASK_AI_ATTRIBUTE = 'data-sx-ask-ai';

/** Asks the launcher to open the panel about the current page; false when the site has no chat. */
export function requestAskAi(): boolean {
  return !window.dispatchEvent(new CustomEvent(ASK_AI_EVENT, { cancelable: true }));
}

/** Whether this page has the Ask AI chat (the launcher's button is in the header). */
export function siteHasAskAi(): boolean {
  return document.querySelector(`[${ASK_AI_ATTRIBUTE}]`) !== null;
}

/**
 * The slug of the page at `pathname` on a site under `basePath` ('' for the home page), or
 * undefined when the path is outside the site.
 * @example pageSlug('/docs/guides/intro', '/docs') // 'guides/intro'
 */
export function pageSlug(pathname: string, basePath: string): string | undefined {
  if (basePath && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return undefined;
  let slug = pathname.slice(basePath.length).replace(/^\/+|\/+$/g, '');
  try {
    slug = decodeURIComponent(slug);
  } catch {
    return undefined;
  }
  return slug;
}
