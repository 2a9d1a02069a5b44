// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabList, TabPanel } from './tabs.js';

afterEach(cleanup);

const TABS = [
  { id: 'body', label: 'Body' },
  { id: 'headers', label: 'Headers' },
  { id: 'cookies', label: 'Cookies' },
] as const;

function Example() {
  const [selected, setSelected] = useState<(typeof TABS)[number]['id']>('body');
  return (
    <>
      <TabList idBase="t" label="Parts" tabs={TABS} selected={selected} onSelect={setSelected} />
      {TABS.map((tab) => (
        <TabPanel key={tab.id} idBase="t" id={tab.id} active={tab.id === selected}>
          {tab.label} panel
        </TabPanel>
      ))}
    </>
  );
}

describe('TabList', () => {
  it('links tabs and panels and exposes the state as data-state', () => {
    render(<Example />);
    const body = screen.getByRole('tab', { name: 'Body' });
    expect(body.getAttribute('aria-selected')).toBe('true');
    expect(body.dataset.state).toBe('active');
    expect(body.getAttribute('aria-controls')).toBe('t-panel-body');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('t-tab-body');
    expect(screen.getByRole('tab', { name: 'Headers' }).tabIndex).toBe(-1);
    expect(document.getElementById('t-panel-headers')?.hidden).toBe(true);
  });

  it('moves and selects with arrow keys (wrapping), Home and End, and focuses the new tab', () => {
    render(<Example />);
    const list = screen.getByRole('tablist', { name: 'Parts' });
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Cookies' }).dataset.state).toBe('active');
    expect(document.activeElement?.textContent).toBe('Cookies');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Body' }).dataset.state).toBe('active');
    fireEvent.keyDown(list, { key: 'End' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Cookies panel');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Body panel');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Body panel');
  });
});
