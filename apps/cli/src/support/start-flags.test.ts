/**
 * The V8 flags `sextant dev` and `serve` restart themselves with (bin/start-flags.js): the young
 * generation sized from `--memory`, the baseline WebAssembly compiler, flags already given kept.
 */
import { describe, expect, it } from 'vitest';
import { memoryMiB, missingStartFlags, semiSpaceMiB } from '../../bin/start-flags.js';

describe('start flags', () => {
  it('reads --memory as the server does, from the flag, its = form or SEXTANT_MEMORY', () => {
    expect(memoryMiB(['--memory', '512'], {})).toBe(512);
    expect(memoryMiB(['--memory=2G'], {})).toBe(2048);
    expect(memoryMiB(['--port', '8080'], { SEXTANT_MEMORY: '768M' })).toBe(768);
    expect(memoryMiB(['--memory', '1g'], { SEXTANT_MEMORY: '64' })).toBe(1024);
    expect(memoryMiB([], {})).toBeUndefined();
  });

  it('leaves a value that is not a size to the server, which refuses it', () => {
    for (const text of ['lots', '', '-5', 'G']) expect(memoryMiB(['--memory', text], {})).toBeUndefined();
    expect(memoryMiB(['--memory'], {})).toBeUndefined();
    expect(semiSpaceMiB('serve', ['--memory', 'lots'], {})).toBe(16);
  });

  it('sizes semi-spaces at 1/64 of --memory, a power of two from 2 to 16 MiB', () => {
    const cases: [string, number][] = [
      ['64', 2],
      ['200', 2],
      ['256', 4],
      ['512M', 8],
      ['767', 8],
      ['1G', 16],
      ['16G', 16],
    ];
    for (const [memory, semi] of cases) expect(semiSpaceMiB('serve', ['--memory', memory], {})).toBe(semi);
  });

  it('gives serve 16 MiB and dev 2 MiB without --memory', () => {
    expect(semiSpaceMiB('serve', [], {})).toBe(16);
    expect(semiSpaceMiB('dev', [], {})).toBe(2);
  });

  it('restarts only the long-running commands, and never overrides a flag already given', () => {
    expect(missingStartFlags(['serve', '--memory', '256'], '', {})).toEqual([
      '--max-semi-space-size=4',
      '--liftoff-only',
    ]);
    expect(missingStartFlags(['dev'], '--max-semi-space-size=32', {})).toEqual(['--liftoff-only']);
    expect(missingStartFlags(['serve'], '--max-semi-space-size=8 --liftoff-only', {})).toEqual([]);
    for (const command of ['publish', 'snippet', 'init', undefined])
      expect(missingStartFlags(command ? [command] : [], '', {})).toEqual([]);
  });
});
