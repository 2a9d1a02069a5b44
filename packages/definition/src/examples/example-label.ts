/**
 * What a reader sees for a named example in a picker: the spec's `summary` (kept in `description`)
 * when it is a short line, else the example's key, else its position.
 */
const MAX_LABEL_LENGTH = 60;

/**
 * @example exampleLabel({ name: 'looms', description: 'Jacquard looms' }, 1) // 'Jacquard looms'
 */
export function exampleLabel(example: { name?: string; description?: string }, index: number): string {
  const summary = example.description?.trim();
  if (summary && summary.length <= MAX_LABEL_LENGTH && !summary.includes('\n')) return summary;
  return example.name ?? `Example ${index + 1}`;
}
