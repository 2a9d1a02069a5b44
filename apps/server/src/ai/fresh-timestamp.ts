/**
 * The freshness half of a signed chat-app request's replay defence (Slack and Discord both sign
 * a Unix-seconds timestamp into the request): the timestamp must be plain digits and within the
 * window of now, so a captured request cannot be sent again later. The other half, a request seen
 * twice inside the window, is `replay-guard.ts`.
 */

/** What a chat app signs and sends: the timestamp and signature headers, the raw body, and now (seconds). */
export interface SignedChatRequest {
  timestamp: string | undefined;
  signature: string | undefined;
  body: Buffer;
  now?: number;
}

/**
 * Whether `timestamp` is Unix seconds (1 to 12 digits, nothing else) no more than `windowSeconds`
 * away from `now` (seconds; the clock's when omitted).
 * @example isFreshTimestamp('1700000000', 300, 1700000100) // true
 */
export function isFreshTimestamp(
  timestamp: string | undefined,
  windowSeconds: number,
  now: number = Math.floor(Date.now() / 1000),
): timestamp is string {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now - Number(timestamp)) <= windowSeconds;
}
