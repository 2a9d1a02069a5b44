/**
 * The mobile navigation drawer's behaviour (the sidebar, opened by the header's menu button):
 * a backdrop that closes it on click, Escape closes it (focus back on the button), Tab stays
 * inside the button and the drawer while it is open, and the page behind does not scroll
 * (`:root[data-nav-open]`, see main.css). Opening focuses the drawer's current link.
 */
import { type RefObject, useEffect } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Keeps the drawer's rules while `open`; `close` is called by Escape. */
export function useNavDrawer(open: boolean, close: () => void, toggle: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    document.documentElement.toggleAttribute('data-nav-open', open);
    if (!open) return;
    const drawer = document.getElementById('sx-sidebar');
    const focusables = () => [
      ...(toggle.current ? [toggle.current] : []),
      ...(drawer
        ? [...drawer.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null)
        : []),
    ];
    (drawer?.querySelector<HTMLElement>('[aria-current="page"]') ?? focusables()[1])?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        toggle.current?.focus();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !items.includes(active as HTMLElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !items.includes(active as HTMLElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Above the breakpoint the sidebar is not a drawer: leaving the small layout closes it.
    const wide = window.matchMedia('(min-width: 861px)');
    const onWide = () => {
      if (wide.matches) close();
    };
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [open, close, toggle]);
}

/** The dimmed page behind the open drawer; a click on it closes the drawer. */
export function NavBackdrop({ onClose }: { onClose: () => void }) {
  // A pointer target only: keyboard users close with Escape or the menu button.
  return <div className="sx-nav-backdrop" aria-hidden="true" onClick={onClose} data-sx-nav-backdrop="" />;
}
