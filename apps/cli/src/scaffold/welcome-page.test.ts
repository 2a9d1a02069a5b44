import { describe, expect, it } from 'vitest';
import { renderWelcomePage } from './docs-config.js';

describe('the scaffold welcome page', () => {
  it('has one H1: its heading is the title, the front matter names none', () => {
    const page = renderWelcomePage('Pets: Docs');
    const [, frontMatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(page) ?? [];
    expect(frontMatter).not.toMatch(/^title:/m);
    expect(frontMatter).toContain('description: "What Pets: Docs documents and how to try it."');
    // The body opens with the heading the docs site takes as the page's title (and only H1).
    expect(body.trimStart().startsWith('# Pets: Docs\n')).toBe(true);
    expect(body.match(/^# /gm)).toHaveLength(1);
  });
});
