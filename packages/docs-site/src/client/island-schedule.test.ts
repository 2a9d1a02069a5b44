import { describe, expect, it } from 'vitest';
import { runInSlices, visibleFirst } from './island-schedule.js';

describe('visibleFirst', () => {
  it('puts the visible items first, each group in document order', () => {
    expect(visibleFirst([1, 2, 3, 4, 5, 6], (n) => n % 3 === 0)).toEqual([3, 6, 1, 2, 4, 5]);
    expect(visibleFirst([], () => true)).toEqual([]);
  });
});

describe('runInSlices', () => {
  /** A fake clock and task queue: each job takes `cost` ms. */
  function harness(cost: number) {
    let time = 0;
    const tasks: (() => void)[] = [];
    const log: string[] = [];
    const options = { budgetMs: 8, now: () => time, nextTask: (task: () => void) => tasks.push(task) };
    const job = (name: string) => () => {
      time += cost;
      log.push(name);
    };
    const runTasks = () => {
      let count = 0;
      while (tasks.length) {
        log.push('|');
        tasks.shift()?.();
        count += 1;
      }
      return count;
    };
    return { options, job, log, runTasks };
  }

  it('runs as many jobs per task as fit in the budget, in order, then calls done', () => {
    const { options, job, log, runTasks } = harness(3);
    let done = false;
    runInSlices(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(job), () => (done = true), options);
    expect(log).toEqual(['a', 'b', 'c']);
    expect(done).toBe(false);
    expect(runTasks()).toBe(2);
    expect(log).toEqual(['a', 'b', 'c', '|', 'd', 'e', 'f', '|', 'g']);
    expect(done).toBe(true);
  });

  it('runs a job longer than the budget alone in its task', () => {
    const { options, job, log, runTasks } = harness(20);
    runInSlices(['a', 'b', 'c'].map(job), () => log.push('done'), options);
    runTasks();
    expect(log).toEqual(['a', '|', 'b', '|', 'c', 'done']);
  });

  it('calls done at once when there is nothing to run', () => {
    let done = false;
    runInSlices([], () => (done = true));
    expect(done).toBe(true);
  });
});
