/** Prometheus metrics of the server: the plugin (`/metrics`, HTTP hooks), the recorder, the query timer. */
export type { MetricsOptions } from './metrics-plugin.js';
export { bearerMatches, METRICS_PATH, metricsPlugin } from './metrics-plugin.js';
export { queryTimer } from './query-timer.js';
export { partOfRoute } from './route-part.js';
export type { PoolStats, ServerMetrics, ServerPart } from './server-metrics.js';
export { closeClass, createServerMetrics, statusClass } from './server-metrics.js';
