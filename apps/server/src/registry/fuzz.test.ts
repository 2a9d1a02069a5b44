/**
 * Fuzz: every route of the table, on PGlite and on PostgreSQL, given malformed JSON, wrong types,
 * missing and extra fields, huge bodies, wrong content types, bad path and query values, bad,
 * revoked or missing tokens, hostile input (100,000 nested brackets, lone surrogates, NULs, numbers
 * beyond any range), then property-based requests from fast-check: bodies shaped by the route's
 * zod schema with hostile leaves, arbitrary JSON, query strings and headers. Each answer must be
 * a named error body `{ "error": "Name", "content": … }` with a 4xx status; not a single 5xx.
 * The counts (cases, 5xx) are printed at the end of each run.
 */
import { isNamedErrorName, PROTOCOL_ERRORS, type RouteSpec, routes } from '@sextant/registry-client';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Json, type Schema, sample } from './testing/json-schema-sample.js';
import { createPostgresDatabase, startRegistryServer, type TestServer } from './testing/servers.js';

/** Same value with one field swapped for a value of another JSON type. */
function wrongTypes(value: Json): Json[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const swaps: Json[] = [];
  for (const [key, field] of Object.entries(value)) {
    const wrong: Json =
      typeof field === 'string'
        ? 12345
        : typeof field === 'number'
          ? 'not-a-number'
          : typeof field === 'boolean'
            ? 'yes'
            : Array.isArray(field)
              ? { not: 'an array' }
              : 'not-an-object';
    swaps.push({ ...value, [key]: wrong });
  }
  return swaps;
}

/** Strings a careless server chokes on: lone surrogates, NUL, bidi controls, traversal, SQL, long. */
const HOSTILE_STRINGS = [
  '\ud800',
  'a\udfffb',
  '\u0000',
  'a\u0000b',
  '\u202e',
  '😀',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'x'.repeat(5000),
  '%00',
  '',
  ' ',
];
/** Number literals JSON.stringify cannot write: beyond double range, beyond 64 bits, negative zero. */
const NUMBER_LITERALS = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '-0',
  '1e-400',
  '9007199254740993',
];
/** Stands for a number literal in a generated value; replaced in the JSON text. */
const NUMBER_SLOT = '__number_slot__';

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ maxLength: 12 }),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 63)),
);
const hostileLeaf: fc.Arbitrary<Json> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant(NUMBER_SLOT),
);

/** Values shaped like `schema` (JSON Schema of a route's zod schema) with hostile leaves mixed in. */
function shaped(schema: Schema, depth = 0): fc.Arbitrary<Json> {
  if (depth > 4) return hostileLeaf;
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return fc.oneof(...options.map((option) => shaped(option, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let own: fc.Arbitrary<Json>;
  if (schema.const !== undefined) own = fc.constant(schema.const);
  else if (schema.enum) own = fc.constantFrom(...schema.enum);
  else if (type === 'object') {
    const keys = Object.keys(schema.properties ?? {});
    own = fc.record(
      Object.fromEntries(keys.map((key) => [key, shaped(schema.properties?.[key] ?? {}, depth + 1)])),
      { requiredKeys: (schema.required ?? []).filter((key) => keys.includes(key)) },
    ) as fc.Arbitrary<Json>;
  } else if (type === 'array') own = fc.array(shaped(schema.items ?? {}, depth + 1), { maxLength: 3 });
  else if (type === 'string')
    own = fc.oneof(fc.string({ minLength: schema.minLength ?? 0, maxLength: 40 }), hostileString);
  else if (type === 'integer' || type === 'number') own = hostileNumber;
  else if (type === 'boolean') own = fc.boolean();
  else own = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
  // Mostly the right shape, sometimes a hostile value where it should be.
  return fc.oneof({ arbitrary: own, weight: 4 }, { arbitrary: hostileLeaf, weight: 1 });
}

/** Percent-encodes text, lone surrogates included (as the bytes a careless client would send). */
function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(text, (char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    }).join('');
  }
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
];
const HEADER_NAMES = [
  'accept',
  'accept-encoding',
  'x-forwarded-for',
  'x-forwarded-proto',
  'cookie',
  'user-agent',
  'origin',
  'if-none-match',
  'x-request-id',
];
const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);

const isErrorName = (name: unknown) => isNamedErrorName(name) || Object.hasOwn(PROTOCOL_ERRORS, String(name));
const entries = Object.entries(routes) as [string, RouteSpec][];

function pathOf(spec: RouteSpec, value = 'x'): string {
  return spec.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'number' || (name === 'id' && spec.path.includes('for-ir')) ? '1' : value,
  );
}

/** Cases and 5xx answers per backend, printed when its suite ends. */
const FUZZ_RUNS_PER_ROUTE = Number(process.env.SEXTANT_FUZZ_RUNS ?? 60);

function fuzzSuite(backend: string, start: () => Promise<TestServer>): void {
  describe(`registry fuzz on ${backend}`, () => {
    let server: TestServer;
    let revoked = '';
    let fiveHundreds: string[] = [];
    const unnamed: string[] = [];
    let cases = 0;

    beforeAll(async () => {
      server = await start();
      const { orgId } = server;
      const response = await server.app.inject({
        method: 'POST',
        url: '/tokens/generate',
        headers: { authorization: `Bearer ${server.token}` },
        payload: { orgId },
      });
      const token = response.json() as { token: string; tokenId: string };
      await server.app.inject({
        method: 'POST',
        url: '/tokens/revoke',
        headers: { authorization: `Bearer ${server.token}` },
        payload: { tokenId: token.tokenId },
      });
      revoked = token.token;
    });
    afterAll(async () => {
      await server?.close();
    });

    async function send(
      label: string,
      spec: RouteSpec,
      options: { url?: string; token?: string | null; payload?: string; contentType?: string },
    ): Promise<LightMyRequestResponse> {
      cases++;
      const headers: Record<string, string> = {};
      const token = options.token === undefined ? server.token : options.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      if (options.payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
      const response = await server.app.inject({
        method: spec.method,
        url: options.url ?? pathOf(spec),
        headers,
        ...(options.payload === undefined ? {} : { payload: options.payload }),
      });
      if (response.statusCode >= 500)
        fiveHundreds.push(
          `${label}: ${spec.method} ${spec.path} → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      if (response.statusCode >= 300) {
        const body = response.json() as { error?: unknown; content?: unknown };
        expect(isErrorName(body.error), `${label} ${spec.path}: ${response.body.slice(0, 200)}`).toBe(true);
        expect(body).toHaveProperty('content');
      }
      return response;
    }

    const expect4xx = (response: LightMyRequestResponse, label: string) =>
      expect(
        response.statusCode >= 400 && response.statusCode < 500,
        `${label}: ${response.statusCode} ${response.body.slice(0, 200)}`,
      ).toBe(true);

    it.each(entries)('%s: bad, revoked and missing tokens give UnauthorizedError', async (name, spec) => {
      if (spec.auth === 'public') return;
      const body = spec.body
        ? JSON.stringify(sample(z.toJSONSchema(spec.body, { io: 'input' }) as Schema))
        : undefined;
      for (const token of ['nope', revoked, 'sxt_'.padEnd(50, 'A'), ' ']) {
        const response = await send(`${name} token`, spec, {
          token,
          ...(body === undefined ? {} : { payload: body }),
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ error: 'UnauthorizedError' });
      }
      if (spec.auth === 'token') {
        const response = await send(`${name} no token`, spec, {
          token: null,
          ...(body === undefined ? {} : { payload: body }),
        });
        expect(response.statusCode).toBe(401);
      }
    });

    it.each(entries)('%s: malformed bodies give 4xx named errors', async (name, spec) => {
      if (!spec.body) {
        // A body sent to a call that takes none is ignored or refused, never a failure.
        await send(`${name} unexpected body`, spec, { payload: '{"a":1}' });
        return;
      }
      const schema = z.toJSONSchema(spec.body, { io: 'input' }) as Schema;
      const valid = sample(schema);
      const bad: [string, string, string?][] = [
        ['malformed', '{"orgId": "local",'],
        ['not json', 'hello'],
        ['empty', ''],
        ['array', '[1,2,3]'],
        ['string', '"text"'],
        ['null', 'null'],
        ['number', '42'],
        ['extra field', JSON.stringify({ ...(valid as object), unexpectedField: 1 })],
        [
          'huge',
          JSON.stringify({
            orgId: 'x'.repeat(
              (spec.bodyLimit ?? 1024 * 1024) > 4 * 1024 * 1024
                ? 2 * 1024 * 1024
                : (spec.bodyLimit ?? 1024 * 1024) + 10,
            ),
          }),
        ],
        ['text/plain', JSON.stringify(valid), 'text/plain'],
        ['deep', `${'['.repeat(5000)}${']'.repeat(5000)}`],
        ['100,000 nested arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
        ['100,000 nested objects', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
        ['unclosed nesting', '['.repeat(100_000)],
        ['lone surrogate value', '{"orgId":"\\ud800","url":"a\\udfffb","domain":"\\ud800.test"}'],
        ['lone surrogate key', '{"\\udc00":1}'],
        ...wrongTypes(valid).map((value, index): [string, string] => [
          `wrong type ${index}`,
          JSON.stringify(value),
        ]),
      ];
      for (const [label, payload, contentType] of bad) {
        const response = await send(`${name} ${label}`, spec, {
          payload,
          ...(contentType ? { contentType } : {}),
        });
        expect4xx(response, `${name} ${label}`);
      }
      // Numbers beyond any range in the first field (a body with no fields stays valid: never a 5xx).
      for (const literal of NUMBER_LITERALS) {
        const payload = JSON.stringify(valid).replace(
          /("[^"]+":)(-?[0-9.e+-]+|"[^"]*"|true|false|null)/,
          `$1${literal}`,
        );
        const response = await send(`${name} number ${literal}`, spec, { payload });
        if (payload !== JSON.stringify(valid)) expect4xx(response, `${name} number ${literal}`);
      }
      // Missing fields: the empty object is valid only where every field is optional.
      const missing = await send(`${name} missing`, spec, { payload: '{}' });
      if ((schema.required ?? []).length > 0) expect4xx(missing, `${name} missing`);
    });

    it.each(entries)('%s: bad path and query values give 4xx named errors', async (name, spec) => {
      if (spec.path.includes('{')) {
        for (const value of [
          '%00',
          'a%00b',
          '..%2F..%2Fetc',
          '%F0%9F%98%80',
          "'%20or%201=1",
          'a'.repeat(90),
        ]) {
          const response = await send(`${name} path`, spec, {
            url: pathOf(spec, value),
            ...(spec.body ? { payload: '{}' } : {}),
          });
          expect(response.statusCode).toBeLessThan(500);
        }
        // Broken percent-encoding and parameters over 100 characters are refused by Fastify's router
        // before any route runs; app.ts's frameworkErrors gives them the named-error body too.
        for (const value of ['%E0%A4%A', 'a'.repeat(3000)]) {
          const url = pathOf(spec, value);
          if (!url.includes(value)) continue;
          const refused = await server.app.inject({ method: spec.method, url });
          expect([400, 414]).toContain(refused.statusCode);
          expect(refused.json()).toMatchObject({ error: 'BadRequestError' });
        }
        if (
          spec.params &&
          /\{(number|id)\}/.test(spec.path) &&
          (spec.path.includes('for-ir') || spec.path.includes('{number}'))
        ) {
          expect4xx(
            await send(`${name} number param`, spec, { url: spec.path.replace(/\{(\w+)\}/g, 'NaN') }),
            name,
          );
        }
      }
      if (spec.query) {
        const properties = Object.keys(
          (z.toJSONSchema(spec.query, { io: 'input' }) as Schema).properties ?? {},
        );
        for (const key of properties) {
          const response = await send(`${name} query ${key}`, spec, {
            url: `${pathOf(spec)}?${key}=%7Bnot-valid%7D&${key}=2`,
            ...(spec.body
              ? { payload: JSON.stringify(sample(z.toJSONSchema(spec.body, { io: 'input' }) as Schema)) }
              : {}),
          });
          expect4xx(response, `${name} query ${key}`);
        }
        expect4xx(
          await send(`${name} unknown query`, spec, {
            url: `${pathOf(spec)}?surprise=1`,
            ...(spec.body ? { payload: '{}' } : {}),
          }),
          name,
        );
      }
    });

    it.each(entries)('%s: lone surrogates in path and query values give 4xx', async (name, spec) => {
      const url = spec.path.includes('{') ? pathOf(spec, '%ED%A0%80') : pathOf(spec);
      const query = spec.query ? '?page=%ED%A0%80&orgId=%ED%B0%80&x=%F0%9F' : '?x=%ED%A0%80';
      const response = await send(`${name} surrogate url`, spec, {
        url: `${url}${query}`,
        ...(spec.body ? { payload: '{}' } : {}),
      });
      expect(response.statusCode).toBeLessThan(500);
    });

    it.each(entries)('%s: property-based requests (fast-check) never fail the server', async (name, spec) => {
      const bodySchema = spec.body ? (z.toJSONSchema(spec.body, { io: 'input' }) as Schema) : {};
      const queryKeys = spec.query
        ? Object.keys((z.toJSONSchema(spec.query, { io: 'input' }) as Schema).properties ?? {})
        : [];
      const request = fc.record({
        body: fc.oneof(
          { arbitrary: shaped(bodySchema), weight: 3 },
          { arbitrary: fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>, weight: 1 },
          { arbitrary: fc.constant(undefined), weight: 1 },
        ),
        numberLiteral: fc.constantFrom(...NUMBER_LITERALS),
        deep: fc.option(fc.integer({ min: 200, max: 120_000 }), { freq: 8 }),
        contentType: fc.constantFrom(...CONTENT_TYPES),
        query: fc.dictionary(
          fc.oneof(fc.constantFrom('orgId', 'page', ...queryKeys), fc.string({ maxLength: 6 })),
          hostileString,
          {
            maxKeys: 3,
          },
        ),
        // `.` and `..` are dot segments: the URL then names another (unknown) route, not this one.
        pathValue: hostileString.filter((value) => value !== '.' && value !== '..'),
        headers: fc.dictionary(fc.constantFrom(...HEADER_NAMES), headerValue, { maxKeys: 3 }),
        auth: fc.constantFrom<'valid' | 'none' | 'garbage' | 'basic'>(
          'valid',
          'valid',
          'none',
          'garbage',
          'basic',
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          const text =
            input.deep !== null
              ? `${'['.repeat(input.deep)}${']'.repeat(input.deep)}`
              : input.body === undefined
                ? undefined
                : JSON.stringify(input.body).replaceAll(`"${NUMBER_SLOT}"`, input.numberLiteral);
          const query = Object.entries(input.query)
            .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
            .join('&');
          const headers: Record<string, string> = { ...input.headers };
          if (input.auth === 'valid') headers.authorization = `Bearer ${server.token}`;
          if (input.auth === 'garbage')
            headers.authorization = `Bearer ${input.pathValue.replace(/[^\x20-\x7e]/g, '')}`;
          if (input.auth === 'basic') headers.authorization = 'Basic dXNlcjpwYXNz';
          if (text !== undefined) headers['content-type'] = input.contentType;
          cases++;
          const response = await server.app.inject({
            method: spec.method,
            url: `${pathOf(spec, percentEncode(input.pathValue) || 'x')}${query ? `?${query}` : ''}`,
            headers,
            ...(text === undefined ? {} : { payload: text }),
          });
          if (response.statusCode >= 500)
            fiveHundreds.push(`${name} fast-check: ${response.statusCode} ${response.body.slice(0, 200)}`);
          if (response.statusCode >= 400 && !isErrorName((response.json() as { error?: unknown }).error))
            unnamed.push(`${name} fast-check: ${response.statusCode} ${response.body.slice(0, 200)}`);
          return response.statusCode < 500;
        }),
        { numRuns: FUZZ_RUNS_PER_ROUTE },
      );
    });

    it('answered every case without a single 5xx', () => {
      console.info(
        `registry fuzz on ${backend}: ${cases} cases over ${entries.length} routes, ${fiveHundreds.length} × 5xx`,
      );
      expect(cases).toBeGreaterThan(entries.length * (20 + FUZZ_RUNS_PER_ROUTE));
      expect(fiveHundreds).toEqual([]);
      expect(unnamed).toEqual([]);
      fiveHundreds = [];
    });
  });
}

fuzzSuite('PGlite', () => startRegistryServer());

// PostgreSQL: a fresh database per run; with CI=true an unreachable server fails the run (createPostgresDatabase).
const database = await createPostgresDatabase();
if ('url' in database) {
  fuzzSuite('PostgreSQL', () => startRegistryServer({ databaseUrl: database.url }));
  afterAll(() => database.drop());
} else {
  console.warn(`registry fuzz on PostgreSQL skipped: ${database.skipped}`);
}
