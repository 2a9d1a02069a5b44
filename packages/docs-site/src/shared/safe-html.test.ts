import { describe, expect, it } from 'vitest';
import { jsonWithoutServerHtml, safeHtml, withPageHtmlIds } from './safe-html.js';

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

/** What the page shipped before (issue #30): the same JSON, made with a replacer. */
const withReplacer = (value: unknown) =>
  JSON.stringify(value, (key, inner: unknown) => (key === '__html' ? '' : inner));

describe('jsonWithoutServerHtml', () => {
  it('writes props as JSON with every __html emptied, anywhere, leaving the value as it was', () => {
    const html = safeHtml('<pre><code>"a" &amp; b</code></pre>');
    const props = {
      tabs: [
        { id: 'curl', label: 'cURL', html, lines: 40 },
        { id: 'py', html: safeHtml('<b>x</b>'), note: undefined, code: 'a\r\nb\u2028' },
      ],
      nested: [[html], [{ deep: { __html: '<i>deep</i>', id: 'h9' } }], [undefined, null, () => 1]],
      // Spec data may hold such keys too: emptied whatever they hold, as before.
      spec: { __html: { not: 'a string' }, other: { __html: 7 }, empty: { __html: '' } },
      date: new Date(0),
      title: '__html',
    };
    const before = structuredClone({ ...props, nested: [], date: 0 });
    const json = jsonWithoutServerHtml(props);
    expect(json).toBe(withReplacer(props));
    expect(json).not.toContain('<');
    expect(props.tabs[0]?.html.__html).toBe('<pre><code>"a" &amp; b</code></pre>');
    expect(structuredClone({ ...props, nested: [], date: 0 })).toEqual(before);
  });

  it("is the replacer's JSON for random values", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * n);
    };
    const keys = ['__html', 'id', 'code', 'html', '0', ''];
    const value = (depth: number): unknown => {
      const kind = depth > 4 ? random(4) : random(7);
      if (kind === 0) return 'text "<&>"';
      if (kind === 1) return random(100);
      if (kind === 2) return [null, undefined, true][random(3)];
      if (kind === 3) return safeHtml(`<p>${random(9)}</p>`);
      if (kind === 4) return Array.from({ length: random(4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: random(4) }, () => [keys[random(6)], value(depth + 1)]));
    };
    for (let i = 0; i < 500; i++) {
      const v = value(0);
      expect(jsonWithoutServerHtml(v)).toBe(withReplacer(v));
    }
  });
});
