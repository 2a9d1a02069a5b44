/**
 * The site furniture's islands for the browser's island table: the header's tools (search, theme,
 * navigation drawer, Ask AI launcher), the page's actions (copy the page, open it in an AI chat)
 * and "Was this page helpful?". A lazy chunk there, fetched as
 * soon as the hydration chunk finds one on the page, so the first load does not carry them; a
 * click on them before then is replayed once they have hydrated (`client/main.tsx`).
 */
import { HeaderTools } from './header-tools.js';
import { PageActionsIsland } from './page-actions.js';
import { PageFeedback } from './page-feedback.js';

export const SITE_ISLANDS = [HeaderTools, PageActionsIsland, PageFeedback];
