import { describe, expect, it } from 'vitest';
import { createFullPageStore, NOT_LOADED } from './full-page-store.js';

const page = { kind: 'overview', slug: 'x', title: 'X', actions: [], markdownUrl: '', items: [] };

describe('full page store', () => {
  it('fetches once for every caller and tells its listeners when loaded', async () => {
    const urls: string[] = [];
    const store = createFullPageStore('/_sextant/page.json?slug=x', async (url) => {
      urls.push(String(url));
      return Response.json(page);
    });
    expect(store.getState()).toBe(NOT_LOADED);
    let told = 0;
    store.subscribe(() => told++);
    const [a, b] = await Promise.all([store.load(), store.load()]);
    expect(a).toEqual(page);
    expect(b).toBe(a);
    await store.load();
    expect(urls).toEqual(['/_sextant/page.json?slug=x']);
    expect(store.getState()).toEqual({ page });
    expect(told).toBe(1);
  });

  it('reports a failure and tries again on the next load', async () => {
    let calls = 0;
    const store = createFullPageStore('/p', async () => {
      calls += 1;
      return calls === 1 ? new Response('nope', { status: 503 }) : Response.json(page);
    });
    await expect(store.load()).rejects.toThrow('the docs host answered 503');
    expect(store.getState().error).toBe('the docs host answered 503');
    await expect(store.load()).resolves.toEqual(page);
    expect(store.getState()).toEqual({ page });
  });
});
