/**
 * `POST {base}/_sextant/analytics` on every docs site: the playground's beacons (see
 * apps/docs/src/client/analytics-beacon.ts). Events are checked against the site's own
 * endpoints and stored for the site's owner in the registry's database; the answer is always
 * 204 for a well-formed beacon (a beacon's sender never reads it), 400 for a malformed one and
 * 429 past the per-client rate. Nothing is stored for a reader sending Do-Not-Track or Global
 * Privacy Control, for a site that turned playground analytics off, or where this server has no
 * registry database (`app.siteDatabase`: the registry here, or a docs host alone given DATABASE_URL).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteRequestContext } from '../docs-host/index.js';
import { TokenBuckets } from '../rate-limit/token-buckets.js';
import { siteDatabaseOf } from '../storage/site-database.js';
import { type AnalyticsStore, createAnalyticsStore } from './analytics-store.js';
import { beaconSchema, resolveEvents } from './playground-events.js';

export const ANALYTICS_PATH = '/_sextant/analytics';
/** Events per client address per minute: far above a reader clicking Send, far below a flood. */
const EVENTS_PER_MINUTE = 600;

/** True when the request says the reader does not want to be tracked. */
export function optedOut(request: FastifyRequest): boolean {
  return request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';
}

const badRequest = (reply: FastifyReply, message: string) =>
  reply.code(400).send({ error: 'BadRequestError', content: { message } });

export async function analyticsPlugin(app: FastifyInstance): Promise<void> {
  const rate = new TokenBuckets(EVENTS_PER_MINUTE);
  let store: Promise<AnalyticsStore | undefined> | undefined;
  const storeOf = () => {
    const database = siteDatabaseOf(app);
    store ??= database
      ? database.get().then(
          (db) => createAnalyticsStore(db),
          (error: unknown) => {
            app.log.warn({ err: error }, 'analytics: the database cannot be opened; beacons are not kept');
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    return store;
  };

  app.docsHost.addSiteRoute({
    method: 'POST',
    path: ANALYTICS_PATH,
    async handler(request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) {
      if (optedOut(request) || context.site.definition.config.analytics?.playground === false)
        return reply.code(204).send();
      let parsed: unknown;
      try {
        parsed = JSON.parse((request.body as Buffer | undefined)?.toString('utf8') ?? '');
      } catch {
        return badRequest(reply, 'The beacon is not JSON: send {"events": [...]}.');
      }
      const beacon = beaconSchema.safeParse(parsed);
      if (!beacon.success)
        return badRequest(reply, `The beacon is not valid: ${beacon.error.issues[0]?.message ?? 'invalid'}.`);
      if (!rate.take(request.ip, beacon.data.events.length))
        return reply
          .code(429)
          .header('retry-after', String(rate.retryAfterSeconds(request.ip, beacon.data.events.length)))
          .send({
            error: 'TooManyRequestsError',
            content: { message: 'Too many analytics events; retry later.' },
          });
      const [owner, target] = await Promise.all([context.owner(), storeOf()]);
      if (!owner || !target) return reply.code(204).send();
      const { events } = resolveEvents(beacon.data.events, context.site.apis);
      await target.record(owner, events);
      return reply.code(204).send();
    },
  });
}
