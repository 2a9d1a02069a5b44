import { describe, expect, it } from 'vitest';
import { safeHtml, withPageHtmlIds } from './safe-html.js';

describe('withPageHtmlIds', () => {
  it('numbers a page build from 1 whatever was built before, so page bytes do not drift', () => {
    const build = () => [safeHtml('<p>a</p>').id, safeHtml('<p>b</p>').id];
    safeHtml('<p>earlier page</p>');
    const first = withPageHtmlIds(build);
    safeHtml('<p>another page</p>');
    expect(withPageHtmlIds(build)).toEqual(first);
    expect(first).toEqual(['h1', 'h2']);
  });

  it('gives every piece of one build its own id', () => {
    const ids = withPageHtmlIds(() => Array.from({ length: 40 }, () => safeHtml('<p>x</p>').id));
    expect(new Set(ids).size).toBe(40);
  });
});
