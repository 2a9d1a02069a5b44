// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Menu } from './menu.js';

afterEach(cleanup);

function setup() {
  const chosen: string[] = [];
  const items = ['url', 'link', 'curl'].map((id) => ({
    id,
    label: `Copy ${id}`,
    onSelect: () => chosen.push(id),
  }));
  render(<Menu label="More actions" trigger="⋯" items={items} />);
  return { chosen, button: screen.getByRole('button', { name: 'More actions' }) };
}

describe('Menu', () => {
  it('opens on click with the first item focused, and runs an item, closes and refocuses the button', () => {
    const { chosen, button } = setup();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Copy url');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Copy link');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(chosen).toEqual(['link']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('wraps with the arrows, jumps with Home and End, and Escape closes without bubbling', () => {
    const { button } = setup();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Copy curl');
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Copy url');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Copy curl');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement?.textContent).toBe('Copy url');
    let escapedTo = '';
    document.addEventListener('keydown', (event) => {
      escapedTo = event.defaultPrevented ? 'handled' : 'unhandled';
    });
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(escapedTo).toBe('handled');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on a pointer down outside it', () => {
    const { button } = setup();
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
