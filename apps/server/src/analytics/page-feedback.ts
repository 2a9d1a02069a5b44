/**
 * "Was this page helpful?" (issue #26): `POST {base}/_sextant/feedback` `{ slug, helpful }` from
 * the pages of a docs site (packages/docs-site/src/components/page-feedback.tsx). Like the playground's
 * beacons, only the site's own pages may send it (403 `CrossOriginBeaconError` otherwise), a
 * client gets `FEEDBACK_PER_CLIENT_AND_SITE` answers a minute per site, a slug the site does not
 * have is dropped, and answers are counted per page and hour for the site's owner
 * (`page_feedback_hourly`); the dashboard's analytics read them per page.
 */
import { type Clock, pageTitle } from '@sextant/definition';
import type { PageFeedbackRow } from '@sextant/registry-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import type { SiteRequestContext } from '../docs-host/index.js';
import { sendError } from '../error-replies/index.js';
import { siteClientKey, TokenBuckets } from '../rate-limit/index.js';
import type { Database } from '../storage/index.js';
import { refuseForeignBeacon } from './beacon-origin.js';

export const FEEDBACK_PATH = '/_sextant/feedback';
/** Answers one client may give one site per minute (a reader rates a page once a view). */
export const FEEDBACK_PER_CLIENT_AND_SITE = 30;

const feedbackSchema = z.strictObject({ slug: z.string().max(2000), helpful: z.boolean() });

/** An answer counted: the page's path on its site (with a version's prefix) and its title. */
export interface PageFeedbackAnswer {
  page: string;
  title: string;
  helpful: boolean;
}

/** Counts one answer in its hour. */
export async function recordPageFeedback(
  db: Kysely<Database>,
  owner: { orgId: string; docsUrl: string },
  answer: PageFeedbackAnswer,
  at = new Date(),
): Promise<void> {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  const helpful = answer.helpful ? 1 : 0;
  await db
    .insertInto('page_feedback_hourly')
    .values({
      org_id: owner.orgId,
      docs_url: owner.docsUrl,
      page: answer.page,
      title: answer.title,
      hour,
      helpful,
      not_helpful: 1 - helpful,
    })
    .onConflict((conflict) =>
      conflict.columns(['org_id', 'docs_url', 'page', 'hour']).doUpdateSet((eb) => ({
        title: answer.title,
        helpful: eb('page_feedback_hourly.helpful', '+', helpful),
        not_helpful: eb('page_feedback_hourly.not_helpful', '+', 1 - helpful),
      })),
    )
    .execute();
}

/** Answers per page over a range, the least helpful first (then the most rated). */
export async function pageFeedback(
  db: Kysely<Database>,
  query: { orgId: string; url?: string; from: Date; to: Date },
): Promise<PageFeedbackRow[]> {
  const from = new Date(query.from);
  from.setUTCMinutes(0, 0, 0);
  let select = db
    .selectFrom('page_feedback_hourly')
    .select([
      'docs_url',
      'page',
      sql<string>`max(title)`.as('title'),
      sql<string>`sum(helpful)`.as('helpful'),
      sql<string>`sum(not_helpful)`.as('not_helpful'),
    ])
    .where('org_id', '=', query.orgId)
    .where('hour', '>=', from)
    .where('hour', '<=', query.to);
  if (query.url !== undefined) select = select.where('docs_url', '=', query.url);
  const rows = await select.groupBy(['docs_url', 'page']).execute();
  return rows
    .map((row) => ({
      url: row.docs_url,
      page: row.page,
      title: row.title,
      helpful: Number(row.helpful),
      notHelpful: Number(row.not_helpful),
    }))
    .sort(
      (a, b) =>
        b.notHelpful - a.notHelpful || a.helpful - b.helpful || (a.url + a.page < b.url + b.page ? -1 : 1),
    );
}

/**
 * The feedback route's handler. `database` is the site database (undefined when this server
 * keeps no site records: answers are then acknowledged and dropped).
 */
export function pageFeedbackHandler(
  clock: Pick<Clock, 'now'>,
  database: () => Promise<Kysely<Database> | undefined>,
) {
  const perSite = new TokenBuckets(FEEDBACK_PER_CLIENT_AND_SITE, { clock });
  return async (request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) => {
    const refused = refuseForeignBeacon(request, reply, 'Page feedback is');
    if (refused) return refused;
    let parsed: unknown;
    try {
      parsed = JSON.parse((request.body as Buffer | undefined)?.toString('utf8') ?? '');
    } catch {
      parsed = undefined;
    }
    const answer = feedbackSchema.safeParse(parsed);
    if (!answer.success)
      return sendError(
        reply,
        400,
        'BadRequestError',
        'Send {"slug": "<the page\'s slug>", "helpful": true | false} as JSON.',
      );
    const siteClient = await siteClientKey(context, request.ip);
    if (!perSite.take(siteClient, 1)) {
      const wait = Math.max(perSite.retryAfterSeconds(siteClient, 1), 1);
      return sendError(
        reply.header('retry-after', String(wait)),
        429,
        'TooManyRequestsError',
        `Too many answers; retry in ${wait} s.`,
      );
    }
    const { site } = context;
    const slug = answer.data.slug;
    const entry = site.bySlug.get(slug);
    // A page of this site (or version) only: a forged slug adds nothing.
    if (!entry) return reply.code(204).send();
    const [owner, db] = await Promise.all([context.owner(), database()]);
    if (!owner || !db) return reply.code(204).send();
    const version = site.currentVersion;
    const prefix = version && !version.default ? `/${version.slug}` : '';
    await recordPageFeedback(db, owner, {
      page: `${prefix}/${slug}`,
      title: pageTitle(entry.item, site.definition, site.apis),
      helpful: answer.data.helpful,
    });
    return reply.code(204).send();
  };
}
