/**
 * `x-webhooks` (the OpenAPI 3.0 extension Redoc reads) is imported like 3.1 `webhooks`; a
 * document with both gets the union, and a name declared in both is warned about once.
 */
import { describe, expect, it } from 'vitest';
import { importDefinition } from '../import/import-definition.js';

function hook(operationId: string, summary: string) {
  return {
    post: {
      operationId,
      summary,
      requestBody: {
        content: {
          'application/json': {
            schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
          },
        },
      },
      responses: { '200': { description: 'ok' } },
    },
  };
}

function importSpec(root: Record<string, unknown>) {
  const text = JSON.stringify({ info: { title: 'Hooks', version: '1' }, paths: {}, ...root });
  return importDefinition({ entry: 'hooks.json', read: () => text });
}

describe('x-webhooks', () => {
  it('imports a 3.0 x-webhooks map as webhooks, with payloads and examples', () => {
    const { definition, warnings } = importSpec({
      openapi: '3.0.3',
      'x-webhooks': { orderPaid: hook('order.paid', 'Order paid') },
    });
    const webhooks = Object.values(definition.webhooks);
    expect(webhooks.map((webhook) => [webhook.name, webhook.method, webhook.title])).toEqual([
      ['orderPaid', 'POST', 'Order paid'],
    ]);
    expect(webhooks[0]?.payload.shape.type).not.toBe('unknown');
    expect(warnings).toEqual([]);
  });

  it('merges webhooks and x-webhooks; a name in both keeps the webhooks entry and is warned', () => {
    const { definition, warnings } = importSpec({
      openapi: '3.1.0',
      webhooks: { paid: hook('paid', 'Paid (webhooks)'), shipped: hook('shipped', 'Shipped') },
      'x-webhooks': {
        paid: hook('paid.legacy', 'Paid (x-webhooks)'),
        refunded: hook('refunded', 'Refunded'),
      },
    });
    const titles = Object.values(definition.webhooks).map((webhook) => webhook.title);
    expect(titles).toEqual(['Paid (webhooks)', 'Shipped', 'Refunded']);
    const clash = warnings.filter((warning) => warning.message.includes('both'));
    expect(clash).toHaveLength(1);
    expect(clash[0]?.message).toContain('"paid"');
    expect(clash[0]?.pointer).toBe('/x-webhooks/paid');
  });

  it('warns about a malformed x-webhooks instead of failing the import', () => {
    for (const bad of ['hooks', 42, ['a']]) {
      const { definition, warnings } = importSpec({ openapi: '3.0.3', 'x-webhooks': bad });
      expect(definition.webhooks).toEqual({});
      expect(warnings.some((warning) => warning.message.startsWith('`x-webhooks` must be an object'))).toBe(
        true,
      );
    }
  });

  it('leaves a 3.0 document without x-webhooks with none', () => {
    const { definition } = importSpec({ openapi: '3.0.3' });
    expect(definition.webhooks).toEqual({});
  });
});
