import { buildDocsDefinition, defaultDocsConfig, importOpenApi } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { siteSearchDocuments } from './documents.js';
import { createSearchIndex, loadSearchIndex, type SearchIndex } from './search-index.js';

const ok = { '200': { description: 'OK' } };
const op = (operationId: string, summary: string, extra: Record<string, unknown> = {}) => ({
  operationId,
  summary,
  tags: [operationId.split('/')[0]],
  responses: ok,
  ...extra,
});

/** A slice of GitHub's shape: issues, their comments and labels, pulls, and schema types that share their words. */
const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Hub', version: '2026-01-01' },
  paths: {
    '/repos/{owner}/{repo}/issues': {
      get: op('issues/list', 'List repository issues', { description: 'List issues in a repository.' }),
      post: op('issues/create', 'Create an issue', {
        description: 'Any user with pull access to a repository can create an issue.',
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/issue-input' } } },
        },
      }),
    },
    '/repos/{owner}/{repo}/issues/{issue_number}/comments': {
      post: op('issues/create-comment', 'Create an issue comment', {
        description: 'You can use the REST API to create comments on issues and pull requests.',
      }),
    },
    '/repos/{owner}/{repo}/issues/{issue_number}/labels': {
      post: op('issues/add-labels', 'Add labels to an issue', { description: 'Adds labels to an issue.' }),
    },
    '/repos/{owner}/{repo}/issues/{issue_number}/reactions': {
      post: op('reactions/create-for-issue', 'Create reaction for an issue', {
        description: 'Create a reaction to an issue.',
      }),
    },
    '/repos/{owner}/{repo}/pulls': {
      get: op('pulls/list', 'List pull requests', { description: 'Lists pull requests in a repository.' }),
      post: op('pulls/create', 'Create a pull request', { description: 'Creates a pull request.' }),
    },
    '/repos/{owner}/{repo}/pulls/{pull_number}': {
      get: op('pulls/get', 'Get a pull request', { description: 'Gets a pull request by number.' }),
    },
    '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers': {
      get: op('pulls/list-requested-reviewers', 'Get all requested reviewers for a pull request', {
        description: 'Gets the users or teams whose review is requested for a pull request.',
      }),
    },
    '/repos/{owner}/{repo}/{path}': {
      get: op('repos/get-content', 'Get repository content', { description: 'Gets a file.' }),
    },
    '/books': {
      post: op('books/add', 'Add a book', {
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/NewBook' } } },
        },
      }),
    },
  },
  components: {
    schemas: {
      'issue-input': { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string' } } },
      'organization-create-issue-type': {
        type: 'object',
        description: 'Create an issue type for an organization: the issue type to create.',
        properties: { name: { type: 'string' }, issue: { type: 'string' } },
      },
      'issue-comment': {
        type: 'object',
        description: 'Comments on an issue: create issue comments.',
        properties: { body: { type: 'string' } },
      },
      NewBook: { type: 'object', properties: { title: { type: 'string' }, author: { type: 'string' } } },
    },
  },
};

function hubIndex(): SearchIndex {
  const { definition: api } = importOpenApi({ entry: 'api.json', read: () => JSON.stringify(SPEC) });
  const docs = buildDocsDefinition({
    config: defaultDocsConfig('Hub'),
    apis: { api },
    navigation: [
      {
        type: 'section',
        title: 'Guides',
        slug: 'guides',
        contents: [
          {
            type: 'page',
            title: 'Pull requests',
            slug: 'pulls-guide',
            markdown: 'Open one from a branch.\n\n## Review a pull request\n\nAsk reviewers.',
          },
          {
            type: 'page',
            title: 'Secret plans',
            slug: 'secret',
            markdown: 'Create an issue in secret.',
            hidden: true,
          },
        ],
      },
      { type: 'api', title: 'API', apiId: 'api' },
    ],
  } as Parameters<typeof buildDocsDefinition>[0]);
  return createSearchIndex(siteSearchDocuments(docs, { api }));
}

const index = hubIndex();
const titles = (query: string, limit = 3) => index.search(query, { limit }).map((hit) => hit.title);

describe('SearchIndex', () => {
  it('ranks "create issue" to Create an issue first, above comments, reactions and schema types', () => {
    expect(titles('create issue')[0]).toBe('Create an issue');
    expect(titles('How do I create an issue?')[0]).toBe('Create an issue');
    // The API verbs are one word: new/add are create.
    expect(titles('new issue')[0]).toBe('Create an issue');
  });

  it('matches concrete paths and METHOD /path to path templates', () => {
    const hits = index.search('/repos/octocat/hello-world/pulls', { limit: 3 });
    expect(hits[0]?.path).toBe('/repos/{owner}/{repo}/pulls');
    expect(
      hits
        .slice(0, 2)
        .map((hit) => hit.method)
        .sort(),
    ).toEqual(['GET', 'POST']);
    // The literal "pulls" beats the {path} parameter of /repos/{owner}/{repo}/{path}.
    expect(titles('/repos/octocat/hello-world/pulls', 5).indexOf('Get repository content')).toBe(2);
    const post = index.search('POST /repos/{owner}/{repo}/pulls', { limit: 1 })[0];
    expect([post?.method, post?.title]).toEqual(['POST', 'Create a pull request']);
    expect(titles('GET /repos/o/r/pulls/42', 1)).toEqual(['Get a pull request']);
    expect(titles('https://api.hub.test/repos/o/r/issues', 2)).toContain('Create an issue');
  });

  it('tolerates one typo in words of 4 letters or more, and prefixes', () => {
    expect(titles('pul request')).toEqual(
      expect.arrayContaining(['List pull requests', 'Get a pull request', 'Create a pull request']),
    );
    expect(titles('creat an isue')[0]).toBe('Create an issue');
    expect(titles('labls')[0]).toBe('Add labels to an issue');
    // Three letters get no typo: "cat" finds nothing rather than "cut", "car", ...
    expect(index.search('xyq')).toEqual([]);
  });

  it('ranks schema types below endpoints unless the query names a type', () => {
    expect(
      index.search('create issue', { limit: 10 }).findIndex((hit) => hit.kind === 'type'),
    ).toBeGreaterThan(2);
    expect(index.search('NewBook', { limit: 1 })[0]).toMatchObject({ kind: 'type', title: 'NewBook' });
    expect(index.search('issue-comment', { limit: 1 })[0]).toMatchObject({
      kind: 'type',
      title: 'issue-comment',
    });
    expect(index.search('What fields does an issue-input have?', { limit: 1 })[0]).toMatchObject({
      kind: 'type',
      title: 'issue-input',
    });
  });

  it('finds endpoints by operationId and parameter names, and page sections by heading', () => {
    expect(titles('pulls/list-requested-reviewers', 1)).toEqual([
      'Get all requested reviewers for a pull request',
    ]);
    expect(index.search('author', { limit: 3 }).map((hit) => hit.title)).toContain('Add a book');
    const section = index.search('review a pull request', { kinds: ['page'], limit: 1 })[0];
    expect(section).toMatchObject({
      slug: 'pulls-guide',
      anchor: 'h-review-a-pull-request',
      page: 'Pull requests',
    });
    expect(section?.url).toBe('pulls-guide#h-review-a-pull-request');
  });

  it('leaves hidden pages out', () => {
    expect(index.search('secret', { limit: 20 }).map((hit) => hit.slug)).not.toContain('secret');
  });

  it('keeps one hit per page unless asked, labels hits with the API and version', () => {
    const hit = index.search('create issue', { limit: 1 })[0];
    expect(hit).toMatchObject({ api: 'API', version: '2026-01-01', section: 'issues' });
    const slugs = index.search('pull request', { limit: 20 }).map((h) => h.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('stores what a result shows and links to, not the text it is found by', () => {
    const shown = {
      slug: 'api/pulls',
      anchor: 'h-x',
      kind: 'endpoint',
      title: 'List pull requests',
      page: 'Pulls',
      section: 'pulls',
      api: 'Hub',
      version: '1',
      docsVersion: 'v1',
      method: 'GET',
      path: '/pulls',
    } as const;
    const found = { operationId: 'pulls/list', params: 'owner', lead: 'Lists.', text: 'Lists pulls.' };
    const index = createSearchIndex([
      { ...shown, ...found },
      { slug: '', kind: 'page', title: 'Hi', text: 'Hello' },
    ]);
    expect(index.document(0)).toStrictEqual(shown);
    expect(index.document(1)).toStrictEqual({ slug: '', kind: 'page', title: 'Hi' });
  });

  it('answers hostile queries without throwing', () => {
    for (const query of ['', '   ', '???', '/', '{}', '*'.repeat(10_000), 'a '.repeat(5000), '\u0000\ud800'])
      expect(() => index.search(query)).not.toThrow();
    expect(index.search('')).toEqual([]);
  });

  it('serialises and loads to the same ranking (the browser index)', () => {
    const loaded = loadSearchIndex(JSON.stringify(index));
    for (const query of ['create issue', 'pul request', '/repos/o/r/pulls', 'NewBook'])
      expect(loaded.search(query)).toEqual(index.search(query));
  });
});
