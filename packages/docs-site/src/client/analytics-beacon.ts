/**
 * The playground's analytics sink on a docs site: Try-it requests (sent, received: endpoint id,
 * method, status, time, size; the event type carries nothing else) are queued and sent to the
 * docs host with `navigator.sendBeacon`, which survives the page closing. Readers with
 * Do-Not-Track or Global Privacy Control on are never counted: nothing is queued or sent.
 */
import type { AnalyticsSink, PlaygroundAnalyticsEvent } from '@sextant/playground';

/** Where the docs host takes beacons, under the site's base path. */
export const ANALYTICS_PATH = '/_sextant/analytics';
/** The docs host refuses larger batches; flush before. */
const MAX_BATCH = 50;
const FLUSH_AFTER_MS = 2000;

/** True when the reader asked not to be tracked (DNT or GPC). */
export function readerOptedOut(nav: Navigator = navigator): boolean {
  const withSignals = nav as Navigator & { globalPrivacyControl?: boolean; doNotTrack?: string | null };
  return withSignals.doNotTrack === '1' || withSignals.globalPrivacyControl === true;
}

/**
 * A sink sending request events to `{basePath}/_sextant/analytics`, or undefined when the reader
 * opted out (the playground then uses its default).
 */
export function beaconAnalyticsSink(basePath: string): AnalyticsSink | undefined {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return undefined;
  if (readerOptedOut()) return () => undefined;
  const url = `${basePath}${ANALYTICS_PATH}`;
  let queue: PlaygroundAnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      navigator.sendBeacon(url, JSON.stringify({ events: batch }));
    }
  };
  addEventListener('pagehide', flush);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  return (event) => {
    if (event.type !== 'request_sent' && event.type !== 'request_received') return;
    queue.push(event);
    if (queue.length >= MAX_BATCH) flush();
    else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
  };
}
