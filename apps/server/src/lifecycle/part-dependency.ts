/**
 * What a part needs from another, checked when the part is mounted: a missing decorator is a
 * start-up error naming the part's need and the flag that provides it, never a part that
 * starts and silently serves nothing.
 */
import { SextantError } from '@sextant/definition/errors';
import type { FastifyInstance } from 'fastify';

/** A part was mounted without something it needs. */
export class PartDependencyError extends SextantError<'PartDependencyError'> {
  constructor(
    readonly decorator: string,
    message: string,
  ) {
    super('PartDependencyError', message, { details: { decorator } });
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

/** A server decorator a part can need (declared in the part that decorates it). */
export type PartDecorator = keyof FastifyInstance & string;

/**
 * What `plugin` declares it needs: the fastify-plugin metadata's `decorators.fastify`, which
 * Fastify checks when the plugin is registered (`fp(fn, { decorators: { fastify: [...] } })`).
 */
export function declaredNeeds(plugin: object): readonly string[] {
  const meta = (plugin as { [key: symbol]: { decorators?: { fastify?: readonly string[] } } | undefined })[
    Symbol.for('plugin-meta')
  ];
  return meta?.decorators?.fastify ?? [];
}

/**
 * Before `part`'s plugin is mounted on `app`: a PartDependencyError naming the first decorator
 * it declares (declaredNeeds) that no part mounted before it provides.
 */
export function checkDeclaredNeeds(app: FastifyInstance, part: string, plugin: object): void {
  for (const decorator of declaredNeeds(plugin))
    if (!app.hasDecorator(decorator))
      throw new PartDependencyError(
        decorator,
        `The "${part}" part needs app.${decorator}, which no part mounted before it provides: mount the part that decorates it first (parts.ts)`,
      );
}

/**
 * The decorators a part's plugin needs, typed, as fastify-plugin's `decorators` metadata.
 * @example fp(llms, { name: 'sextant-llms', fastify: '5.x', encapsulate: true, decorators: needs('docsHost') })
 */
export function needs(...decorators: PartDecorator[]): { fastify: PartDecorator[] } {
  return { fastify: decorators };
}
