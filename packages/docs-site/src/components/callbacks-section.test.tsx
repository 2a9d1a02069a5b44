/**
 * Callbacks on an operation's reference page and in its `.md` variant, from a real import: each
 * callback's name, method, URL expression, body and the responses it expects are shown; a
 * `$ref`'d callback reads like an inline one; malformed callbacks are warned about, not shown.
 */
import {
  buildDocsDefinition,
  defaultDocsConfig,
  importDefinition,
  walkNavigation,
} from '@sextant/definition';
import { Window } from 'happy-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderDocsPageMarkdown } from '../server/render.js';
import { createDocsSite } from '../server/site.js';
import { CallbacksSection } from './callbacks-section.js';

const event = {
  type: 'object',
  required: ['id', 'kind'],
  properties: {
    id: { type: 'string', description: 'The event id.' },
    kind: { type: 'string', enum: ['paid', 'refunded'] },
  },
};

const spec = {
  openapi: '3.0.3',
  info: { title: 'Payments', version: '1' },
  paths: {
    '/subscriptions': {
      post: {
        operationId: 'subscribe',
        summary: 'Subscribe to payment events',
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { callbackUrl: { type: 'string', format: 'uri' } } },
            },
          },
        },
        responses: { '201': { description: 'Subscribed' } },
        callbacks: {
          onPayment: {
            '{$request.body#/callbackUrl}': {
              post: {
                summary: 'A payment happened',
                parameters: [
                  { name: 'X-Signature', in: 'header', required: true, schema: { type: 'string' } },
                ],
                requestBody: {
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
                },
                responses: {
                  '204': { description: 'Received' },
                  '410': { description: 'Gone: the subscription is dropped' },
                },
              },
            },
          },
          onCancel: { $ref: '#/components/callbacks/Cancelled' },
          broken: 'not a callback',
          odd: { '{$url}': { put: 'not an operation' } },
        },
      },
    },
  },
  components: {
    schemas: { Event: event },
    callbacks: {
      Cancelled: {
        '{$request.query.hook}/cancelled': { delete: { responses: { '200': { description: 'Noted' } } } },
      },
    },
  },
};

function imported() {
  const text = JSON.stringify(spec);
  return importDefinition({ entry: 'payments.json', read: () => text });
}

describe('callbacks', () => {
  it('are imported under their operation, $ref followed, malformed ones warned about with their pointer', () => {
    const { definition, warnings } = imported();
    const callbacks = definition.endpoints.subscribe?.callbacks ?? [];
    expect(callbacks.map((c) => [c.name, c.method, c.expression])).toEqual([
      ['onPayment', 'POST', '{$request.body#/callbackUrl}'],
      ['onCancel', 'DELETE', '{$request.query.hook}/cancelled'],
    ]);
    expect(callbacks[0]?.title).toBe('A payment happened');
    expect(callbacks[0]?.requestHeaders.map((h) => h.key)).toEqual(['X-Signature']);
    expect(callbacks[0]?.requests[0]?.body).toEqual({ type: 'alias', shape: { type: 'id', id: 'Event' } });
    expect(callbacks[0]?.responses.map((r) => r.statusCode)).toEqual([204]);
    expect(callbacks[0]?.errors.map((e) => e.statusCode)).toEqual([410]);
    const pointers = warnings.map((w) => w.pointer);
    expect(pointers).toContain('/paths/~1subscriptions/post/callbacks/broken');
    expect(pointers).toContain('/paths/~1subscriptions/post/callbacks/odd/{$url}/put');
    expect(warnings.map((w) => w.message).join('\n')).not.toContain('not supported');
  });

  it('render on the reference page: name, method, URL expression, headers, body, responses', () => {
    const { definition } = imported();
    const callbacks = definition.endpoints.subscribe?.callbacks ?? [];
    const html = renderToStaticMarkup(
      <CallbacksSection callbacks={callbacks} ctx={{ definition, fullPageUrl: '' }} />,
    );
    const { document } = new Window();
    const root = document.createElement('div');
    root.innerHTML = html;
    const section = root.querySelector('section[aria-label="Callbacks"]');
    expect(section?.querySelector('h2')?.textContent).toBe('Callbacks');
    const items = [...root.querySelectorAll('.sx-callback')];
    expect(items.map((item) => item.querySelector('.sx-callback-url')?.textContent)).toEqual([
      '{$request.body#/callbackUrl}',
      '{$request.query.hook}/cancelled',
    ]);
    expect(items.map((item) => item.id)).toEqual(['callback-onPayment-post', 'callback-onCancel-delete']);
    const payment = items[0];
    expect(payment?.querySelector('h3')?.textContent).toBe('onPayment A payment happened');
    expect([...(payment?.querySelectorAll('h4') ?? [])].map((h) => h.textContent)).toEqual([
      'Headers',
      'Request body application/json',
      'Response 204',
      'Errors',
    ]);
    expect(payment?.textContent).toContain('X-Signature');
    expect(payment?.textContent).toContain('Gone: the subscription is dropped');
  });

  it('are in the .md page of the operation', async () => {
    const { definition } = imported();
    const docs = buildDocsDefinition({
      config: defaultDocsConfig('Docs'),
      apis: { api: definition },
      navigation: [{ type: 'api', title: 'API', apiId: 'api' }],
    });
    let slug = '';
    walkNavigation(docs.navigation, (item) => {
      if (item.type === 'endpoint' && item.endpointId === 'subscribe') slug = item.slug;
    });
    const markdown = await renderDocsPageMarkdown(createDocsSite(docs, { api: definition }, '1'), slug);
    expect(markdown).toContain('## Callbacks');
    expect(markdown).toContain('### onPayment — A payment happened\n\n`POST {$request.body#/callbackUrl}`');
    expect(markdown).toContain('#### Headers');
    expect(markdown).toContain('#### Request body\n\n`application/json` — Event');
    expect(markdown).toContain('#### Response 204');
    expect(markdown).toContain('- 410: Gone: the subscription is dropped');
    expect(markdown).toContain('### onCancel\n\n`DELETE {$request.query.hook}/cancelled`');
  });
});
