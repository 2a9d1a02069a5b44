/**
 * @sextant/ui: the one primitives layer of the docs site, the playground and the dashboard.
 * Dialog on the native `<dialog>` (`showModal()`: focus moves in and stays, the page behind is
 * inert, Escape and close return focus to the opener), Tabs and Menu with the WAI-ARIA keyboard
 * patterns and `data-state`, CopyButton, Select (the native `<select>` with the tokens), the
 * Field frame (label, mark, hint, error, id and aria wiring), the one headless `Store` with
 * `useStore`, and the CSS tokens (`@sextant/ui/styles.css`).
 */
export { CopyButton, type CopyButtonProps, type CopyState } from './copy-button/copy-button.js';
export { Dialog, type DialogProps } from './dialog/dialog.js';
export { focusableIn } from './dialog/focusable.js';
export { type ControlAria, controlAria } from './field/control-aria.js';
export { Field, type FieldControlProps, type FieldProps } from './field/field.js';
export { Menu, type MenuItem, type MenuProps } from './menu/menu.js';
export { nextIndexForKey } from './roving-index.js';
export { Select, type SelectOption, type SelectProps } from './select/select.js';
export { type Listener, Store } from './store/store.js';
export { useStore } from './store/use-store.js';
export {
  TabList,
  type TabListProps,
  TabPanel,
  type TabPanelProps,
  type TabSpec,
  tabIds,
} from './tabs/tabs.js';
