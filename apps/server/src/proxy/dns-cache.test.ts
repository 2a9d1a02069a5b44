/** The resolver cache: reuse within the bound, one call for concurrent lookups, failures not kept, size bounded. */
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { cachingResolver } from './dns-cache.js';

function counting(answer: (name: string, call: number) => LookupAddress[] | Error) {
  const calls: string[] = [];
  const resolver = async (name: string) => {
    calls.push(name);
    const result = answer(name, calls.length);
    if (result instanceof Error) throw result;
    return result;
  };
  return { calls, resolver };
}

describe('cachingResolver', () => {
  it('reuses an answer until the bound, then asks again', async () => {
    let now = 1000;
    const { calls, resolver } = counting((_name, call) => [{ address: `192.0.2.${call}`, family: 4 }]);
    const resolve = cachingResolver(resolver, 10_000, 10, () => now);
    expect(await resolve('a.example')).toEqual([{ address: '192.0.2.1', family: 4 }]);
    now += 9_999;
    expect(await resolve('a.example')).toEqual([{ address: '192.0.2.1', family: 4 }]);
    now += 1;
    expect(await resolve('a.example')).toEqual([{ address: '192.0.2.2', family: 4 }]);
    expect(calls).toEqual(['a.example', 'a.example']);
  });

  it('shares one lookup between concurrent callers', async () => {
    const { calls, resolver } = counting(() => [{ address: '192.0.2.1', family: 4 }]);
    const resolve = cachingResolver(resolver, 10_000);
    await Promise.all([resolve('a.example'), resolve('a.example'), resolve('a.example')]);
    expect(calls).toHaveLength(1);
  });

  it('does not keep failures', async () => {
    const { calls, resolver } = counting((_name, call) =>
      call === 1 ? new Error('ENOTFOUND') : [{ address: '192.0.2.1', family: 4 }],
    );
    const resolve = cachingResolver(resolver, 10_000);
    await expect(resolve('a.example')).rejects.toThrow('ENOTFOUND');
    await Promise.resolve();
    expect(await resolve('a.example')).toEqual([{ address: '192.0.2.1', family: 4 }]);
    expect(calls).toHaveLength(2);
  });

  it('drops the oldest name past its size bound', async () => {
    const { calls, resolver } = counting(() => [{ address: '192.0.2.1', family: 4 }]);
    const resolve = cachingResolver(resolver, 10_000, 2);
    await resolve('a.example');
    await resolve('b.example');
    await resolve('c.example');
    await resolve('b.example');
    await resolve('a.example');
    expect(calls).toEqual(['a.example', 'b.example', 'c.example', 'a.example']);
  });

  it('is the resolver itself with a bound of 0', () => {
    const { resolver } = counting(() => []);
    expect(cachingResolver(resolver, 0)).toBe(resolver);
  });
});
