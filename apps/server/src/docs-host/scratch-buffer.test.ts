import { describe, expect, it } from 'vitest';
import { ScratchBuffer } from './scratch-buffer.js';

describe('ScratchBuffer', () => {
  it('gives the same buffer while it is long enough', () => {
    const scratch = new ScratchBuffer(64, 1024);
    const first = scratch.room(10);
    expect(first.length).toBe(64);
    expect(scratch.room(64)).toBe(first);
  });

  it('grows to at least twice its length, up to the largest, and stays grown', () => {
    const scratch = new ScratchBuffer(64, 1024);
    const first = scratch.room(10);
    first.write('kept', 0);
    const grown = scratch.room(65);
    expect(grown).not.toBe(first);
    expect(grown.length).toBe(128);
    expect(scratch.room(100)).toBe(grown);
    expect(scratch.room(900).length).toBe(900); // what is asked, when that is more than twice
    expect(scratch.room(1000).length).toBe(1024); // twice, held to the largest
    // A view of the buffer before it grew still reads what was written there.
    expect(first.subarray(0, 4).toString()).toBe('kept');
  });

  it('gives a longer text than the largest a buffer of its own and keeps its own small', () => {
    const scratch = new ScratchBuffer(64, 1024);
    const huge = scratch.room(5000);
    expect(huge.length).toBe(5000);
    expect(scratch.room(64).length).toBe(64);
    expect(scratch.room(5000)).not.toBe(huge);
  });
});
