import { describe, expect, it } from 'vitest';
import { paneDefaults } from './pane-split.js';

describe('pane split', () => {
  it('splits 50 / 50 by default and gives the form 300 px in pixel mode', () => {
    expect(paneDefaults()).toEqual({ left: '50%', right: '50%' });
    expect(paneDefaults('pixel')).toEqual({ left: '300px', right: undefined });
  });
});
