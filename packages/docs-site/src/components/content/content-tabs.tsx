/**
 * `<Tabs>`, `<CodeGroup>` and `<CodeBlocks>`: content behind an accessible tab list (arrow keys
 * move between tabs). Every panel is in the HTML: without script (`@media (scripting: none)`)
 * they all show, each under its label; with script the inactive ones hide. Tabbed code has a
 * Copy button for the shown panel.
 */

import { CopyButton, TabList, TabPanel } from '@sextant/ui';
import { useId, useRef, useState } from 'react';
import type { ContentNode } from '../../shared/content-node.js';
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
  return (
    <div className={`sx-ctabs sx-ctabs-${variant}`}>
      <div className="sx-ctabs-bar">
        <TabList
          idBase={idBase}
          className="sx-tabs"
          tabClassName="sx-tab"
          tabs={labels.map((label, i) => ({ id: String(i), label }))}
          selected={String(selected)}
          onSelect={(id) => setSelected(Number(id))}
        />
        {variant === 'code' ? (
          <CopyButton
            className="sx-button sx-button-small"
            resetAfter={2000}
            label={`Copy ${labels[selected] ?? 'code'}`}
            text={() => panels.current?.querySelector(`[data-state="active"] pre`)?.textContent ?? ''}
          />
        ) : null}
      </div>
      <div ref={panels}>
        {slots.map((slot, i) => (
          <TabPanel
            // biome-ignore lint/suspicious/noArrayIndexKey: panels are positional, like their tabs
            key={i}
            idBase={idBase}
            id={String(i)}
            active={i === selected}
            hideInactive={false}
            data-label={labels[i]}
            className="sx-ctabs-panel"
          >
            <Content nodes={slot} />
          </TabPanel>
        ))}
      </div>
    </div>
  );
}

export const ContentTabs = defineIsland('content-tabs', ContentTabsView);
