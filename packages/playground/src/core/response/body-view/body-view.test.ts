import { describe, expect, it } from 'vitest';
import { MAX_INDENT_DEPTH, MAX_LINE_CHARS } from './body-lines.js';
import { BodyView, FIRST_SCREEN_ROWS, type Scheduler } from './body-view.js';

/** A scheduler the test drives: tasks wait in a queue until `runAll`. */
function manualScheduler() {
  const queue: (() => void)[] = [];
  const schedule: Scheduler = (task) => {
    queue.push(task);
    return () => {
      const index = queue.indexOf(task);
      if (index !== -1) queue.splice(index, 1);
    };
  };
  return {
    schedule,
    pending: () => queue.length,
    runAll() {
      let tasks = 0;
      while (queue.length > 0) {
        queue.shift()?.();
        tasks++;
      }
      return tasks;
    },
  };
}

/** A clock that moves 1 ms per reading: a slice of `sliceMs` then does a bounded amount of work. */
function tickingClock() {
  let now = 0;
  return () => now++;
}

const big = JSON.stringify({
  items: Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `item-${i}`, tags: ['a', 'b'] })),
});

describe('BodyView', () => {
  it('lays a large body out over several tasks, showing lines from the first slice on', () => {
    const scheduler = manualScheduler();
    const view = new BodyView(big, {
      contentType: 'application/json',
      schedule: scheduler.schedule,
      now: tickingClock(),
      sliceMs: 2,
    });
    view.start();
    const first = view.getState();
    expect(first.mode).toBe('pretty');
    expect(first.rowCount).toBeGreaterThan(0);
    expect(first.complete).toBe(false);
    expect(scheduler.runAll()).toBeGreaterThan(1);
    expect(view.getState().complete).toBe(true);
    const expected = JSON.stringify(JSON.parse(big), null, 2).split('\n');
    expect(view.getState().rowCount).toBe(expected.length);
    expect(Array.from({ length: expected.length }, (_, i) => view.row(i))).toEqual(expected);
  });

  it('ends the first slice once it holds a screenful of rows, however much time it had left', () => {
    const scheduler = manualScheduler();
    const view = new BodyView(big, {
      contentType: 'application/json',
      schedule: scheduler.schedule,
      now: () => 0,
    });
    view.start();
    const first = view.getState();
    expect(first.rowCount).toBeGreaterThanOrEqual(FIRST_SCREEN_ROWS);
    expect(first.complete).toBe(false);
    // The clock never moves: only the screenful rule ended the slice (at the first step past it).
    const total = JSON.stringify(JSON.parse(big), null, 2).split('\n').length;
    expect(first.rowCount).toBeLessThan(total / 10);
    scheduler.runAll();
    expect(view.getState()).toMatchObject({ complete: true, rowCount: total });
  });

  it('finds every line holding the query, case-insensitively, and steps through the matches with wrap', () => {
    const scheduler = manualScheduler();
    const view = new BodyView(big, {
      contentType: 'application/json',
      schedule: scheduler.schedule,
      now: tickingClock(),
    });
    view.start();
    view.search('ITEM-299');
    scheduler.runAll();
    const { search } = view.getState();
    // item-299 and item-2990 … item-2999
    expect(search.matches.length).toBe(11);
    expect(search.complete).toBe(true);
    expect(search.matches.every((row) => view.row(row).includes('item-299'))).toBe(true);
    view.step(-1);
    expect(view.getState().search.current).toBe(10);
    view.step(1);
    expect(view.getState().search.current).toBe(0);
    view.search('');
    expect(view.getState().search.matches).toEqual([]);
  });

  it('switches to raw (the text as sent) and back, keeping the search', () => {
    const scheduler = manualScheduler();
    const view = new BodyView('{"a":"needle"}', {
      contentType: 'application/json',
      schedule: scheduler.schedule,
    });
    view.start();
    view.search('needle');
    scheduler.runAll();
    expect(view.getState().search.matches).toEqual([1]);
    view.setMode('raw');
    scheduler.runAll();
    expect(view.row(0)).toBe('{"a":"needle"}');
    expect(view.getState().search.matches).toEqual([0]);
    view.setMode('pretty');
    scheduler.runAll();
    expect([0, 1, 2].map((row) => view.row(row))).toEqual(['{', '  "a": "needle"', '}']);
  });

  it('shows a body that only looks like JSON raw, with the reason, and offers no pretty view', () => {
    const scheduler = manualScheduler();
    const view = new BodyView('{"a": 1} trailing <b>', {
      contentType: 'application/json',
      schedule: scheduler.schedule,
    });
    view.start();
    scheduler.runAll();
    const state = view.getState();
    expect(state.mode).toBe('raw');
    expect(state.canPretty).toBe(false);
    expect(state.notice).toMatch(/not valid JSON at character 9/);
    expect(view.getState().rowCount).toBe(1);
    expect(view.row(0)).toBe('{"a": 1} trailing <b>');
    view.setMode('pretty');
    expect(view.getState().mode).toBe('raw');
  });

  it('shows text raw from the start, and stops working once disposed', () => {
    const scheduler = manualScheduler();
    const text = 'line one\nline two';
    const plain = new BodyView(text, { contentType: 'text/plain', schedule: scheduler.schedule });
    plain.start();
    expect(plain.getState()).toMatchObject({ mode: 'raw', canPretty: false, complete: true });
    expect([plain.row(0), plain.row(1)]).toEqual(['line one', 'line two']);
    const view = new BodyView(big, {
      contentType: '',
      schedule: scheduler.schedule,
      now: tickingClock(),
      sliceMs: 2,
    });
    view.start();
    expect(scheduler.pending()).toBe(1);
    view.dispose();
    expect(scheduler.pending()).toBe(0);
  });
});

/** Lays `text` out with a slice of a bounded amount of work per task; returns the view and the tasks it took. */
function layOut(text: string, contentType = 'application/json') {
  const scheduler = manualScheduler();
  const view = new BodyView(text, {
    contentType,
    schedule: scheduler.schedule,
    now: tickingClock(),
    sliceMs: 2,
  });
  view.start();
  const firstRows = view.getState().rowCount;
  const tasks = scheduler.runAll();
  return { view, tasks, firstRows };
}

describe('BodyView, hostile bodies', () => {
  it('lays out 100,000 nested arrays a slice at a time, indenting no deeper than MAX_INDENT_DEPTH', () => {
    const levels = 100_000;
    const { view, tasks, firstRows } = layOut(`${'['.repeat(levels)}${']'.repeat(levels)}`);
    expect(firstRows).toBeGreaterThan(0);
    expect(tasks).toBeGreaterThan(4);
    const state = view.getState();
    expect(state).toMatchObject({ mode: 'pretty', complete: true });
    expect(state.rowCount).toBe(2 * levels - 1);
    expect(view.row(0)).toBe('[');
    expect(view.row(3)).toBe('      [');
    expect(view.row(levels - 1)).toBe(`${'  '.repeat(MAX_INDENT_DEPTH)}[]`);
    expect(view.row(2 * levels - 2)).toBe(']');
    const widest = Math.max(...[levels / 2, levels, levels + 10].map((row) => view.row(row).length));
    expect(widest).toBeLessThanOrEqual(2 * MAX_INDENT_DEPTH + 2);
  });

  it('cuts one 5 MB string into rows of at most MAX_LINE_CHARS, nothing lost, and finds text at its end', () => {
    const value = `${'ab\\"c'.repeat(1_000_000)}needle-end`;
    const text = JSON.stringify({ s: value });
    expect(text.length).toBeGreaterThan(5_000_000);
    const { view } = layOut(text);
    const state = view.getState();
    expect(state.mode).toBe('pretty');
    const rows = Array.from({ length: state.rowCount }, (_, row) => view.row(row));
    expect(rows[0]).toBe('{');
    expect(rows.at(-1)).toBe('}');
    expect(rows.slice(1, -1).join('')).toBe(`  "s": ${JSON.stringify(value)}`);
    expect(Math.max(...rows.map((row) => row.length))).toBeLessThanOrEqual(MAX_LINE_CHARS + 3);
    const scheduler = manualScheduler();
    const searched = new BodyView(text, { contentType: 'application/json', schedule: scheduler.schedule });
    searched.start();
    searched.search('NEEDLE-END');
    scheduler.runAll();
    expect(searched.getState().search).toMatchObject({ matches: [state.rowCount - 2], complete: true });
  });

  it('falls back to raw, naming the place, when the text stops being JSON after 2 MB', () => {
    const valid = JSON.stringify(Array.from({ length: 120_000 }, (_, i) => ({ id: i, name: `n${i}` })));
    const text = `${valid.slice(0, -1)},{"id": <oops>}]`;
    const broken = text.indexOf('<oops>');
    expect(broken).toBeGreaterThan(2_000_000);
    const { view, tasks } = layOut(text);
    expect(tasks).toBeGreaterThan(10);
    const state = view.getState();
    expect(state).toMatchObject({ mode: 'raw', canPretty: false, complete: true });
    expect(state.notice).toBe(`The body is not valid JSON at character ${broken}: it is shown raw.`);
    expect(state.rowCount).toBe(Math.ceil(text.length / MAX_LINE_CHARS));
    expect(Array.from({ length: state.rowCount }, (_, row) => view.row(row)).join('')).toBe(text);
  });
});
