/**
 * What a part needs from another, checked when the part is mounted: a missing decorator is a
 * start-up error naming the part's need and the flag that provides it, never a part that
 * starts and silently serves nothing.
 */
import type { FastifyInstance } from 'fastify';

/** A part was mounted without something it needs. */
export class PartDependencyError extends Error {
  readonly code = 'PART_DEPENDENCY_MISSING';
  constructor(
    readonly decorator: string,
    message: string,
  ) {
    super(message);
    this.name = 'PartDependencyError';
  }
}

/**
 * The decorator `name` of `app`, or a PartDependencyError with `need` (what to do) as its message.
 * @example const source = requirePart(app, 'docsSiteSource', 'mount the registry or pass --registry-url');
 */
export function requirePart<K extends keyof FastifyInstance & string>(
  app: FastifyInstance,
  name: K,
  need: string,
): FastifyInstance[K] {
  if (!app.hasDecorator(name)) throw new PartDependencyError(name, need);
  return app[name];
}
