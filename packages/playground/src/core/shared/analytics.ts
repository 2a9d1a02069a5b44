/**
 * Analytics events of the playground and the pluggable sink that receives them. Events carry
 * ids, methods, statuses and timings only: never URLs, headers, bodies or credentials, so a sink
 * cannot leak a secret whatever it does with them.
 */

/** An event the playground reports. */
export type PlaygroundAnalyticsEvent =
  | { type: 'request_sent'; endpointId: string; method: string }
  | {
      type: 'request_received';
      endpointId: string;
      method: string;
      status: number | null;
      outcome: 'loaded' | 'failed';
      timeMs: number;
      sizeBytes: number;
    }
  | { type: 'websocket_connected'; channelId: string }
  | { type: 'websocket_message_sent'; channelId: string; messageType: string };

/** Receives analytics events. */
export type AnalyticsSink = (event: PlaygroundAnalyticsEvent) => void;

/** Sink that drops every event. */
export const noopAnalyticsSink: AnalyticsSink = () => {};

/**
 * Sink that logs to the console (the local-mode default).
 *
 * @example
 * consoleAnalyticsSink({ type: 'request_sent', endpointId: 'e1', method: 'GET' }); // logs "[sextant] request_sent …"
 */
export const consoleAnalyticsSink: AnalyticsSink = (event) => {
  console.info('[sextant analytics]', event.type, event);
};
