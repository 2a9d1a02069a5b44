/**
 * Progressive hydration, the view: a part wrapped in `HydrateLater` keeps its server HTML while
 * the page hydrates and is hydrated afterwards, in document order, in short tasks (the schedule is
 * `client/hydration-queue.ts`). No single task of the browser then hydrates the whole page (a long
 * page is hundreds of elements), so the main thread answers input between parts.
 *
 * It relies on the browser runtime (Preact) keeping the server DOM of a component that suspends
 * during hydration and hydrating it when the promise settles; Preact keeps exactly one element,
 * so the child of `HydrateLater` must render exactly one element. On the server, and in the browser
 * once the page has hydrated (an expander opening, a re-render), it renders its child as is.
 */
import { type ReactNode, Suspense, useLayoutEffect, useRef } from 'react';
import { claimSlot, type Slot } from '../client/hydration-queue.js';

/** Suspends while its slot is closed (only during the page's hydration). */
function Gate({ children }: { children: ReactNode }) {
  const slot = useRef<Slot | undefined>(undefined);
  slot.current ??= claimSlot();
  // After every commit (no dependency list: a hook first met in a render that suspended may not
  // run on the first commit otherwise); marking twice is harmless.
  useLayoutEffect(() => {
    if (slot.current?.open) slot.current.markHydrated();
  });
  if (slot.current && !slot.current.open) throw slot.current.opened;
  return children;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  if (typeof document === 'undefined') return children;
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
