/**
 * The proxy's metrics for one finished request (most proxy requests bypass Fastify's hooks, see
 * front-door.ts): the request under `part=proxy, route=/proxy/*`, the upstream outcome
 * (`relayed`, `preflight`, or the proxy error code) and the body bytes each way.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerMetrics } from '../metrics/index.js';
import type { ForwardRecord } from './forward.js';

const ROUTE = '/proxy/*';

/** Records one proxy request that started at `started` (performance.now()). */
export function recordProxyMetrics(
  metrics: ServerMetrics,
  req: IncomingMessage,
  res: ServerResponse,
  record: ForwardRecord,
  started: number,
): void {
  const method = req.method ?? 'GET';
  // A reader that went away before any answer is counted as 499 (nginx's "client closed request").
  const status = res.headersSent ? res.statusCode : 499;
  metrics.httpRequest('proxy', ROUTE, method, status, (performance.now() - started) / 1000);
  const preflight = method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  const outcome = record.error ? record.error.code : preflight ? 'preflight' : 'relayed';
  if (record.error) metrics.httpError('proxy', ROUTE, record.error.code);
  metrics.proxyExchange(outcome, record.requestBody?.total ?? 0, record.bytes);
}
