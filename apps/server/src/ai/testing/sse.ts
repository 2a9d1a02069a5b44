/** Reads a `text/event-stream` body into its events, in order (tests), framed by eventsource-parser. */
import { createParser } from 'eventsource-parser';

export interface ServerSentEvent {
  event: string;
  data: unknown;
}

export function parseEventStream(text: string): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createParser({
    onEvent: ({ event, data }) =>
      events.push({ event: event ?? 'message', data: JSON.parse(data) as unknown }),
  });
  parser.feed(text);
  // A body that stops without the closing blank line still counts its last event.
  parser.feed('\n\n');
  return events;
}
