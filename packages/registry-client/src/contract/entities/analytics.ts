/**
 * Zod schemas of playground analytics: the events a docs site's playground reports (SPEC §7:
 * a request sent, a response received; never URLs, headers, bodies, query values or
 * credentials) and the organization's aggregated view the dashboard charts.
 */
import { z } from 'zod';
import { idSchema } from './common.js';

/** How a Try-it request ended: the status class of the API's answer, or `failed` (no answer). */
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'failed'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

const count = z.number().int().nonnegative();
export const byStatusClassSchema = z.strictObject({
  '1xx': count,
  '2xx': count,
  '3xx': count,
  '4xx': count,
  '5xx': count,
  failed: count,
});
export type ByStatusClass = z.infer<typeof byStatusClassSchema>;

const millis = z.number().nonnegative().nullable();

/** The longest range one call aggregates (hourly points: 93 days is ~2,200). */
export const MAX_ANALYTICS_RANGE_DAYS = 93;

export const playgroundAnalyticsBodySchema = z
  .strictObject({
    orgId: idSchema,
    /** One docs URL (host and base path) of the organization; every site when absent. */
    url: z.string().min(1).max(2000).optional(),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .refine((body) => Date.parse(body.from) <= Date.parse(body.to), {
    message: '`from` must not be after `to`',
    path: ['from'],
  })
  .refine((body) => Date.parse(body.to) - Date.parse(body.from) <= MAX_ANALYTICS_RANGE_DAYS * 86_400_000, {
    message: `the range must not exceed ${MAX_ANALYTICS_RANGE_DAYS} days`,
    path: ['to'],
  });

/** "Was this page helpful?" answers of one page over the range. */
export const pageFeedbackRowSchema = z.strictObject({
  /** The docs URL (`host/base`) the page belongs to. */
  url: z.string(),
  /** The page's path on its site: `/guides/intro`, `/v1/guides/intro` on a versioned site. */
  page: z.string(),
  title: z.string(),
  helpful: count,
  notHelpful: count,
});
export type PageFeedbackRow = z.infer<typeof pageFeedbackRowSchema>;

export const playgroundAnalyticsSchema = z.strictObject({
  totals: z.strictObject({ requests: count, byStatusClass: byStatusClassSchema }),
  latencyMs: z.strictObject({ p50: millis, p95: millis, p99: millis }),
  /** One point per hour that had events, oldest first. */
  series: z.array(z.strictObject({ hour: z.string(), requests: count, byStatusClass: byStatusClassSchema })),
  /** Endpoints tried in the range, the most failing first (4xx, 5xx and failed), then the most tried. */
  endpoints: z.array(
    z.strictObject({
      url: z.string(),
      endpointId: z.string(),
      method: z.string(),
      path: z.string(),
      requests: count,
      byStatusClass: byStatusClassSchema,
      failures: count,
      p50: millis,
      p95: millis,
    }),
  ),
  /** "Was this page helpful?" per page, the least helpful first. */
  pages: z.array(pageFeedbackRowSchema).optional(),
});
export type PlaygroundAnalytics = z.infer<typeof playgroundAnalyticsSchema>;
