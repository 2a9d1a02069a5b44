/**
 * When Escape may close the explorer: only when the reader is not typing or choosing. Focus in a
 * text field, a select, a contenteditable region (CodeMirror's editor is one), or an open
 * listbox / menu / combobox keeps the explorer open, so Escape never discards work in progress.
 */

/** Input types that take no typing: Escape on them may close the explorer. */
const NON_TEXT_INPUTS = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'image', 'color']);

/** The DOM surface the rule reads (an Element in the browser). */
export interface FocusTarget {
  tagName: string;
  isContentEditable?: boolean;
  getAttribute(name: string): string | null;
  closest(selector: string): unknown;
}

/**
 * True when `target` (the key event's target, or the focused element) is a control Escape
 * belongs to.
 *
 * @example
 * isEditableTarget(document.querySelector('input[type=text]')) // true
 * isEditableTarget(document.querySelector('button')) // false
 */
export function isEditableTarget(target: FocusTarget | null | undefined): boolean {
  if (!target || typeof target.tagName !== 'string') return false;
  const tag = target.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') return !NON_TEXT_INPUTS.has((target.getAttribute('type') ?? 'text').toLowerCase());
  if (target.isContentEditable) return true;
  if (target.closest('.cm-editor, [contenteditable=""], [contenteditable="true"]')) return true;
  if (target.closest('[role="listbox"], [role="menu"], [role="combobox"][aria-expanded="true"]')) return true;
  return target.getAttribute('aria-expanded') === 'true' && target.getAttribute('aria-haspopup') !== null;
}

/**
 * Whether a keydown should close the explorer: Escape, not already handled by a control (a
 * dialog or menu inside calls preventDefault), not composing text, and not in an editable control.
 */
export function escapeClosesExplorer(event: {
  key: string;
  defaultPrevented: boolean;
  isComposing?: boolean;
  target: unknown;
}): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return false;
  return !isEditableTarget(event.target as FocusTarget | null);
}
