/**
 * The keyboard rule shared by tab lists and menus (WAI-ARIA roving focus): arrow keys move to
 * the next or previous item and wrap, Home and End jump to the ends; any other key is not ours.
 */

/**
 * The index `key` moves to from `current` among `count` items laid out along `orientation`,
 * or undefined when the key does not move (another key, or no items).
 *
 * @example
 * nextIndexForKey('ArrowRight', 2, 3, 'horizontal') // 0 (wraps)
 * nextIndexForKey('End', 0, 3, 'horizontal') // 2
 * nextIndexForKey('ArrowDown', 0, 3, 'horizontal') // undefined
 */
export function nextIndexForKey(
  key: string,
  current: number,
  count: number,
  orientation: 'horizontal' | 'vertical',
): number | undefined {
  if (count <= 0) return undefined;
  const [previous, next] =
    orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  const from = Math.min(Math.max(current, 0), count - 1);
  if (key === next) return (from + 1) % count;
  if (key === previous) return (from - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}
