/**
 * `TabList` and `TabPanel`: the WAI-ARIA tabs pattern. Arrow keys (wrapping), Home and End move
 * and select (automatic activation); only the selected tab is in the Tab order; each tab and panel
 * carries `data-state="active" | "inactive"` for styling. The owner holds the selected id.
 */
import type { HTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import { nextIndexForKey } from '../roving-index.js';

/** One tab: its id (unique in the list) and what it shows. */
export interface TabSpec<Id extends string = string> {
  id: Id;
  label: ReactNode;
  /** `data-testid` of the tab button. */
  testId?: string;
}

/**
 * The element ids of a tab and its panel.
 *
 * @example tabIds('answer', 'body') // { tab: 'answer-tab-body', panel: 'answer-panel-body' }
 */
export function tabIds(idBase: string, id: string): { tab: string; panel: string } {
  return { tab: `${idBase}-tab-${id}`, panel: `${idBase}-panel-${id}` };
}

export interface TabListProps<Id extends string> {
  /** Prefix of the tab and panel ids (unique on the page; `useId()` works). */
  idBase: string;
  tabs: readonly TabSpec<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The list's accessible name. */
  label?: string;
  className?: string;
  tabClassName?: string;
  orientation?: 'horizontal' | 'vertical';
}

/**
 * @example
 * <TabList idBase={id} label="Response parts" tabs={[{ id: 'body', label: 'Body' }]} selected={tab} onSelect={setTab} />
 */
export function TabList<Id extends string>({
  idBase,
  tabs,
  selected,
  onSelect,
  label,
  className,
  tabClassName,
  orientation = 'horizontal',
}: TabListProps<Id>) {
  const current = tabs.findIndex((tab) => tab.id === selected);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextIndexForKey(event.key, current, tabs.length, orientation);
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    document.getElementById(tabIds(idBase, tab.id).tab)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      className={['sx-ui-tablist', className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab, index) => {
        const active = index === (current === -1 ? 0 : current);
        const ids = tabIds(idBase, tab.id);
        return (
          <button
            key={tab.id}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={ids.panel}
            tabIndex={active ? 0 : -1}
            data-state={active ? 'active' : 'inactive'}
            data-testid={tab.testId}
            className={['sx-ui-tab', tabClassName].filter(Boolean).join(' ')}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export interface TabPanelProps extends HTMLAttributes<HTMLDivElement> {
  idBase: string;
  id: string;
  active: boolean;
  /** Inactive panels get `hidden` (default); false keeps them in the page for CSS to hide (content without script). */
  hideInactive?: boolean;
}

/** The panel of tab `id`; render it for the selected tab only, or for every tab with `data-state`. */
export function TabPanel({ idBase, id, active, hideInactive = true, children, ...rest }: TabPanelProps) {
  const ids = tabIds(idBase, id);
  return (
    <div
      role="tabpanel"
      id={ids.panel}
      aria-labelledby={ids.tab}
      data-state={active ? 'active' : 'inactive'}
      hidden={hideInactive && !active}
      {...rest}
    >
      {children}
    </div>
  );
}
