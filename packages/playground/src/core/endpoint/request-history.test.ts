import { describe, expect, it } from 'vitest';
import { historyEntryText } from './request-history.js';

describe('historyEntryText', () => {
  it('names the local time sent (24-hour, zero-padded) and how the request ended', () => {
    const morning = new Date(2026, 0, 1, 9, 5, 7).getTime();
    const evening = new Date(2026, 5, 30, 23, 59, 0).getTime();
    expect(historyEntryText({ sentAt: morning, status: 200 })).toBe('09:05:07 · 200');
    expect(historyEntryText({ sentAt: evening, status: 'cancelled' })).toBe('23:59:00 · Cancelled');
    expect(historyEntryText({ sentAt: evening, status: null })).toBe('23:59:00 · Failed');
  });
});
