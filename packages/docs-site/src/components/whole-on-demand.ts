/**
 * Long code in a card shows its first lines (the server highlights only those); a control shows
 * the whole, highlighted by the server in the page's full view, fetched once when first asked.
 * One rule for the example cards and the response card.
 */
import { useState } from 'react';
import type { PageView, SafeHtml } from '../shared/page-data.js';
import type { CodeTab } from './code-tabs.js';
import { useFullPage } from './full-page.js';

/**
 * A function that gives a tab cut to its first lines (`lines` is the whole count; undefined when
 * nothing was cut) its "Show full example" control, or its whole body once loaded.
 * @example const whole = useWholeOnDemand(url); whole(tab, 120, (full) => wholeHtmlOf(full))
 */
export function useWholeOnDemand(
  fullPageUrl: string,
): (tab: CodeTab, lines: number | undefined, whole: (full: PageView) => SafeHtml | undefined) => CodeTab {
  const { page: full, error, load } = useFullPage(fullPageUrl);
  const [wanted, setWanted] = useState<Record<string, boolean>>({});
  return (tab, lines, whole) => {
    if (lines === undefined) return tab;
    const shown = wanted[tab.id] && full ? whole(full) : undefined;
    if (shown) return { ...tab, html: shown };
    const busy = Boolean(wanted[tab.id] && !error);
    return {
      ...tab,
      more: {
        label: busy ? 'Loading the full example…' : `Show full example (${lines} lines)`,
        busy,
        onShow: () => {
          setWanted((w) => ({ ...w, [tab.id]: true }));
          load().catch(() => setWanted((w) => ({ ...w, [tab.id]: false })));
        },
      },
    };
  };
}
