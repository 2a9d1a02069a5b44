/**
 * openapi-sampler's own test suite, ported as data (fixtures/openapi-sampler-cases.json: schema
 * in, the sample its tests expect out; XML cases aside). Each schema is imported as a real
 * OpenAPI 3.1 body, inline and through `$ref`, and the example Sextant shows is checked:
 *
 * - it is valid against the case's own schema (Ajv, JSON Schema 2020-12), for every applicable case;
 * - inline and `$ref`'d forms give the same value;
 * - it agrees with the sampler's expected output: equal, or the same shape where the sampler puts
 *   a placeholder of the same type (`"string"`, `0`) and Sextant a realistic value, or more
 *   faithful (Sextant shows a value the spec gives where the sampler shows a placeholder).
 *   Every other outcome is listed in the case's `verdict` with a reason, and at least 95 % of the
 *   applicable cases must agree or be more faithful.
 */
import { isDeepStrictEqual } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { importDefinition } from '../import/import-definition.js';
import fixture from './fixtures/openapi-sampler-cases.json' with { type: 'json' };

interface SamplerCase {
  name: string;
  schema: Record<string, unknown>;
  options?: { skipReadOnly?: boolean; skipWriteOnly?: boolean; skipNonRequired?: boolean };
  spec?: Record<string, unknown>;
  expected: unknown;
  /** False when the sampler's test only checks validity (the expected value is what the sampler returns). */
  asserted?: boolean;
  /** Why the outcome is not agreement: `differs` (counted against the 95 %), `not-applicable` (no valid value exists). */
  verdict?: { kind: 'differs' | 'not-applicable'; reason: string };
}

type Outcome = 'same' | 'same-shape' | 'more-faithful' | 'differs';

const cases = fixture.cases as SamplerCase[];

interface Shown {
  value: unknown;
  /** True when the value is the spec's own example and its problems are reported (never replaced). */
  reported: boolean;
}

function samples(testCase: SamplerCase): { inline: Shown; referenced: Shown } {
  const request = testCase.options?.skipReadOnly === true;
  const operation = (schema: unknown) =>
    request
      ? {
          requestBody: { required: true, content: { 'application/json': { schema } } },
          responses: { '204': { description: 'none' } },
        }
      : { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } };
  const spec = {
    ...testCase.spec,
    openapi: '3.1.0',
    info: { title: testCase.name, version: '1' },
    paths: {
      '/inline': { post: operation(testCase.schema) },
      '/referenced': { post: operation({ $ref: '#/components/schemas/Case' }) },
    },
    components: { schemas: { Case: testCase.schema } },
  };
  const { definition } = importDefinition({ entry: 'case.json', read: () => JSON.stringify(spec) });
  const shown = (path: string): Shown => {
    const endpoint = Object.values(definition.endpoints).find((e) =>
      e.path.some((part) => part.type === 'literal' && part.value === path),
    );
    const example = endpoint?.examples[0];
    const part = request ? 'requestBody' : 'responseBody';
    return {
      value: example?.[part],
      reported:
        example?.synthesized === false && (example.problems ?? []).some((problem) => problem.part === part),
    };
  };
  return { inline: shown('/inline'), referenced: shown('/referenced') };
}

const ajv = new Ajv2020({ strict: false, logger: false, validateFormats: true, validateSchema: false });
(addFormatsModule as unknown as (instance: Ajv2020) => void)(ajv);
for (const format of ['int32', 'int64', 'float', 'double', 'password', 'byte', 'binary'])
  ajv.addFormat(format, true);

/** Draft 7 tuples (`items: [...]`, `additionalItems`) in their 2020-12 spelling, for Ajv 2020. */
function as2020(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(as2020);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = as2020(value);
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    delete out.items;
    if ('additionalItems' in out) {
      out.items = out.additionalItems;
      delete out.additionalItems;
    }
  }
  return out;
}

function validityErrors(testCase: SamplerCase, value: unknown): string | null {
  try {
    const validate = ajv.compile(as2020({ ...testCase.spec, ...testCase.schema }) as object);
    return validate(value) ? null : ajv.errorsText(validate.errors);
  } catch (error) {
    return `the schema does not compile: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Every value the schema itself gives (default, example(s), const, enum), as JSON text. */
function specValues(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) specValues(item, out);
  else if (schema !== null && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'default' || key === 'example' || key === 'const') out.add(JSON.stringify(value));
      if ((key === 'enum' || key === 'examples') && Array.isArray(value))
        for (const item of value) out.add(JSON.stringify(item));
      specValues(value, out);
    }
  }
  return out;
}

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** How Sextant's value compares with the sampler's expected one (see the file comment). */
function compare(expected: unknown, ours: unknown, given: Set<string>): Outcome {
  if (isDeepStrictEqual(expected, ours)) return 'same';
  if (kind(expected) !== kind(ours)) return given.has(JSON.stringify(ours)) ? 'more-faithful' : 'differs';
  if (Array.isArray(expected) && Array.isArray(ours)) {
    if (expected.length !== ours.length) return given.has(JSON.stringify(ours)) ? 'more-faithful' : 'differs';
    return worst(expected.map((item, index) => compare(item, ours[index], given)));
  }
  if (kind(expected) === 'object') {
    const a = expected as Record<string, unknown>;
    const b = ours as Record<string, unknown>;
    const keys = Object.keys(a).sort();
    if (!isDeepStrictEqual(keys, Object.keys(b).sort()))
      return given.has(JSON.stringify(ours)) ? 'more-faithful' : 'differs';
    return worst(keys.map((key) => compare(a[key], b[key], given)));
  }
  if (given.has(JSON.stringify(ours)) && !given.has(JSON.stringify(expected))) return 'more-faithful';
  return given.has(JSON.stringify(expected)) ? 'differs' : 'same-shape';
}

function worst(outcomes: Outcome[]): Outcome {
  const order: Outcome[] = ['differs', 'more-faithful', 'same-shape', 'same'];
  return order.find((outcome) => outcomes.includes(outcome)) ?? 'same';
}

describe("openapi-sampler's test suite", () => {
  const results = cases.map((testCase) => {
    const shown = samples(testCase);
    const inline = shown.inline.value;
    return {
      testCase,
      inline,
      referenced: shown.referenced.value,
      // The spec's own invalid example is shown as written with its problems: not a generated value.
      invalid: shown.inline.reported ? null : validityErrors(testCase, inline),
      outcome: compare(testCase.expected, inline, specValues([testCase.schema, testCase.spec])),
    };
  });
  const applicable = results.filter((r) => r.testCase.verdict?.kind !== 'not-applicable');

  it('has every case of the suite (XML aside)', () => {
    expect(cases.length).toBe(118);
  });

  it('gives a schema-valid example for every applicable case (Ajv 2020)', () => {
    expect(
      applicable
        .filter((r) => r.invalid)
        .map((r) => `${r.testCase.name}: ${r.invalid} ${JSON.stringify(r.inline)}`),
    ).toEqual([]);
  });

  it('gives the same example for a schema inline and through $ref', () => {
    expect(
      applicable
        .filter((r) => !isDeepStrictEqual(r.inline, r.referenced))
        .map((r) => `${r.testCase.name}: ${JSON.stringify(r.inline)} vs ${JSON.stringify(r.referenced)}`),
    ).toEqual([]);
  });

  it('names a reason for each case that does not agree, and only those', () => {
    const unexplained = applicable
      .filter((r) => (r.outcome === 'differs') !== (r.testCase.verdict?.kind === 'differs'))
      .map(
        (r) =>
          `${r.testCase.name}: ${r.outcome}; expected ${JSON.stringify(r.testCase.expected)}, shown ${JSON.stringify(r.inline)}`,
      );
    expect(unexplained).toEqual([]);
  });

  it('agrees with the sampler or is more faithful to the spec on at least 95 % of applicable cases', () => {
    const agreeing = applicable.filter((r) => r.outcome !== 'differs').length;
    const tally: Record<string, number> = {};
    for (const r of applicable) tally[r.outcome] = (tally[r.outcome] ?? 0) + 1;
    console.info('openapi-sampler port', {
      cases: cases.length,
      applicable: applicable.length,
      ...tally,
      agreeing: `${((100 * agreeing) / applicable.length).toFixed(1)} %`,
    });
    expect(agreeing / applicable.length).toBeGreaterThanOrEqual(0.95);
  });
});
