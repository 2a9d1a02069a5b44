/**
 * `<Tabs>`, `<CodeGroup>` and `<CodeBlocks>`: content behind an accessible tab list (arrow keys
 * move between tabs). Every panel is in the HTML: without script (`@media (scripting: none)`)
 * they all show, each under its label; with script the inactive ones hide. Tabbed code has a
 * Copy button for the shown panel.
 */
import { useId, useRef, useState } from 'react';
import type { ContentNode } from '../../shared/content-node.js';
import { CopyButton } from '../copy-button.js';
import { defineIsland } from '../island.js';
import { Content } from './content.js';

export interface ContentTabsProps {
  labels: string[];
  variant: 'tabs' | 'code';
  slots: ContentNode[][];
}

function ContentTabsView({ labels, variant, slots }: ContentTabsProps) {
  const idBase = useId();
  const [selected, setSelected] = useState(0);
  const panels = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: React.KeyboardEvent) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta || labels.length === 0) return;
    event.preventDefault();
    const next = (selected + delta + labels.length) % labels.length;
    setSelected(next);
    document.getElementById(`${idBase}-tab-${next}`)?.focus();
  };
  return (
    <div className={`sx-ctabs sx-ctabs-${variant}`}>
      <div className="sx-ctabs-bar">
        <div role="tablist" className="sx-tabs" onKeyDown={onKeyDown}>
          {labels.map((label, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: tabs are positional, like their panels
              key={`${i}-${label}`}
              id={`${idBase}-tab-${i}`}
              type="button"
              role="tab"
              aria-selected={i === selected}
              aria-controls={`${idBase}-panel-${i}`}
              tabIndex={i === selected ? 0 : -1}
              className="sx-tab"
              onClick={() => setSelected(i)}
            >
              {label}
            </button>
          ))}
        </div>
        {variant === 'code' ? (
          <CopyButton
            label={`Copy ${labels[selected] ?? 'code'}`}
            text={async () => panels.current?.querySelector(`[data-state="active"] pre`)?.textContent ?? ''}
          />
        ) : null}
      </div>
      <div ref={panels}>
        {slots.map((slot, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: panels are positional, like their tabs
            key={i}
            id={`${idBase}-panel-${i}`}
            role="tabpanel"
            aria-labelledby={`${idBase}-tab-${i}`}
            data-state={i === selected ? 'active' : 'inactive'}
            data-label={labels[i]}
            className="sx-ctabs-panel"
          >
            <Content nodes={slot} />
          </div>
        ))}
      </div>
    </div>
  );
}

export const ContentTabs = defineIsland('content-tabs', ContentTabsView);
