/**
 * Fuzz: every route of the table (cases generated from it) given malformed JSON, wrong types,
 * missing and extra fields, huge bodies, wrong content types, bad path and query values, and
 * bad, revoked or missing tokens. Each answer must be a named error body
 * `{ "error": "Name", "content": … }` with a 4xx status; not a single 5xx.
 */
import {
  DOCS_FILE_ERRORS,
  PROTOCOL_ERRORS,
  REGISTRY_ERRORS,
  type RouteSpec,
  routes,
} from '@sextant/registry-client';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startRegistryServer, type TestServer } from './testing/servers.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: Json[];
  const?: Json;
  items?: Schema;
  minItems?: number;
  minimum?: number;
  minLength?: number;
};

/** A minimal value that satisfies `schema` (JSON Schema from the route's zod schema). */
function sample(schema: Schema): Json {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0] ?? null;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.[0]) return sample(options[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {})]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

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

/** A small deterministic PRNG so failures reproduce. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function randomJson(next: () => number, depth = 0): Json {
  const pick = Math.floor(next() * (depth > 2 ? 5 : 7));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return next() > 0.5;
    case 2:
      return Math.floor(next() * 2e9) - 1e9;
    case 3:
      return (
        ['', 'x', '../../etc/passwd', '\u0000', '😀', "' or 1=1 --", 'a'.repeat(300)][
          Math.floor(next() * 7)
        ] ?? ''
      );
    case 4:
      return [-1, 0, 1.5, 1e308, Number.MAX_SAFE_INTEGER][Math.floor(next() * 5)] ?? 0;
    case 5:
      return Array.from({ length: Math.floor(next() * 4) }, () => randomJson(next, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 4) }, (_, index) => [
          ['orgId', 'apiId', 'url', 'domain', 'version', 'page', `k${index}`][Math.floor(next() * 7)] ?? 'k',
          randomJson(next, depth + 1),
        ]),
      );
  }
}

const NAMES = new Set([
  ...Object.keys(REGISTRY_ERRORS),
  ...Object.keys(DOCS_FILE_ERRORS),
  ...Object.keys(PROTOCOL_ERRORS),
]);
const entries = Object.entries(routes) as [string, RouteSpec][];

function pathOf(spec: RouteSpec, value = 'x'): string {
  return spec.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'number' || (name === 'id' && spec.path.includes('for-ir')) ? '1' : value,
  );
}

describe('registry fuzz', () => {
  let server: TestServer;
  let revoked = '';
  let fiveHundreds: string[] = [];
  let cases = 0;

  beforeAll(async () => {
    server = await startRegistryServer();
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
      expect(NAMES.has(String(body.error)), `${label} ${spec.path}: ${response.body.slice(0, 200)}`).toBe(
        true,
      );
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
    // Missing fields: the empty object is valid only where every field is optional.
    const missing = await send(`${name} missing`, spec, { payload: '{}' });
    if ((schema.required ?? []).length > 0) expect4xx(missing, `${name} missing`);
  });

  it.each(entries)('%s: bad path and query values give 4xx named errors', async (name, spec) => {
    if (spec.path.includes('{')) {
      for (const value of ['%00', 'a%00b', '..%2F..%2Fetc', '%F0%9F%98%80', "'%20or%201=1", 'a'.repeat(90)]) {
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

  it.each(entries)('%s: random JSON bodies never fail the server', async (name, spec) => {
    const next = random(name.length * 7919);
    for (let round = 0; round < 12; round++) {
      await send(`${name} random ${round}`, spec, { payload: JSON.stringify(randomJson(next)) });
    }
  });

  it('answered every case without a single 5xx', () => {
    expect(cases).toBeGreaterThan(entries.length * 20);
    expect(fiveHundreds).toEqual([]);
    fiveHundreds = [];
  });
});
