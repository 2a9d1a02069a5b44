/** Code in several languages (or several examples) behind an accessible tab list, with a copy button. */

import { CopyButton, TabList, TabPanel, tabIds } from '@sextant/ui';
import { useId, useState } from 'react';
import type { SafeHtml, SnippetTab } from '../shared/page-data.js';
import { htmlProps } from '../shared/safe-html.js';
import { ExampleNote } from './example-note.js';
import { defineIsland } from './island.js';

export interface CodeTab {
  id: string;
  label: string;
  /** What Copy copies; without it, the text of the shown code (`snippetTab`). */
  code?: string | (() => Promise<string>);
  html: SafeHtml;
  /** The code shown is the first lines only: a control shows the rest. */
  more?: { label: string; onShow: () => void; busy: boolean };
  /** Shown above the code while this tab is selected (a spec example that breaks its schema). */
  note?: string;
}

export interface CodeTabsProps {
  tabs: CodeTab[];
  title: string;
}

/** Always rendered inside an island, so its ids agree between the server and the browser. */
export function CodeTabs({ tabs, title }: CodeTabsProps) {
  const idBase = useId();
  const [selected, setSelected] = useState(0);
  const current = tabs[selected] ?? tabs[0];
  if (!current) return null;
  return (
    <section className="sx-card sx-code-card" aria-label={title}>
      <div className="sx-card-head">
        <TabList
          idBase={idBase}
          label={title}
          className="sx-tabs"
          tabClassName="sx-tab"
          tabs={tabs.map((tab, i) => ({ id: String(i), label: tab.label }))}
          selected={String(selected)}
          onSelect={(id) => setSelected(Number(id))}
        />
        <CopyButton
          className="sx-button sx-button-small"
          resetAfter={2000}
          text={
            current.code ??
            (() => document.getElementById(tabIds(idBase, String(selected)).panel)?.textContent ?? '')
          }
          label={`Copy ${current.label}`}
        />
      </div>
      {current.note ? <ExampleNote note={current.note} /> : null}
      {tabs.map((tab, i) => (
        <TabPanel
          key={tab.id}
          idBase={idBase}
          id={String(i)}
          active={i === selected}
          className="sx-code-panel"
          {...htmlProps(tab.html)}
        />
      ))}
      {current.more ? (
        <button
          type="button"
          className="sx-button sx-button-small sx-show-more"
          onClick={current.more.onShow}
          disabled={current.more.busy}
          aria-controls={tabIds(idBase, String(selected)).panel}
        >
          {current.more.label}
        </button>
      ) : null}
    </section>
  );
}

/**
 * Code tabs shown whole (the request snippets, an endpoint's snippets in a markdown page): an
 * island of its own.
 */
export const CodeTabsIsland = defineIsland<{ tabs: SnippetTab[]; title: string }>('code-tabs', CodeTabs);
