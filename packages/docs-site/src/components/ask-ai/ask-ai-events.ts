/**
 * Whether a site has the Ask AI chat, and how the page's islands reach its panel: on such a
 * site the server renders the `askAi` page action as `askAiChat`, which asks for the panel with
 * a cancelable DOM event; the header's Ask AI launcher takes it, opens the panel with the current
 * page as context, and cancels the event.
 */
import type { DocsConfig } from '@sextant/definition';

export const ASK_AI_EVENT = 'sx:ask-ai';

/** The `askAi` page action on a site with the chat: it opens the panel instead of copying a prompt. */
export const ASK_AI_CHAT_ACTION = 'askAiChat';

/** docs.yml enables Ask AI in the site itself (`ai.enabled`, location `docs`). */
export function askAiInSite(config: Pick<DocsConfig, 'ai'>): boolean {
  return config.ai?.enabled === true && config.ai.location.includes('docs');
}

/** The page actions a page shows: `askAi` becomes `askAiChat` when the site has the chat. */
export function pageActionsOf(config: Pick<DocsConfig, 'ai' | 'pageActions'>): string[] {
  return askAiInSite(config)
    ? config.pageActions.map((action) => (action === 'askAi' ? ASK_AI_CHAT_ACTION : action))
    : config.pageActions;
}

/** Asks the launcher to open the panel about the current page; false when the site has no chat. */
export function requestAskAi(): boolean {
  return !window.dispatchEvent(new CustomEvent(ASK_AI_EVENT, { cancelable: true }));
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
