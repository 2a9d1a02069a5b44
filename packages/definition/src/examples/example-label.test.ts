import { describe, expect, it } from 'vitest';
import { exampleLabel } from './example-label.js';

describe('exampleLabel', () => {
  it("is the spec's summary when it is one short line", () => {
    expect(exampleLabel({ name: 'looms', description: ' Jacquard looms ' }, 1)).toBe('Jacquard looms');
  });

  it('falls back to the key for a long or multi-line description, then to the position', () => {
    expect(exampleLabel({ name: 'looms', description: 'x'.repeat(61) }, 1)).toBe('looms');
    expect(exampleLabel({ name: 'looms', description: 'Looms\nwith cards' }, 1)).toBe('looms');
    expect(exampleLabel({}, 2)).toBe('Example 3');
  });
});
