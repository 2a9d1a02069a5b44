/** When Escape may close the explorer: never while focus is in a control the reader types in or chooses from. */
import { describe, expect, it } from 'vitest';
import { escapeClosesExplorer, type FocusTarget, isEditableTarget } from './editable-focus.js';

function element(
  tagName: string,
  attributes: Record<string, string> = {},
  ancestors: string[] = [],
  isContentEditable = false,
): FocusTarget {
  return {
    tagName,
    isContentEditable,
    getAttribute: (name) => attributes[name] ?? null,
    closest: (selector) => (ancestors.some((a) => selector.includes(a)) ? {} : null),
  };
}

describe('isEditableTarget', () => {
  it.each([
    [element('INPUT'), true],
    [element('INPUT', { type: 'password' }), true],
    [element('INPUT', { type: 'number' }), true],
    [element('INPUT', { type: 'checkbox' }), false],
    [element('INPUT', { type: 'button' }), false],
    [element('TEXTAREA'), true],
    [element('SELECT'), true],
    [element('DIV', {}, [], true), true],
    [element('SPAN', {}, ['.cm-editor']), true],
    [element('LI', {}, ['[role="listbox"]']), true],
    [element('BUTTON', { 'aria-expanded': 'true', 'aria-haspopup': 'menu' }), true],
    [element('BUTTON', { 'aria-expanded': 'false', 'aria-haspopup': 'menu' }), false],
    [element('BUTTON'), false],
    [element('BODY'), false],
  ])('%o → %s', (target, expected) => {
    expect(isEditableTarget(target)).toBe(expected);
  });
  it('is false for no target or a non-element target (window, document)', () => {
    expect(isEditableTarget(null)).toBe(false);
    expect(isEditableTarget({} as FocusTarget)).toBe(false);
  });
});

describe('escapeClosesExplorer', () => {
  const base = { key: 'Escape', defaultPrevented: false, isComposing: false, target: element('BUTTON') };
  it('closes on Escape outside editable controls only', () => {
    expect(escapeClosesExplorer(base)).toBe(true);
    expect(escapeClosesExplorer({ ...base, target: element('INPUT') })).toBe(false);
    expect(escapeClosesExplorer({ ...base, key: 'Enter' })).toBe(false);
    expect(escapeClosesExplorer({ ...base, defaultPrevented: true })).toBe(false);
    expect(escapeClosesExplorer({ ...base, isComposing: true })).toBe(false);
  });
});
