/**
 * The renderer's warm-up runs a document through the whole unified pipeline, not only the
 * highlighter: its serialiser (the last stage) is counted. Alone in its file: the pipeline's
 * processor is shared by the process.
 */
import type { Root } from 'hast';
import { expect, it, vi } from 'vitest';

const serialised = vi.hoisted(() => ({ count: 0 }));

vi.mock('rehype-stringify', async (importOriginal) => {
  const original = (await importOriginal<typeof import('rehype-stringify')>()).default;
  type Processor = { compiler: (tree: Root, file: unknown) => string };
  return {
    default: function countingStringify(this: Processor, ...options: Parameters<typeof original>) {
      (original as (this: Processor, ...rest: unknown[]) => void).apply(this, options);
      const compile = this.compiler;
      this.compiler = (tree, file) => {
        serialised.count++;
        return compile(tree, file);
      };
    },
  };
});

const { warmRenderer } = await import('./markdown.js');

it('runs the unified pipeline once the highlighter is warm', async () => {
  expect(serialised.count).toBe(0);
  await warmRenderer();
  expect(serialised.count).toBe(1);
}, 60_000);
