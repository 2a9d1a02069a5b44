/**
 * When islands hydrate, without the view: those on screen first, then the rest in document order;
 * back to back within a task until it has run TASK_BUDGET_MS, then in the next task, so starting
 * many islands never makes a long task (React then hydrates each root in its own time slices).
 */

/** Islands start back to back in one task until it has run this long; then the next task. */
export const TASK_BUDGET_MS = 8;

/** `items` with those `isVisible` accepts first, each group in its original order. */
export function visibleFirst<T>(items: readonly T[], isVisible: (item: T) => boolean): T[] {
  const visible: T[] = [];
  const rest: T[] = [];
  for (const item of items) (isVisible(item) ? visible : rest).push(item);
  return [...visible, ...rest];
}

export interface SliceOptions {
  budgetMs?: number;
  now?: () => number;
  /** Runs a callback in a later task. */
  nextTask?: (task: () => void) => void;
}

/** Runs `task` in a macrotask of its own, without the 4 ms clamp of nested timeouts. */
function messageChannelTask(): (task: () => void) => void {
  const channel = new MessageChannel();
  const tasks: (() => void)[] = [];
  channel.port1.onmessage = () => tasks.shift()?.();
  return (task) => {
    tasks.push(task);
    channel.port2.postMessage(undefined);
  };
}

/**
 * Runs `jobs` in order, as many per task as fit in the budget (at least one), then calls `done`.
 * @example runInSlices(containers.map((c) => () => hydrate(c)), () => console.log('all started'));
 */
export function runInSlices(
  jobs: readonly (() => void)[],
  done: () => void,
  options: SliceOptions = {},
): void {
  const budget = options.budgetMs ?? TASK_BUDGET_MS;
  const now = options.now ?? (() => performance.now());
  const nextTask = options.nextTask ?? messageChannelTask();
  let next = 0;
  const slice = () => {
    const started = now();
    do {
      const job = jobs[next++];
      job?.();
    } while (next < jobs.length && now() - started < budget);
    if (next < jobs.length) nextTask(slice);
    else done();
  };
  if (jobs.length === 0) done();
  else slice();
}
