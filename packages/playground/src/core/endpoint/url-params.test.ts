import { describe, expect, it } from 'vitest';
import { FORM_PARAM } from './deep-link.js';
import { isShallowNavigation, withoutExplorerParams } from './url-params.js';

describe('explorer URLs', () => {
  it('removes the explorer parameters on close and tells shallow navigation', () => {
    expect(withoutExplorerParams(`https://d.io/api/pets?explorer=getPet&${FORM_PARAM}=abc&x=1`)).toBe(
      'https://d.io/api/pets?x=1',
    );
    expect(isShallowNavigation('api-1', 'api-1')).toBe(true);
    expect(isShallowNavigation('api-2', 'api-1')).toBe(false);
    expect(isShallowNavigation(undefined, 'api-1')).toBe(false);
  });
});
