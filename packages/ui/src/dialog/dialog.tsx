/**
 * `Dialog`: a modal on the native `<dialog>` element. While mounted it is open through
 * `showModal()`, so the page behind is inert; focus moves in, and Tab past the last control (or
 * Shift+Tab before the first) wraps inside instead of leaving for the browser's own UI;
 * unmounting closes it and returns focus to the element that had it before (the opener).
 * Closing is the owner's decision: Escape (when `closeOnEscape` agrees), a click on the backdrop
 * (with `closeOnBackdrop`) and the platform's close requests call `onClose`, and the owner
 * unmounts the dialog.
 */
import { type HTMLAttributes, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { focusableIn } from './focusable.js';

export interface DialogProps
  extends Omit<HTMLAttributes<HTMLDialogElement>, 'onClose' | 'open' | 'onCancel'> {
  /** The reader asked to close (Escape, backdrop, a platform close request): unmount the dialog. */
  onClose: () => void;
  /** Whether this Escape keydown closes the dialog (default: always); the explorer keeps it for editable fields. */
  closeOnEscape?: (event: KeyboardEvent) => boolean;
  /** A click on the backdrop (outside the dialog's box) closes it. */
  closeOnBackdrop?: boolean;
  /**
   * What gets focus on open: an element, or `'dialog'` (the dialog itself, so Escape works at
   * once and Tab goes to the first control); default the first focusable element inside.
   */
  initialFocus?: RefObject<HTMLElement | null> | 'dialog';
  children: ReactNode;
}

/** Tab on the last focusable element goes to the first, Shift+Tab on the first to the last. */
function wrapTab(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  const focusable = focusableIn(dialog);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const target = event.shiftKey
    ? active === first || active === dialog
      ? last
      : undefined
    : active === last
      ? first
      : undefined;
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * @example
 * {open && (
 *   <Dialog aria-label="Search the docs" onClose={() => setOpen(false)} closeOnBackdrop>
 *     <input type="search" />
 *   </Dialog>
 * )}
 */
export function Dialog({
  onClose,
  closeOnEscape,
  closeOnBackdrop = false,
  initialFocus,
  className,
  children,
  ...rest
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const escapeRef = useRef(closeOnEscape);
  escapeRef.current = closeOnEscape;
  const focusRef = useRef(initialFocus);
  focusRef.current = initialFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let unmounting = false;
    if (!dialog.open) dialog.showModal();
    const wanted = focusRef.current;
    if (wanted === 'dialog') {
      // Focusable only until focus first leaves it: a later click on a disabled control inside
      // must not move focus to the dialog (away from the field being edited).
      dialog.tabIndex = -1;
      dialog.addEventListener('blur', () => dialog.removeAttribute('tabindex'), { once: true });
    }
    const first = wanted === 'dialog' ? dialog : (wanted?.current ?? focusableIn(dialog)[0]);
    first?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab' && !event.defaultPrevented) {
        wrapTab(dialog, event);
        return;
      }
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const closes = escapeRef.current ? escapeRef.current(event) : true;
      // The dialog never closes itself on Escape: its owner unmounts it (or keeps it open).
      event.preventDefault();
      if (closes) onCloseRef.current();
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Closed by something other than its owner (a form with method=dialog): tell the owner. A
    // `close` event queued by an earlier cleanup (StrictMode runs effects twice) finds it open again.
    const onNativeClose = () => {
      if (!unmounting && !dialog.open) onCloseRef.current();
    };
    // A click inside on a disabled control makes Chromium focus the modal dialog itself: give
    // focus back to the control that had it (the field being edited). A click on text leaves
    // focus on the dialog, where Escape closes it. (A disabled control may swallow the pointer
    // event: a focus with no pointerdown on enabled content counts as one.)
    let lastControl: HTMLElement | null = null;
    let pressedContent = false;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target !== dialog && event.target instanceof HTMLElement) lastControl = event.target;
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      pressedContent = target !== null && !target.closest(':disabled, [aria-disabled="true"]');
    };
    const onDialogFocus = () => {
      const restore = !pressedContent;
      pressedContent = false;
      if (restore && lastControl?.isConnected && dialog.contains(lastControl)) lastControl.focus();
    };
    const listening = new AbortController();
    const { signal } = listening;
    dialog.addEventListener('focusin', onFocusIn, { signal });
    dialog.addEventListener('pointerdown', onPointerDown, { capture: true, signal });
    dialog.addEventListener('focus', onDialogFocus, { signal });
    dialog.addEventListener('keydown', onKeyDown, { signal });
    dialog.addEventListener('cancel', onCancel, { signal });
    dialog.addEventListener('close', onNativeClose, { signal });
    return () => {
      unmounting = true;
      listening.abort();
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the element (above); the click is the backdrop's
    <dialog
      ref={ref}
      className={['sx-ui-dialog', className].filter(Boolean).join(' ')}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === ref.current) onCloseRef.current();
      }}
      {...rest}
    >
      {children}
    </dialog>
  );
}
