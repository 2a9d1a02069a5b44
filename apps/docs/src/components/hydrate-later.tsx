/**
 * Progressive hydration: a part wrapped in `HydrateLater` keeps its server HTML while the page
 * hydrates and is hydrated afterwards, in document order, in short tasks. No single task of the
 * browser then hydrates the whole page (a long page is hundreds of elements), so the main thread
 * answers input between parts.
 *
 * It relies on the browser runtime (Preact) keeping the server DOM of a component that suspends
 * during hydration and hydrating it when the promise settles; Preact keeps exactly one element,
 * so the child of `HydrateLater` must render exactly one element. On the server, and in the browser
 * once the page has hydrated (an expander opening, a re-render), it renders its child as is.
 */
import { type ReactNode, Suspense, useLayoutEffect, useRef } from 'react';

interface Slot {
  /** Open: the part may render. */
  done: boolean;
  /** What the closed part throws (suspends on). */
  promise: Promise<void>;
  open: () => void;
  /** Settles once the part has rendered and committed after opening. */
  hydrated: Promise<void>;
  markHydrated: () => void;
}

/** The parts waiting for their task, in the order they were met; undefined when not hydrating. */
let queue: Slot[] | undefined;

function takeSlot(pending: Slot[]): Slot {
  let open = () => {};
  let hydrated = () => {};
  const slot: Slot = {
    done: false,
    promise: new Promise<void>((resolve) => (open = resolve)),
    open: () => {
      slot.done = true;
      open();
    },
    hydrated: new Promise<void>((resolve) => (hydrated = resolve)),
    markHydrated: () => hydrated(),
  };
  pending.push(slot);
  return slot;
}

/** Suspends while its slot is closed (only during the page's hydration). */
function Gate({ children }: { children: ReactNode }) {
  const slot = useRef<Slot | undefined>(undefined);
  if (queue && !slot.current) slot.current = takeSlot(queue);
  // After every commit (no dependency list: a hook first met in a render that suspended may not
  // run on the first commit otherwise); marking twice is harmless.
  useLayoutEffect(() => {
    if (slot.current?.done) slot.current.markHydrated();
  });
  if (slot.current && !slot.current.done) throw slot.current.promise;
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

/** Runs `task` in a macrotask of its own, without the 4 ms clamp of nested timeouts. */
let channel: MessageChannel | undefined;
const tasks: (() => void)[] = [];
function nextTask(task: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => tasks.shift()?.();
  }
  tasks.push(task);
  channel.port2.postMessage(undefined);
}

/** Parts hydrate back to back in one task until it has run this long; then the next task. */
const TASK_BUDGET_MS = 8;

/**
 * Hydrates the page progressively: each of `roots` runs the synchronous hydration of one root in
 * a task of its own (every `HydrateLater` met keeps its server HTML); then the waiting parts are
 * hydrated in document order (parts inside parts join the queue as they are met), back to back
 * within a task until it has run TASK_BUDGET_MS, and `done` runs once none is left.
 */
export function hydrateProgressively(roots: (() => void)[], done: () => void): void {
  const pending: Slot[] = [];
  const steps = [...roots];
  const step = () => {
    queue = pending;
    const root = steps.shift();
    if (root) {
      root();
      nextTask(step);
      return;
    }
    const started = performance.now();
    const openNext = () => {
      const slot = pending.shift();
      if (!slot) {
        queue = undefined;
        done();
        return;
      }
      // The part renders in this task's microtasks (the runtime's render queue). Should it never
      // commit (removed meanwhile), the next task goes on without it.
      let moved = false;
      const move = (sameTask: boolean) => {
        if (moved) return;
        moved = true;
        if (sameTask && performance.now() - started < TASK_BUDGET_MS) openNext();
        else nextTask(step);
      };
      slot.hydrated.then(() => move(true));
      nextTask(() => move(false));
      slot.open();
    };
    openNext();
  };
  step();
}
