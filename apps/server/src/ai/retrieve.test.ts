/**
 * Retrieval over the demo docs (`examples/`): passages carry the site's anchors, and a question
 * set whose expected source pages must be among the cited passages (the hit rate is printed and
 * must stay at least 90%). Also hostile queries: empty, punctuation only, huge.
 */
import { fileURLToPath } from 'node:url';
import { loadDocsProject } from '@sextant/docs-project';
import { createDocsSite, type DocsSite } from '@sextant/docs-site';
import { beforeAll, describe, expect, it } from 'vitest';
import { retrievePassages } from './retrieve.js';

const EXAMPLES = fileURLToPath(new URL('../../../../examples/', import.meta.url));

let site: DocsSite;
beforeAll(async () => {
  const loaded = await loadDocsProject(EXAMPLES, { tolerateApiErrors: true });
  site = createDocsSite(loaded.definition, loaded.project.apis, 'test');
});

/** Questions a reader asks, and the pages a good answer cites (any one of them). */
const QUESTIONS: { question: string; expect: string[] }[] = [
  { question: 'How do I authenticate my requests?', expect: ['/guides/authentication'] },
  {
    question: 'How do I get an OAuth token with a client id and secret?',
    expect: ['/rest/auth/get-an-access-token-client-credentials', '/guides/authentication'],
  },
  { question: 'How can I list only the plants with a given tag?', expect: ['/rest/plants/list-plants'] },
  { question: 'How do I create a new plant?', expect: ['/rest/plants/add-a-plant'] },
  { question: 'How do I remove a plant?', expect: ['/rest/plants/delete-a-plant'] },
  { question: 'Can I upload several files in one request?', expect: ['/rest/bodies/upload-files-multipart'] },
  {
    question: 'How do I receive server-sent events?',
    expect: ['/rest/streams/stream-server-sent-events', '/guides/streaming-and-files'],
  },
  { question: 'What fields does a Plant have?', expect: ['/rest/types/plant'] },
  { question: 'How do I download the CSV report?', expect: ['/rest/files/download-a-csv-report'] },
  { question: 'How often does the websocket ticker send ticks?', expect: ['/ws/chat-and-ticker'] },
  { question: 'Which JSON-RPC method adds two numbers?', expect: ['/rpc/add-two-numbers'] },
  {
    question: 'How do I send an API key in a header?',
    expect: ['/rest/auth/endpoint-behind-an-api-key-header'],
  },
  { question: 'What does an error response look like?', expect: ['/rest/errors/get-an-error-response'] },
  { question: 'How do I get started with the demo?', expect: ['/guides/quickstart', '/'] },
];

describe('retrievePassages', () => {
  it('returns page sections with anchors and reference entries with their kind', async () => {
    const passages = await retrievePassages(site, 'OAuth client credentials token', 6);
    const section = passages.find((p) => p.url.startsWith('/guides/authentication#'));
    expect(section?.url).toBe('/guides/authentication#h-oauth-client-credentials');
    expect(section?.kind).toBe('page');
    expect(section?.text).toContain('client_credentials');
    const endpoint = passages.find((p) => p.kind === 'endpoint');
    expect(endpoint?.text).toMatch(/`POST \//);
  });

  it('cites the expected pages for the question set', async () => {
    let hits = 0;
    const misses: string[] = [];
    for (const { question, expect: expected } of QUESTIONS) {
      const urls = (await retrievePassages(site, question, 6)).map((p) => p.url.split('#')[0]);
      if (expected.some((url) => urls.includes(url))) hits++;
      else misses.push(`${question} → ${urls.join(', ')}`);
    }
    const rate = hits / QUESTIONS.length;
    console.log(`Ask AI retrieval hit rate: ${hits}/${QUESTIONS.length} (${Math.round(rate * 100)}%)`);
    if (misses.length) console.log(`misses:\n${misses.join('\n')}`);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });

  it('puts the page the reader asks about first, whatever the question, labelled with its API', async () => {
    const onPage = await retrievePassages(site, 'How do I upload files?', 3, {
      page: 'rest/plants/delete-a-plant',
    });
    expect(onPage[0]).toMatchObject({
      url: '/rest/plants/delete-a-plant',
      kind: 'endpoint',
      api: 'REST API',
    });
    expect(onPage[0]?.version).toBeTruthy();
    expect(onPage.slice(1).map((p) => p.url)).not.toContain('/rest/plants/delete-a-plant');
    expect(onPage.map((p) => p.url)).toContain('/rest/bodies/upload-files-multipart');
    const guide = await retrievePassages(site, 'what is this?', 2, { page: '/guides/quickstart/' });
    expect(guide[0]).toMatchObject({ url: '/guides/quickstart', kind: 'page', title: 'Quickstart' });
    // A page the site does not have is no context.
    expect((await retrievePassages(site, 'plants', 2, { page: 'nowhere' }))[0]?.url).not.toBe('/nowhere');
  });

  it('answers nothing for nothing, and survives hostile queries', async () => {
    expect(await retrievePassages(site, '', 6)).toEqual([]);
    expect(await retrievePassages(site, '?!… ()', 6)).toEqual([]);
    const huge = 'plant '.repeat(50_000);
    const started = performance.now();
    expect((await retrievePassages(site, huge, 6)).length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
