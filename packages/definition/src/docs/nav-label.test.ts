import { describe, expect, it } from 'vitest';
import { humanizeOperationId, NAV_LABEL_MAX, navLabel, plainTitle } from './nav-label.js';

describe('plainTitle', () => {
  it('keeps the words of code spans, links and emphasis, and drops the markup', () => {
    expect(plainTitle('Get a `Plant` by [its id](https://x.test/ids)')).toBe('Get a Plant by its id');
    expect(plainTitle('**Bold** and _soft_ and *em*, snake_case_name kept')).toBe(
      'Bold and soft and em, snake_case_name kept',
    );
    expect(plainTitle('Escaped \\*star\\*')).toBe('Escaped *star*');
  });
});

describe('navLabel', () => {
  it('keeps a short title, markdown included', () => {
    expect(navLabel({ title: 'Get a `plant`', operationId: 'plants/get' })).toBe('Get a `plant`');
  });
  it('names a long summary from the operationId, else cuts it at a word', () => {
    const title = 'Get the thing number 49 with everything it links to, including its parts';
    expect(navLabel({ title, operationId: 'things/get-thing-49' })).toBe('Get thing 49');
    const cut = navLabel({ title });
    expect(cut.length).toBeLessThanOrEqual(NAV_LABEL_MAX);
    expect(cut).toBe('Get the thing number 49 with everything…');
    expect(navLabel({ title: `${'a'.repeat(60)}` })).toBe(`${'a'.repeat(39)}…`);
  });
  it('humanizes the usual operationId spellings', () => {
    expect(humanizeOperationId('repos/list-for-org')).toBe('List for org');
    expect(humanizeOperationId('listPetsByOwnerID')).toBe('List pets by owner ID');
    expect(humanizeOperationId('get_user_v2')).toBe('Get user v 2');
  });
});
