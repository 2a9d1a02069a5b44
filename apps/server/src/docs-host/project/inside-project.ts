/**
 * Whether a project path stays inside the project once symbolic links are followed: a page, image
 * or spec that is a link to `/etc/passwd` (or to a folder outside) is as much outside the project
 * as `../secret`, and is refused with the same message.
 */
import { realpathSync } from 'node:fs';
import { relative, sep } from 'node:path';

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * True when `absolutePath`, with every symlink resolved, lies inside `dir` (also resolved). A path
 * that does not exist counts as inside: reading it fails later with "does not exist".
 * @example resolvesInside('/work/docs', '/work/docs/pages/secret.md') // false when it links to /etc/passwd
 */
export function resolvesInside(dir: string, absolutePath: string): boolean {
  const real = realOrUndefined(absolutePath);
  if (real === undefined) return true;
  const root = realOrUndefined(dir) ?? dir;
  const inside = relative(root, real);
  return (
    inside === '' || !(inside === '..' || inside.startsWith(`..${sep}`) || /^[a-zA-Z]:|^[\\/]/.test(inside))
  );
}
