import { describe, expect, it } from 'vitest';
import { markdownFor } from './audience-markdown.js';

const page = [
  '# Accounts',
  '',
  '<Visibility for="humans">',
  '  Click **Get started** in the top-right corner.',
  '</Visibility>',
  '',
  '<Visibility for="agents">',
  '  > Call `POST /v1/accounts` with an email.',
  '  >',
  '  > - one',
  '  > - two',
  '</Visibility>',
  '',
  'For everyone.',
].join('\n');

describe('markdownFor', () => {
  it("keeps an audience's blocks without their tags and indentation, and leaves out the other's", () => {
    expect(markdownFor('agents', page, 'mdx')).toBe(
      '# Accounts\n\n\n\n> Call `POST /v1/accounts` with an email.\n>\n> - one\n> - two\n\nFor everyone.',
    );
    expect(markdownFor('humans', page, 'mdx')).toBe(
      '# Accounts\n\nClick **Get started** in the top-right corner.\n\n\n\nFor everyone.',
    );
  });

  it('reads inline blocks, nested blocks, and a .md page that uses components', () => {
    const inline =
      'Open <Visibility for="humans">the dashboard</Visibility><Visibility for="agents">`GET /v1/me`</Visibility>.';
    expect(markdownFor('agents', inline, 'md')).toBe('Open `GET /v1/me`.');
    expect(markdownFor('humans', inline, 'md')).toBe('Open the dashboard.');
    const nested =
      '<Visibility for="agents">\n  Outer.\n\n  <Visibility for="humans">\n    Inner.\n  </Visibility>\n</Visibility>';
    expect(markdownFor('agents', nested, 'mdx')).toBe('Outer.\n\n');
  });

  it('leaves a page alone without <Visibility>, when it is not MDX, or when it only mentions the tag in code', () => {
    const plain = '# Hi\n\nNo tags.';
    expect(markdownFor('agents', plain, 'md')).toBe(plain);
    const broken = 'GitHub markdown: a < b, <Visibility for="humans"> {unclosed';
    expect(markdownFor('agents', broken, 'md')).toBe(broken);
    const fenced = '```mdx\n<Visibility for="humans">Hi</Visibility>\n```';
    expect(markdownFor('agents', fenced, 'mdx')).toBe(fenced);
  });

  it('leaves out blocks for no known audience, for both, and survives hostile nesting', () => {
    expect(markdownFor('agents', '<Visibility for="robots">X</Visibility>\n\nY', 'mdx')).toBe('\n\nY');
    expect(markdownFor('humans', '<Visibility>X</Visibility>\n\nY', 'mdx')).toBe('\n\nY');
    const deep = `${'<Visibility for="agents">'.repeat(300)}core${'</Visibility>'.repeat(300)}`;
    const out = markdownFor('agents', deep, 'mdx');
    expect(out).toContain('core');
    expect(out.length).toBeLessThan(deep.length);
  });
});
