/**
 * Import speed: our whole import of GitHub's REST spec (read + parse + convert to the IR +
 * example synthesis, `importDefinition`) against `@apidevtools/swagger-parser` `dereference` of
 * the same file (read + parse + resolve every `$ref`, nothing else). Iterations alternate
 * between the two in one process after a warm-up; prints the medians and the ratio ours/theirs.
 * Target: ratio ≤ 1.0.
 *
 *   npm run bench:import [-- --iterations 7]
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { importDefinition } from '@sextant/definition';
import { readSpecFile } from '@sextant/definition/node';

const SPEC = 'test-data/node_modules/@octokit/openapi/generated/api.github.com.json';
const flag = process.argv.indexOf('--iterations');
const iterations = flag === -1 ? 7 : Number(process.argv[flag + 1]);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function ours(): number {
  const started = performance.now();
  const { definition } = importDefinition(readSpecFile(SPEC));
  const elapsed = performance.now() - started;
  if (Object.keys(definition.endpoints).length < 1000) throw new Error('import lost endpoints');
  return elapsed;
}

async function theirs(): Promise<number> {
  const started = performance.now();
  const api = await SwaggerParser.dereference(SPEC);
  const elapsed = performance.now() - started;
  if (!api.paths || Object.keys(api.paths).length < 500) throw new Error('dereference lost paths');
  return elapsed;
}

// Warm-up: JIT both code paths once.
ours();
await theirs();

const oursTimes: number[] = [];
const theirsTimes: number[] = [];
for (let i = 0; i < iterations; i++) {
  // Alternate which goes first so drift in machine load hits both alike.
  if (i % 2 === 0) {
    oursTimes.push(ours());
    theirsTimes.push(await theirs());
  } else {
    theirsTimes.push(await theirs());
    oursTimes.push(ours());
  }
  globalThis.gc?.();
}

const oursMedian = median(oursTimes);
const theirsMedian = median(theirsTimes);
const format = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
console.log(`spec: ${SPEC}`);
console.log(
  `ours   importDefinition (parse + IR + examples): median ${oursMedian.toFixed(0)} ms  [${format(oursTimes)}]`,
);
console.log(
  `theirs swagger-parser dereference:             median ${theirsMedian.toFixed(0)} ms  [${format(theirsTimes)}]`,
);
console.log(`ratio ours/theirs: ${(oursMedian / theirsMedian).toFixed(2)} (target <= 1.0)`);
