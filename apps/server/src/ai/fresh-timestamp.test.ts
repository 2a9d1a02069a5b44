import { describe, expect, it } from 'vitest';
import { isFreshTimestamp } from './fresh-timestamp.js';

const NOW = 1_700_000_000;

describe('isFreshTimestamp', () => {
  it('takes Unix seconds within the window on either side of now, edges included', () => {
    expect(isFreshTimestamp(String(NOW), 300, NOW)).toBe(true);
    expect(isFreshTimestamp(String(NOW - 300), 300, NOW)).toBe(true);
    expect(isFreshTimestamp(String(NOW + 300), 300, NOW)).toBe(true);
    expect(isFreshTimestamp(String(NOW - 301), 300, NOW)).toBe(false);
    expect(isFreshTimestamp(String(NOW + 301), 300, NOW)).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['negative', `-${NOW}`],
    ['exponent', '1.7e9'],
    ['decimal', `${NOW}.0`],
    ['hex', '0x6553f100'],
    ['padded', ` ${NOW}`],
    ['line break', `${NOW}\n`],
    ['13 digits', '0001700000000'],
  ])('refuses a %s timestamp', (_name, timestamp) => {
    expect(isFreshTimestamp(timestamp, 300, NOW)).toBe(false);
  });

  it('reads the clock when no `now` is given', () => {
    expect(isFreshTimestamp(String(Math.floor(Date.now() / 1000)), 5)).toBe(true);
    expect(isFreshTimestamp('1', 5)).toBe(false);
  });
});
