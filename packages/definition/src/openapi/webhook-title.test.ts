/**
 * Webhook titles and slugs: named by their event (`issues.opened`), not by a summary every action
 * of the event shares; slugs come from the name, so they do not move when webhooks are reordered;
 * payloads are written by the server, so readOnly fields are in their examples.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDocsDefinition } from '../docs/build-docs-definition.js';
import { defaultDocsConfig } from '../docs/config.js';
import { walkNavigation } from '../docs/navigation.js';
import { synthesizeExamples } from '../examples/index.js';
import { importDefinition } from '../import/import-definition.js';
import type { ApiDefinition } from '../ir/definition.js';

const GITHUB = 'test-data/node_modules/@octokit/openapi/generated/api.github.com.json';

/** GitHub's spec with its `x-webhooks` as 3.1 `webhooks`, in spec order or reversed. */
function github(order: 'spec' | 'reversed'): ApiDefinition {
  const root = JSON.parse(readFileSync(GITHUB, 'utf8'));
  const entries = Object.entries(root['x-webhooks'] as Record<string, unknown>);
  root.webhooks = Object.fromEntries(order === 'spec' ? entries : entries.reverse());
  delete root['x-webhooks'];
  const text = JSON.stringify(root);
  return importDefinition({ entry: 'github.json', read: () => text }).definition;
}

/** Webhook id → its page slug in a docs site made of `api` alone. */
function webhookSlugs(api: ApiDefinition): Map<string, string> {
  const docs = buildDocsDefinition({
    config: defaultDocsConfig('Docs'),
    apis: { api },
    navigation: [{ type: 'api', title: 'API', apiId: 'api' }],
  });
  const slugs = new Map<string, string>();
  walkNavigation(docs.navigation, (item) => {
    if (item.type === 'webhook') slugs.set(item.webhookId, item.slug);
  });
  return slugs;
}

function spec(webhooks: Record<string, unknown>): string {
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'Hooks', version: '1' }, webhooks });
}

function imported(text: string): ApiDefinition {
  return importDefinition({ entry: 'hooks.json', read: () => text }).definition;
}

describe("GitHub's webhooks", () => {
  it('are titled by event and action, uniquely, with slugs that stay put when the spec is reordered', () => {
    const first = github('spec');
    const webhooks = Object.values(first.webhooks);
    expect(webhooks.length).toBeGreaterThan(250);
    const titles = webhooks.map((webhook) => webhook.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.filter((title) => title.startsWith('This event occurs'))).toEqual([]);
    expect(first.webhooks['issues/opened']?.title).toBe('issues.opened');
    expect(first.webhooks['check-run/requested-action']?.title).toBe('check_run.requested_action');
    // The event-level summary is kept in the description, after the action's own sentence.
    expect(first.webhooks['issues/opened']?.description).toMatch(
      /^An issue was created\.[\s\S]*This event occurs/,
    );

    const slugs = webhookSlugs(first);
    const again = webhookSlugs(github('reversed'));
    expect(slugs.size).toBe(webhooks.length);
    expect([...slugs.values()].filter((slug) => /-\d+$/.test(slug))).toEqual([]);
    expect(Object.fromEntries(again)).toEqual(Object.fromEntries(slugs));
    expect(slugs.get('issues/opened')).toMatch(/(^|\/)issues-opened$/);
  }, 300_000);

  it("keep readOnly fields in synthesised payloads (dependabot's alert `number`)", () => {
    const text = spec({
      alert: {
        post: {
          operationId: 'alert/created',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['number', 'state'],
                  properties: {
                    number: { type: 'integer', readOnly: true },
                    state: { type: 'string', enum: ['open'] },
                    secret: { type: 'string', writeOnly: true },
                  },
                },
              },
            },
          },
        },
      },
    });
    const definition = synthesizeExamples(imported(text));
    const payload = definition.webhooks['alert/created']?.examples[0]?.payload as Record<string, unknown>;
    expect(typeof payload.number).toBe('number');
    expect(payload.state).toBe('open');
    expect(payload).not.toHaveProperty('secret');
  });
});

describe('webhook titles in general', () => {
  const longSummary = 'This event occurs when there is activity relating to the thing you subscribed to.';

  it('use a short summary, else the operationId as an event name, else the webhook key', () => {
    const api = imported(
      spec({
        'pet-adopted': { post: { summary: 'A pet was adopted', operationId: 'pets/adopted' } },
        'pet-returned': { post: { summary: longSummary, operationId: 'pets/returned' } },
        'order.paid': { post: { summary: longSummary } },
        'multi-line': { post: { summary: 'Short\nbut two lines', operationId: 'multiLine' } },
      }),
    );
    const titles = Object.values(api.webhooks).map((webhook) => [webhook.name, webhook.title]);
    expect(titles).toEqual([
      ['pet-adopted', 'A pet was adopted'],
      ['pet-returned', 'pets.returned'],
      ['order.paid', 'order.paid'],
      ['multi-line', 'multiLine'],
    ]);
    expect(api.webhooks['pets/returned']?.description).toBe(longSummary);
    expect(api.webhooks['pets/adopted']?.description).toBeUndefined();
  });

  it('give two webhooks with one short summary slugs from their keys, not -2', () => {
    const hooks = {
      'user.created': { post: { summary: 'User event' } },
      'user.deleted': { post: { summary: 'User event' } },
      'user.polled': { get: { summary: 'User event' }, post: { summary: 'User event' } },
    };
    const slugs = [...webhookSlugs(imported(spec(hooks))).values()];
    expect(slugs.map((slug) => slug.split('/').pop())).toEqual([
      'user-event',
      'user-deleted',
      'user-polled-get',
      'user-polled',
    ]);
  });

  it('ignore an operationId or summary that is not a string, or only slashes', () => {
    const api = imported(
      spec({
        a: { post: { summary: 42, operationId: ['x'] } },
        b: { post: { summary: '   ', operationId: '///' } },
      }),
    );
    expect(Object.values(api.webhooks).map((webhook) => webhook.title)).toEqual(['a', 'b']);
  });
});
