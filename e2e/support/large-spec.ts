/**
 * A generated OpenAPI 3.1 spec the size of Stripe's or GitHub's, for page-weight and navigation
 * tests: `types` component schemas (objects that reference each other, enums with described
 * values, constrained fields, markdown descriptions) and `endpoints` operations spread over tags
 * (some untagged, the tags arranged by `x-tagGroups`), with sentence-long summaries and response
 * headers. Deterministic: the same arguments give the same spec.
 */

export interface LargeSpecOptions {
  /** Component schemas (≥ 3,000 for the issue #17 checks). */
  types?: number;
  endpoints?: number;
  /** 0: no operation has a tag. */
  tags?: number;
}

const WORDS = ['account', 'balance', 'charge', 'dispute', 'invoice', 'payout', 'refund', 'session'];

/** The name of type `i`: spread over the alphabet, so grouping by first letter has work to do. */
export function largeTypeName(i: number): string {
  const letter = String.fromCharCode(65 + (i % 26));
  return `${letter}${WORDS[i % WORDS.length]}${i}`;
}

function typeSchema(i: number, types: number): object {
  if (i % 10 === 3) {
    const values = Array.from({ length: i % 20 === 3 ? 24 : 4 }, (_, v) => `value_${v}`);
    return {
      type: 'string',
      description: `One of the \`${largeTypeName(i)}\` states. See [the guide](https://example.com/guide).`,
      enum: values,
      'x-enumDescriptions': Object.fromEntries(values.map((v) => [v, `The \`${v}\` state.`])),
    };
  }
  const next = (i * 7 + 1) % types;
  return {
    type: 'object',
    description: `A **${largeTypeName(i)}** object. Links to \`${largeTypeName(next)}\`.`,
    required: ['id'],
    properties: {
      id: { type: 'string', pattern: '^[a-z]{3}_[A-Za-z0-9]+$', readOnly: true, description: 'Unique `id`.' },
      amount: {
        type: 'integer',
        minimum: 1,
        maximum: 99_999_999,
        default: 100,
        description: 'Amount in the [smallest currency unit](https://example.com/units).',
      },
      label: { type: 'string', minLength: 1, maxLength: 64, deprecated: i % 2 === 0 },
      tags: { type: 'array', items: { type: 'string' }, minItems: 0, maxItems: 16, uniqueItems: true },
      next: { $ref: `#/components/schemas/${largeTypeName(next)}` },
    },
  };
}

/** The spec as a JSON-serialisable object. */
export function largeSpec(options: LargeSpecOptions = {}): object {
  const types = options.types ?? 3_200;
  const endpoints = options.endpoints ?? 400;
  const tags = options.tags ?? 40;
  const schemas: Record<string, object> = {};
  for (let i = 0; i < types; i++) schemas[largeTypeName(i)] = typeSchema(i, types);
  const paths: Record<string, Record<string, object>> = {};
  for (let e = 0; e < endpoints; e++) {
    const type = largeTypeName((e * 13) % types);
    const tag = `tag-${e % tags}`;
    paths[`/things/${e}/{id}`] = {
      get: {
        operationId: `things/get-thing-${e}`,
        // Every 50th operation is untagged: those go in the last group (all of them with no tags).
        ...(e % 50 === 49 || tags === 0 ? {} : { tags: [tag] }),
        summary: `Get the thing number ${e} with everything it links to, including \`${type}\` objects`,
        description: `Returns a \`${type}\`. See [the guide](https://example.com/guide).`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The `thing`.',
            headers: {
              'X-RateLimit-Remaining': {
                description: 'Requests left in the **current** window.',
                schema: { type: 'integer', minimum: 0 },
              },
            },
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${type}` } } },
          },
        },
      },
    };
  }
  const tagNames = Array.from({ length: tags }, (_, t) => `tag-${t}`);
  return {
    openapi: '3.1.0',
    info: { title: 'Large API', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    tags: tagNames.map((name) => ({ name, description: `The \`${name}\` operations.` })),
    ...(tags === 0
      ? {}
      : {
          'x-tagGroups': [
            { name: 'Core', tags: tagNames.slice(0, tags / 2) },
            { name: 'More', tags: tagNames.slice(tags / 2) },
          ],
        }),
    components: { schemas },
    paths,
  };
}
