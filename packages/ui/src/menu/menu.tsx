/**
 * `Menu`: a button that opens a list of actions (the WAI-ARIA menu button pattern). Opening
 * focuses the first item; arrow keys (wrapping), Home and End move; Enter or a click runs an
 * item and closes; Escape closes without leaving an enclosing dialog and returns focus to the
 * button; Tab or a click elsewhere closes.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { nextIndexForKey } from '../roving-index.js';

export interface MenuItem {
  id: string;
  label: ReactNode;
  onSelect: () => void;
}

export interface MenuProps {
  /** The button's accessible name ("More actions"). */
  label: string;
  /** What the button shows (an icon or text). */
  trigger: ReactNode;
  items: readonly MenuItem[];
  className?: string;
  buttonClassName?: string;
  itemClassName?: string;
}

/**
 * @example
 * <Menu label="More actions" trigger="⋯" items={[{ id: 'copy', label: 'Copy URL', onSelect: copyUrl }]} />
 */
export function Menu({ label, trigger, items, className, buttonClassName, itemClassName }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus();
  }, [open, active]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key === 'Tab') {
      close(false);
      return;
    }
    const next = nextIndexForKey(event.key, active, items.length, 'vertical');
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };

  return (
    <div ref={root} className={['sx-ui-menu', className].filter(Boolean).join(' ')}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-state={open ? 'open' : 'closed'}
        className={buttonClassName}
        onClick={() => {
          setActive(0);
          setOpen(!open);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          setActive(event.key === 'ArrowUp' ? items.length - 1 : 0);
          setOpen(true);
        }}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={list}
          id={id}
          role="menu"
          aria-label={label}
          className="sx-ui-menu-list"
          onKeyDown={onListKeyDown}
        >
          {items.map((item, index) => (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              className={['sx-ui-menu-item', itemClassName].filter(Boolean).join(' ')}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
