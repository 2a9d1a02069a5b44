/**
 * Readiness and draining of a replica. `GET /readyz` answers 200 `{status:"ready"}` when every
 * check the parts added passes (the registry's database, the HTTP registry a docs host reads),
 * and 503 `{status:"draining"}` once `app.lifecycle.drain()` was called (SIGTERM) or 503
 * `{status:"unready", failing:[names]}` when a check fails or takes over 2 s. Results are kept
 * for 1 s, so a load balancer polling every replica does not turn into database traffic.
 * `GET /healthz` (app.ts) stays the liveness answer: the process runs.
 */
import { type Clock, systemClock } from '@sextant/definition';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReadinessTimeoutError } from '../errors.js';

export const READYZ_PATH = '/readyz';
const CHECK_TIMEOUT_MS = 2000;
const RESULT_TTL_MS = 1000;

/** A named check: resolves when the dependency answers. */
export type ReadinessCheck = () => Promise<void>;

/** What `app.lifecycle` offers the parts and the CLI. */
export interface Lifecycle {
  /** Adds a dependency /readyz waits on (e.g. `database`). */
  addCheck(name: string, check: ReadinessCheck): void;
  /** From now on /readyz answers 503: the replica is leaving (called on SIGTERM). */
  drain(): void;
  readonly draining: boolean;
  /** Names of the failing checks (empty when ready). */
  failing(): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
    /** The server's clock (`ServerOptions.clock`): readiness, rate limits and timers read it. */
    clock: Clock;
  }
}

const withTimeout = (check: ReadinessCheck, clock: Clock): Promise<void> =>
  new Promise((resolve, reject) => {
    const cancel = clock.setTimeout(
      () => reject(new ReadinessTimeoutError(CHECK_TIMEOUT_MS)),
      CHECK_TIMEOUT_MS,
    );
    check().then(
      () => {
        cancel();
        resolve();
      },
      (error: unknown) => {
        cancel();
        reject(error);
      },
    );
  });

/** Creates the lifecycle state (exported for tests of the rule without a server). */
export function createLifecycle(clock: Clock = systemClock): Lifecycle {
  const checks = new Map<string, ReadinessCheck>();
  let draining = false;
  let last: { at: number; failing: Promise<string[]> } | undefined;
  return {
    addCheck(name, check) {
      checks.set(name, check);
      last = undefined;
    },
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    failing() {
      if (last && clock.now() - last.at < RESULT_TTL_MS) return last.failing;
      const failing = Promise.all(
        [...checks].map(([name, check]) =>
          withTimeout(check, clock).then(
            () => undefined,
            () => name,
          ),
        ),
      ).then((names) => names.filter((name): name is string => name !== undefined));
      last = { at: clock.now(), failing };
      return failing;
    },
  };
}

export interface ReadinessOptions {
  /** Default: the system clock. */
  clock?: Clock;
}

async function readiness(app: FastifyInstance, options: ReadinessOptions): Promise<void> {
  const clock = options.clock ?? systemClock;
  const lifecycle = createLifecycle(clock);
  app.decorate('clock', clock);
  app.decorate('lifecycle', lifecycle);
  app.get(READYZ_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.draining) return reply.code(503).send({ status: 'draining' });
    const failing = await lifecycle.failing();
    if (lifecycle.draining) return reply.code(503).send({ status: 'draining' });
    if (failing.length > 0) return reply.code(503).send({ status: 'unready', failing });
    return reply.send({ status: 'ready' });
  });
}

/** `app.lifecycle`, `app.clock` and `GET /readyz`. */
export const readinessPlugin = fp(readiness, { name: 'sextant-lifecycle', fastify: '5.x' });
