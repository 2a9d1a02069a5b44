import { describe, expect, it } from 'vitest';
import { markdownText, splitMarkdownSections } from './markdown-sections.js';

describe('splitMarkdownSections', () => {
  it('splits at h2/h3 with the anchors the site renders, ignoring code fences', () => {
    const sections = splitMarkdownSections(
      'Intro\n\n## Use `tokens`\ntext\n```md\n## not a heading\n```\n### Use tokens\nmore\n#### Deep\nx\n## Use `tokens`\nagain',
    );
    expect(sections.map((s) => s.anchor)).toEqual([
      undefined,
      'h-use-tokens',
      'h-use-tokens-2',
      'h-use-tokens-3',
    ]);
    expect(sections[1]?.text).toContain('## not a heading');
    expect(sections[2]?.text).toContain('#### Deep');
  });

  it('reduces markdown to its words', () => {
    expect(markdownText('Use **`tokens`**, see [auth](/auth).\n```js\ncode()\n```')).toBe(
      'Use tokens , see auth.',
    );
  });

  it('drops a whole tag whose attribute values hold ">", not just its start', () => {
    expect(
      markdownText('Flow: <Mermaid chart="graph TD; A-->B" /> and <Tooltip tip={"a > b"}>hover</Tooltip>.'),
    ).toBe('Flow: and hover .');
  });
});
