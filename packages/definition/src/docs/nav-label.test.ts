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

  it('reads a title without markup as its words one space apart, whatever its whitespace', () => {
    const alphabet = [
      'a',
      'Bc',
      ' ',
      '  ',
      '\t',
      '\n',
      '\u00a0',
      '\ufeff',
      '\u2028',
      'é',
      '(',
      ')',
      '!',
      '-',
      '.',
      '#',
    ];
    let seed = 30;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: random(9) }, () => alphabet[random(alphabet.length)]).join('');
      expect(plainTitle(text), JSON.stringify(text)).toBe(text.replace(/\s+/g, ' ').trim());
    }
  });

  it('reads every kind of markup in a title otherwise plain, first word or later', () => {
    const read: [string, string][] = [
      ['*b*', 'b'],
      ['_b_', 'b'],
      ['__b__', 'b'],
      ['`b`', 'b'],
      ['[b](c)', 'b'],
      ['b\\!', 'b!'],
      ['b\ue02ac', 'b*c'],
    ];
    for (const [markup, plain] of read) {
      expect(plainTitle(markup)).toBe(plain);
      expect(plainTitle(`${markup} a`)).toBe(`${plain} a`);
      expect(plainTitle(`a ${markup}`)).toBe(`a ${plain}`);
    }
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
