/** Code in several languages (or several examples) behind an accessible tab list, with a copy button. */
import { useId, useState } from 'react';
import type { SafeHtml } from '../shared/page-data.js';
import { htmlProps } from '../shared/safe-html.js';
import { CopyButton } from './copy-button.js';
import { defineIsland } from './island.js';

export interface CodeTab {
  id: string;
  label: string;
  /** What Copy copies; without it, the text of the shown code. */
  code?: string | (() => Promise<string>);
  html: SafeHtml;
  /** The code shown is the first lines only: a control shows the rest. */
  more?: { label: string; onShow: () => void; busy: boolean };
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
  const onKeyDown = (event: React.KeyboardEvent) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (selected + delta + tabs.length) % tabs.length;
    setSelected(next);
    document.getElementById(`${idBase}-tab-${next}`)?.focus();
  };
  return (
    <section className="sx-card sx-code-card" aria-label={title}>
      <div className="sx-card-head">
        <div role="tablist" aria-label={title} className="sx-tabs" onKeyDown={onKeyDown}>
          {tabs.map((tab, i) => (
            <button
              key={tab.id}
              id={`${idBase}-tab-${i}`}
              type="button"
              role="tab"
              aria-selected={i === selected}
              aria-controls={`${idBase}-panel-${i}`}
              tabIndex={i === selected ? 0 : -1}
              className="sx-tab"
              onClick={() => setSelected(i)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <CopyButton
          text={
            current.code ??
            (async () => document.getElementById(`${idBase}-panel-${selected}`)?.textContent ?? '')
          }
          label={`Copy ${current.label}`}
        />
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.id}
          id={`${idBase}-panel-${i}`}
          role="tabpanel"
          aria-labelledby={`${idBase}-tab-${i}`}
          hidden={i !== selected}
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
          aria-controls={`${idBase}-panel-${selected}`}
        >
          {current.more.label}
        </button>
      ) : null}
    </section>
  );
}

/** Code tabs whose every tab's code is in its props (the request snippets): an island of its own. */
export const CodeTabsIsland = defineIsland<{
  tabs: (CodeTab & { code: string; more?: never })[];
  title: string;
}>('code-tabs', CodeTabs);
