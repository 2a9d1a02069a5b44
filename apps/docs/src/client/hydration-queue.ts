/**
 * The schedule of progressive hydration, without the view: while the page hydrates, each part
 * that should wait (see `HydrateLater`) claims a slot; the slots are then opened in the order they
 * were claimed, back to back within a task until it has run TASK_BUDGET_MS, then in the next task.
 * Slots claimed while a part is opened (parts inside parts) join the end of the queue.
 */

export interface Slot {
  /** Open: the part may render. */
  readonly open: boolean;
  /** Settles when the slot opens: what a closed part suspends on. */
  readonly opened: Promise<void>;
  /** Called by the part once it has rendered and committed after opening. */
  markHydrated(): void;
}

interface QueuedSlot extends Slot {
  open: boolean;
  openNow(): void;
  hydrated: Promise<void>;
}

/** Parts hydrate back to back in one task until it has run this long; then the next task. */
export const TASK_BUDGET_MS = 8;

/** The slots waiting to open; undefined when the page is not hydrating. */
let queue: QueuedSlot[] | undefined;

/**
 * A slot for a part met while the page hydrates, or undefined once hydration is over (the part
 * then renders at once).
 */
export function claimSlot(): Slot | undefined {
  if (!queue) return undefined;
  let open = () => {};
  let hydrated = () => {};
  const slot: QueuedSlot = {
    open: false,
    opened: new Promise<void>((resolve) => {
      open = resolve;
    }),
    openNow: () => {
      slot.open = true;
      open();
    },
    hydrated: new Promise<void>((resolve) => {
      hydrated = resolve;
    }),
    markHydrated: () => hydrated(),
  };
  queue.push(slot);
  return slot;
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

/**
 * Runs each of `roots` (the synchronous hydration of one root, during which parts claim slots) in
 * a task of its own, then opens the slots in order, and calls `done` once none is left. A part
 * that never reports itself hydrated (removed meanwhile) holds nothing up: the next task goes on.
 */
export function hydrateProgressively(roots: (() => void)[], done: () => void): void {
  const pending: QueuedSlot[] = [];
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
      // The part renders in this task's microtasks (the runtime's render queue).
      let moved = false;
      const move = (sameTask: boolean) => {
        if (moved) return;
        moved = true;
        if (sameTask && performance.now() - started < TASK_BUDGET_MS) openNext();
        else nextTask(step);
      };
      slot.hydrated.then(() => move(true));
      nextTask(() => move(false));
      slot.openNow();
    };
    openNext();
  };
  step();
}
