/**
 * Playground analytics in the registry's database: `record` keeps each event (raw, pruned
 * after `RAW_EVENT_RETENTION_DAYS`) and adds it to its endpoint's hourly row in the same
 * transaction; `aggregate` reads an organization's hourly rows for a range into the
 * dashboard's view (totals, status classes, latency percentiles, hourly series, per endpoint).
 */
import type { ByStatusClass, PlaygroundAnalytics, StatusClass } from '@sextant/registry-client';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../storage/index.js';
import { addBuckets, emptyBuckets, latencyBucket, latencyPercentile } from './latency-buckets.js';
import { pageFeedback } from './page-feedback.js';
import type { ResolvedEvent } from './playground-events.js';

export const RAW_EVENT_RETENTION_DAYS = 7;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const COLUMN_OF = {
  '1xx': 'status_1xx',
  '2xx': 'status_2xx',
  '3xx': 'status_3xx',
  '4xx': 'status_4xx',
  '5xx': 'status_5xx',
  failed: 'failed',
} as const satisfies Record<StatusClass, string>;

type HourlyCounts = Pick<
  Database['playground_hourly'],
  | 'requests'
  | 'status_1xx'
  | 'status_2xx'
  | 'status_3xx'
  | 'status_4xx'
  | 'status_5xx'
  | 'failed'
  | 'latency_buckets'
>;

function hourOf(date: Date): string {
  const hour = new Date(date);
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString();
}

const noStatuses = (): ByStatusClass => ({ '1xx': 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, failed: 0 });

function statusesOf(row: Omit<HourlyCounts, 'latency_buckets' | 'requests'>): ByStatusClass {
  return {
    '1xx': Number(row.status_1xx),
    '2xx': Number(row.status_2xx),
    '3xx': Number(row.status_3xx),
    '4xx': Number(row.status_4xx),
    '5xx': Number(row.status_5xx),
    failed: Number(row.failed),
  };
}

function addStatuses(into: ByStatusClass, add: ByStatusClass): ByStatusClass {
  for (const key of Object.keys(into) as StatusClass[]) into[key] += add[key];
  return into;
}

export interface AnalyticsStore {
  /** Stores a site's events (already resolved against its definition). */
  record(
    owner: { orgId: string; docsUrl: string },
    events: readonly ResolvedEvent[],
    at?: Date,
  ): Promise<void>;
  /** The organization's analytics for a range, optionally for one docs URL. */
  aggregate(query: { orgId: string; url?: string; from: Date; to: Date }): Promise<PlaygroundAnalytics>;
}

export function createAnalyticsStore(db: Kysely<Database>, now: () => number = Date.now): AnalyticsStore {
  let prunedAt = 0;
  const prune = async () => {
    if (now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now();
    const cutoff = new Date(now() - RAW_EVENT_RETENTION_DAYS * 86_400_000);
    await db.deleteFrom('playground_events').where('at', '<', cutoff).execute();
  };

  return {
    async record(owner, events, at = new Date(now())) {
      if (events.length === 0) return;
      const hour = hourOf(at);
      const byEndpoint = new Map<string, { method: string; path: string; counts: HourlyCounts }>();
      for (const event of events) {
        let entry = byEndpoint.get(event.endpointId);
        if (!entry) {
          entry = {
            method: event.method,
            path: event.path,
            counts: {
              requests: 0,
              status_1xx: 0,
              status_2xx: 0,
              status_3xx: 0,
              status_4xx: 0,
              status_5xx: 0,
              failed: 0,
              latency_buckets: emptyBuckets(),
            },
          };
          byEndpoint.set(event.endpointId, entry);
        }
        if (event.kind === 'sent') entry.counts.requests++;
        else if (event.statusClass) {
          entry.counts[COLUMN_OF[event.statusClass]]++;
          // Failed requests have no answer, so no latency of the API to count.
          if (event.statusClass !== 'failed' && event.latencyMs !== null)
            entry.counts.latency_buckets[latencyBucket(event.latencyMs)]! += 1;
        }
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('playground_events')
          .values(
            events.map((event) => ({
              org_id: owner.orgId,
              docs_url: owner.docsUrl,
              endpoint_id: event.endpointId,
              kind: event.kind,
              status: event.status,
              status_class: event.statusClass,
              latency_ms: event.latencyMs,
              size_bytes: event.sizeBytes,
              error_kind: event.errorKind,
              at,
            })),
          )
          .execute();
        // One upsert per endpoint, in a stable order so concurrent beacons lock rows alike.
        for (const [endpointId, { method, path, counts }] of [...byEndpoint].sort(([a], [b]) =>
          a < b ? -1 : 1,
        )) {
          await trx
            .insertInto('playground_hourly')
            .values({
              org_id: owner.orgId,
              docs_url: owner.docsUrl,
              endpoint_id: endpointId,
              hour,
              method,
              path,
              ...counts,
            })
            .onConflict((conflict) =>
              conflict.columns(['org_id', 'docs_url', 'endpoint_id', 'hour']).doUpdateSet((eb) => ({
                method,
                path,
                requests: eb('playground_hourly.requests', '+', counts.requests),
                status_1xx: eb('playground_hourly.status_1xx', '+', counts.status_1xx),
                status_2xx: eb('playground_hourly.status_2xx', '+', counts.status_2xx),
                status_3xx: eb('playground_hourly.status_3xx', '+', counts.status_3xx),
                status_4xx: eb('playground_hourly.status_4xx', '+', counts.status_4xx),
                status_5xx: eb('playground_hourly.status_5xx', '+', counts.status_5xx),
                failed: eb('playground_hourly.failed', '+', counts.failed),
                latency_buckets: sql<number[]>`(select array_agg(coalesce(a, 0) + coalesce(b, 0) order by i)
                  from unnest(playground_hourly.latency_buckets, excluded.latency_buckets) with ordinality as u(a, b, i))`,
              })),
            )
            .execute();
        }
      });
      await prune();
    },

    async aggregate({ orgId, url, from, to }) {
      let query = db
        .selectFrom('playground_hourly')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('hour', '>=', new Date(hourOf(from)))
        .where('hour', '<=', to);
      if (url !== undefined) query = query.where('docs_url', '=', url);
      const rows = await query.orderBy('hour').execute();

      const totals = { requests: 0, byStatusClass: noStatuses() };
      const allBuckets = emptyBuckets();
      const series = new Map<string, { hour: string; requests: number; byStatusClass: ByStatusClass }>();
      const endpoints = new Map<
        string,
        {
          url: string;
          endpointId: string;
          method: string;
          path: string;
          requests: number;
          byStatusClass: ByStatusClass;
          buckets: number[];
        }
      >();
      for (const row of rows) {
        const statuses = statusesOf(row);
        const requests = Number(row.requests);
        const buckets = (row.latency_buckets ?? []).map(Number);
        totals.requests += requests;
        addStatuses(totals.byStatusClass, statuses);
        addBuckets(allBuckets, buckets);
        const hour = new Date(row.hour).toISOString();
        const point = series.get(hour) ?? { hour, requests: 0, byStatusClass: noStatuses() };
        point.requests += requests;
        addStatuses(point.byStatusClass, statuses);
        series.set(hour, point);
        const key = `${row.docs_url}\u0000${row.endpoint_id}`;
        const endpoint = endpoints.get(key) ?? {
          url: row.docs_url,
          endpointId: row.endpoint_id,
          method: row.method,
          path: row.path,
          requests: 0,
          byStatusClass: noStatuses(),
          buckets: emptyBuckets(),
        };
        endpoint.requests += requests;
        addStatuses(endpoint.byStatusClass, statuses);
        addBuckets(endpoint.buckets, buckets);
        endpoints.set(key, endpoint);
      }
      const failuresOf = (s: ByStatusClass) => s['4xx'] + s['5xx'] + s.failed;
      const pages = await pageFeedback(db, { orgId, ...(url === undefined ? {} : { url }), from, to });
      return {
        pages,
        totals,
        latencyMs: {
          p50: latencyPercentile(allBuckets, 0.5),
          p95: latencyPercentile(allBuckets, 0.95),
          p99: latencyPercentile(allBuckets, 0.99),
        },
        series: [...series.values()],
        endpoints: [...endpoints.values()]
          .map(({ buckets, ...endpoint }) => ({
            ...endpoint,
            failures: failuresOf(endpoint.byStatusClass),
            p50: latencyPercentile(buckets, 0.5),
            p95: latencyPercentile(buckets, 0.95),
          }))
          .sort((a, b) => b.failures - a.failures || b.requests - a.requests || (a.path < b.path ? -1 : 1)),
      };
    },
  };
}
