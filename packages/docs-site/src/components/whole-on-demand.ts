/**
 * Long code in a card shows its first lines (the server highlights only those); a control shows
 * the whole, highlighted by the server in the page's full view, fetched once when first asked.
 * Copy copies the whole, from the full view too. One rule for the example cards and the response
 * card.
 */
import { useState } from 'react';
import { WholeCodeMissingError } from '../errors.js';
import type { PageView, SafeHtml } from '../shared/page-data.js';
import type { CodeTab } from './code-tabs.js';
import { useFullPage } from './full-page.js';

/** A tab's whole in the page's full view: its highlighted HTML and its code. */
export interface WholeCode {
  html?: SafeHtml;
  code?: string;
}

/**
 * A function that gives a tab cut to its first lines (`lines` is the whole count; undefined when
 * nothing was cut) its "Show full example" control, or its whole body once loaded, and a Copy of
 * the whole code.
 * @example const whole = useWholeOnDemand(url); whole(tab, 120, (full) => wholeOf(full))
 */
export function useWholeOnDemand(
  fullPageUrl: string,
): (tab: CodeTab, lines: number | undefined, whole: (full: PageView) => WholeCode | undefined) => CodeTab {
  const { page: full, error, load } = useFullPage(fullPageUrl);
  const [wanted, setWanted] = useState<Record<string, boolean>>({});
  return (tab, lines, whole) => {
    if (lines === undefined) return tab;
    const code =
      (full && whole(full)?.code) ??
      (async () => {
        const loaded = whole(await load())?.code;
        if (loaded === undefined) throw new WholeCodeMissingError(tab.label);
        return loaded;
      });
    const shown = wanted[tab.id] && full ? whole(full)?.html : undefined;
    if (shown) return { ...tab, html: shown, code };
    const busy = Boolean(wanted[tab.id] && !error);
    return {
      ...tab,
      code,
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
