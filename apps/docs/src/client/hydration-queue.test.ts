import { describe, expect, it } from 'vitest';
import { claimSlot, hydrateProgressively } from './hydration-queue.js';

/** A part as `HydrateLater` drives it: claims a slot, renders (logs) when it opens, reports back. */
function part(log: string[], name: string, options: { hydrates?: boolean; inside?: () => void } = {}): void {
  const slot = claimSlot();
  if (!slot) throw new Error(`${name}: no slot while hydrating`);
  expect(slot.open).toBe(false);
  void slot.opened.then(() => {
    expect(slot.open).toBe(true);
    log.push(name);
    options.inside?.();
    if (options.hydrates !== false) slot.markHydrated();
  });
}

function run(roots: ((log: string[]) => void)[]): Promise<string[]> {
  const log: string[] = [];
  return new Promise((resolve) => {
    hydrateProgressively(
      roots.map((root) => () => root(log)),
      () => resolve(log),
    );
  });
}

describe('hydrateProgressively', () => {
  it('gives no slot outside hydration', async () => {
    expect(claimSlot()).toBeUndefined();
    await run([(log) => part(log, 'a')]);
    expect(claimSlot()).toBeUndefined();
  });

  it('runs each root in a task of its own, in order, before any part opens', async () => {
    const log: string[] = [];
    let finished = false;
    hydrateProgressively(
      [
        () => {
          log.push('root 1');
          part(log, 'part of root 1');
        },
        () => log.push('root 2'),
      ],
      () => {
        finished = true;
      },
    );
    expect(log).toEqual(['root 1']);
    await expect.poll(() => finished).toBe(true);
    expect(log).toEqual(['root 1', 'root 2', 'part of root 1']);
  });

  it('opens the parts in the order they were met, parts inside parts after those already waiting', async () => {
    const log = await run([
      (log) => {
        part(log, 'a', { inside: () => part(log, 'a.1') });
        part(log, 'b');
      },
      (log) => part(log, 'c', { inside: () => part(log, 'c.1', { inside: () => part(log, 'c.1.1') }) }),
    ]);
    expect(log).toEqual(['a', 'b', 'c', 'a.1', 'c.1', 'c.1.1']);
  });

  it('goes on when a part never reports itself hydrated', async () => {
    const log = await run([
      (log) => {
        part(log, 'a', { hydrates: false });
        part(log, 'b', { hydrates: false });
        part(log, 'c');
      },
    ]);
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('finishes at once when no part waits', async () => {
    await expect(run([() => {}, () => {}])).resolves.toEqual([]);
  });
});
