/** Reads a `text/event-stream` body into its events, in order (tests). */
export interface ServerSentEvent {
  event: string;
  data: unknown;
}

export function parseEventStream(text: string): ServerSentEvent[] {
  return text
    .split(/\n\n+/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      return { event, data: JSON.parse(data.join('\n')) as unknown };
    });
}
