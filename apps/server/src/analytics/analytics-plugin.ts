/**
 * `POST {base}/_sextant/analytics` on every docs site: the playground's beacons (see
 * packages/docs-site/src/client/analytics-beacon.ts). Only the site's own pages may send them
 * (`beacon-origin.ts`: Sec-Fetch-Site / Origin; otherwise 403 `CrossOriginBeaconError`). Events
 * are checked against the site's own endpoints and stored for the site's owner in the registry's
 * database; the answer is always 204 for a well-formed beacon (a beacon's sender never reads
 * it), 400 for a malformed one and 429 past the rates: at most `MAX_EVENTS_PER_BEACON` events a
 * beacon, `EVENTS_PER_CLIENT_AND_SITE` a minute from one client to one site, and
 * `EVENTS_PER_CLIENT` a minute from one client to every site of the server (the client is
 * `request.ip`, which follows `--trust-proxy`). Nothing is stored for a reader sending
 * Do-Not-Track or Global Privacy Control, for a site that turned playground analytics off, or
 * where this server has no registry database (`app.siteDatabase`: the registry here, or a docs
 * host alone given DATABASE_URL).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteRequestContext } from '../docs-host/index.js';
import { sendError } from '../error-replies/index.js';
import { needs } from '../lifecycle/index.js';
import { siteClientKey, TokenBuckets } from '../rate-limit/index.js';
import { siteDatabaseOf } from '../storage/index.js';
import { type AnalyticsStore, createAnalyticsStore } from './analytics-store.js';
import { refuseForeignBeacon } from './beacon-origin.js';
import { FEEDBACK_PATH, pageFeedbackHandler } from './page-feedback.js';
import { beaconSchema, resolveEvents } from './playground-events.js';

export const ANALYTICS_PATH = '/_sextant/analytics';
/**
 * Events one client may add to one site per minute: a reader's Try-it request is two events, so
 * 60 requests a minute; far below a flood.
 */
export const EVENTS_PER_CLIENT_AND_SITE = 120;
/** Events one client may add per minute over every site of this server. */
export const EVENTS_PER_CLIENT = 600;

/** True when the request says the reader does not want to be tracked. */
export function optedOut(request: FastifyRequest): boolean {
  return request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';
}

const badRequest = (reply: FastifyReply, message: string) =>
  sendError(reply, 400, 'BadRequestError', message);

async function analytics(app: FastifyInstance): Promise<void> {
  const perSite = new TokenBuckets(EVENTS_PER_CLIENT_AND_SITE, { clock: app.clock });
  const perClient = new TokenBuckets(EVENTS_PER_CLIENT, { clock: app.clock });
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

  // "Was this page helpful?": answers from the site's own pages, counted per page.
  app.docsHost.addSiteRoute({
    method: 'POST',
    path: FEEDBACK_PATH,
    handler: pageFeedbackHandler(app.clock, async () => {
      const database = siteDatabaseOf(app);
      return database ? database.get().catch(() => undefined) : undefined;
    }),
  });

  app.docsHost.addSiteRoute({
    method: 'POST',
    path: ANALYTICS_PATH,
    async handler(request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) {
      const refused = refuseForeignBeacon(request, reply, 'Analytics beacons are');
      if (refused) return refused;
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
      const count = beacon.data.events.length;
      const siteClient = await siteClientKey(context, request.ip);
      if (!perClient.take(request.ip, count) || !perSite.take(siteClient, count)) {
        const wait = Math.max(
          perClient.retryAfterSeconds(request.ip, count),
          perSite.retryAfterSeconds(siteClient, count),
          1,
        );
        return sendError(
          reply.header('retry-after', String(wait)),
          429,
          'TooManyRequestsError',
          `Too many analytics events from this client; retry in ${wait} s.`,
        );
      }
      const [owner, target] = await Promise.all([context.owner(), storeOf()]);
      if (!owner || !target) return reply.code(204).send();
      const { events } = resolveEvents(beacon.data.events, context.site.apis);
      await target.record(owner, events);
      return reply.code(204).send();
    },
  });
}

/** The analytics and page-feedback routes of every docs site. */
export const analyticsPlugin = fp(analytics, {
  name: 'sextant-analytics',
  fastify: '5.x',
  encapsulate: true,
  decorators: needs('docsHost', 'clock'),
});
