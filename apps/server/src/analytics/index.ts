/** Playground analytics: beacons from docs sites in, the organization's aggregates out. */
export { ANALYTICS_PATH, analyticsPlugin } from './analytics-plugin.js';
export { type AnalyticsStore, createAnalyticsStore, RAW_EVENT_RETENTION_DAYS } from './analytics-store.js';
