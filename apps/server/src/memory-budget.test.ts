import { describe, expect, it } from 'vitest';
import {
  CACHE_SHARE,
  CACHE_SPLIT,
  cacheBudgets,
  DEFAULT_MEMORY_CAP_MIB,
  defaultMemoryMiB,
  MemoryOptionError,
  MIN_MEMORY_MIB,
  parseMemoryMiB,
} from './memory-budget.js';

describe('--memory', () => {
  it('reads MiB and units', () => {
    expect(parseMemoryMiB('512')).toBe(512);
    expect(parseMemoryMiB(' 768M ')).toBe(768);
    expect(parseMemoryMiB('1gib')).toBe(1024);
    expect(parseMemoryMiB('2G')).toBe(2048);
    expect(parseMemoryMiB('300MiB')).toBe(300);
  });

  it('refuses anything else with one named line', () => {
    for (const bad of [
      '',
      'lots',
      '-5',
      '1.5G',
      '12 34',
      '64k',
      '10',
      '0x400',
      '512MBB',
      '9'.repeat(12),
      '1e3',
    ]) {
      let thrown: unknown;
      try {
        parseMemoryMiB(bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, bad).toBeInstanceOf(MemoryOptionError);
      expect((thrown as MemoryOptionError).code).toBe('MemoryOptionError');
      expect((thrown as Error).message).not.toContain('\n');
    }
  });

  it('defaults from the cgroup or the machine, within bounds', () => {
    const mib = defaultMemoryMiB();
    expect(mib).toBeGreaterThanOrEqual(MIN_MEMORY_MIB);
    expect(mib).toBeLessThanOrEqual(DEFAULT_MEMORY_CAP_MIB);
  });

  it('splits the caches’ share between every cache', () => {
    const shares = Object.values(CACHE_SPLIT);
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    const budgets = cacheBudgets(1024);
    const total = Object.values(budgets).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(1024 * 1024 * 1024 * CACHE_SHARE);
    expect(total).toBeGreaterThan(1024 * 1024 * 1024 * CACHE_SHARE - 10);
    expect(budgets.pages).toBe(Math.floor(1024 * 1024 * 1024 * CACHE_SHARE * CACHE_SPLIT.pages));
    expect(cacheBudgets(2048).sites).toBe(2 * cacheBudgets(1024).sites);
  });
});
