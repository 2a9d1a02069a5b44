import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './yaml-locate.js';

describe('splitFrontMatter', () => {
  it('splits LF, CRLF and BOM-prefixed front matter from the body', () => {
    for (const text of [
      '---\ntitle: A\n---\n# Body\n',
      '---\r\ntitle: A\r\n---\r\n# Body\r\n',
      '\uFEFF---\ntitle: A\n---\n# Body\n',
    ]) {
      const { frontMatter, body, bodyLine } = splitFrontMatter(text);
      expect(frontMatter?.trim()).toBe('title: A');
      expect(body.startsWith('# Body')).toBe(true);
      expect(bodyLine).toBe(4);
    }
  });
  it('takes an empty block, fences with trailing blanks, and a file that is only front matter', () => {
    expect(splitFrontMatter('---\n---\nText').body).toBe('Text');
    expect(splitFrontMatter('--- \ntitle: A\n---  \nText').frontMatter).toBe('title: A');
    expect(splitFrontMatter('---\ntitle: A\n---')).toMatchObject({ frontMatter: 'title: A', body: '' });
  });
  it('leaves text without an opening fence alone (a thematic break later is content)', () => {
    expect(splitFrontMatter('# Title\n---\ntitle: x\n---\n')).toEqual({
      body: '# Title\n---\ntitle: x\n---\n',
      bodyLine: 1,
    });
  });
});
