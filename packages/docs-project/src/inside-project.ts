/**
 * Whether a project path stays inside the project once symbolic links are followed: a page, image
 * or spec that is a link to `/etc/passwd` (or to a folder outside) is as much outside the project
 * as `../secret`, and is refused with the same message. The one exception is a link Sextant made
 * itself: previewing a single spec, the CLI builds a temporary project whose `api` folder links to
 * the spec's own folder, and says so with {@link trustProjectLink}.
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

/** Folders outside a project that its own (Sextant-made) links may lead into, by real project path. */
const trustedTargets = new Map<string, Set<string>>();

function within(root: string, real: string): boolean {
  const inside = relative(root, real);
  return (
    inside === '' || !(inside === '..' || inside.startsWith(`..${sep}`) || /^[a-zA-Z]:|^[\\/]/.test(inside))
  );
}

/**
 * Lets files of `projectDir` resolve into `targetDir` (a folder Sextant itself linked into a
 * temporary project); returns the function that withdraws it.
 * @example const untrust = trustProjectLink(tempProject, dirname(specFile)); … untrust();
 */
export function trustProjectLink(projectDir: string, targetDir: string): () => void {
  const key = realOrUndefined(projectDir) ?? projectDir;
  const target = realOrUndefined(targetDir) ?? targetDir;
  const targets = trustedTargets.get(key) ?? new Set<string>();
  targets.add(target);
  trustedTargets.set(key, targets);
  return () => {
    targets.delete(target);
    if (targets.size === 0) trustedTargets.delete(key);
  };
}

/**
 * True when `absolutePath`, with every symlink resolved, lies inside `dir` (also resolved) or in a
 * folder trusted for it. A path that does not exist counts as inside: reading it fails later with
 * "does not exist".
 * @example resolvesInside('/work/docs', '/work/docs/pages/secret.md') // false when it links to /etc/passwd
 */
export function resolvesInside(dir: string, absolutePath: string): boolean {
  const real = realOrUndefined(absolutePath);
  if (real === undefined) return true;
  const root = realOrUndefined(dir) ?? dir;
  if (within(root, real)) return true;
  return [...(trustedTargets.get(root) ?? [])].some((target) => within(target, real));
}
