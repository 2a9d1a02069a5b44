import { describe, expect, it } from 'vitest';
import { createExplorerStore } from './explorer-store.js';

/** A window with a URL, a history and popstate, enough for the store. */
function fakeWindow(href: string) {
  const listeners = new Set<() => void>();
  const pushed: string[] = [];
  const win = {
    location: { href },
    history: {
      pushState: (_state: unknown, _title: string, url: URL) => {
        win.location.href = String(url);
        pushed.push(String(url));
      },
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const back = (to: string) => {
    win.location.href = to;
    for (const listener of listeners) listener();
  };
  return { win: win as unknown as Window, pushed, back, listeners };
}

describe('explorer store', () => {
  it('reads the explorer parameter, opens and closes through the URL, and tells its listeners', () => {
    const { win, pushed } = fakeWindow('http://docs.test/api/pets/get?explorer=getPet');
    const store = createExplorerStore(win);
    expect(store.getSnapshot()).toBe('getPet');
    const seen: (string | undefined)[] = [];
    const stop = store.subscribe(() => seen.push(store.getSnapshot()));
    store.close();
    store.open('createPet');
    store.open('createPet');
    stop();
    expect(seen).toEqual([undefined, 'createPet']);
    expect(pushed).toEqual([
      'http://docs.test/api/pets/get',
      'http://docs.test/api/pets/get?explorer=createPet',
    ]);
  });

  it('follows back and forward while subscribed, and stops listening after the last listener', () => {
    const { win, back, listeners } = fakeWindow('http://docs.test/a');
    const store = createExplorerStore(win);
    const stop = store.subscribe(() => {});
    back('http://docs.test/a?explorer=x');
    expect(store.getSnapshot()).toBe('x');
    stop();
    expect(listeners.size).toBe(0);
  });
});
