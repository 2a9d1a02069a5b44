/**
 * What a docs site's playground may report (the body of `POST {base}/_sextant/analytics`, sent
 * with `navigator.sendBeacon`) and how a report becomes stored events: every endpoint id must be
 * one of the site's own endpoints (its method and path come from the definition, never from the
 * browser), statuses and timings are bounded, anything else in the body is refused.
 */
import { type ApiDefinition, pathTemplate } from '@sextant/definition';
import type { StatusClass } from '@sextant/registry-client';
import { z } from 'zod';

/** The most events one beacon carries; the client flushes before reaching it. */
export const MAX_EVENTS_PER_BEACON = 50;

const endpointId = z.string().min(1).max(500);
const method = z.string().min(1).max(16);

export const playgroundEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('request_sent'), endpointId, method }),
  z.strictObject({
    type: z.literal('request_received'),
    endpointId,
    method,
    status: z.number().int().min(100).max(599).nullable(),
    outcome: z.enum(['loaded', 'failed']),
    timeMs: z.number().nonnegative().max(86_400_000),
    sizeBytes: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    errorKind: z.string().max(64).optional(),
  }),
]);
export type PlaygroundEvent = z.infer<typeof playgroundEventSchema>;

export const beaconSchema = z.strictObject({
  events: z.array(playgroundEventSchema).min(1).max(MAX_EVENTS_PER_BEACON),
});

/** An event ready to store: the endpoint's method and path from the site's definition. */
export interface ResolvedEvent {
  endpointId: string;
  method: string;
  path: string;
  kind: 'sent' | 'received';
  status: number | null;
  statusClass: StatusClass | null;
  latencyMs: number | null;
  sizeBytes: number | null;
  errorKind: string | null;
}

/** `2xx` for 204, `failed` when no answer came (network, proxy refusal, abort). */
export function statusClassOf(outcome: 'loaded' | 'failed', status: number | null): StatusClass {
  if (outcome === 'failed' || status === null) return 'failed';
  return `${Math.floor(status / 100)}xx` as StatusClass;
}

/**
 * The events of a beacon whose endpoint belongs to the site; the others are dropped (a stale
 * page after a publish, or a forged id). Returns how many were dropped too.
 */
export function resolveEvents(
  events: readonly PlaygroundEvent[],
  apis: Record<string, ApiDefinition>,
): { events: ResolvedEvent[]; dropped: number } {
  const resolved: ResolvedEvent[] = [];
  let dropped = 0;
  for (const event of events) {
    const endpoint = findEndpoint(apis, event.endpointId);
    if (!endpoint) {
      dropped++;
      continue;
    }
    const base = { endpointId: event.endpointId, method: endpoint.method, path: pathTemplate(endpoint.path) };
    if (event.type === 'request_sent') {
      resolved.push({
        ...base,
        kind: 'sent',
        status: null,
        statusClass: null,
        latencyMs: null,
        sizeBytes: null,
        errorKind: null,
      });
      continue;
    }
    resolved.push({
      ...base,
      kind: 'received',
      status: event.status,
      statusClass: statusClassOf(event.outcome, event.status),
      latencyMs: event.timeMs,
      sizeBytes: event.sizeBytes,
      errorKind: event.outcome === 'failed' ? (event.errorKind ?? 'failed') : null,
    });
  }
  return { events: resolved, dropped };
}

function findEndpoint(apis: Record<string, ApiDefinition>, id: string) {
  for (const api of Object.values(apis)) if (Object.hasOwn(api.endpoints, id)) return api.endpoints[id];
  return undefined;
}
