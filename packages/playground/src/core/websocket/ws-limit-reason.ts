/**
 * The close reason the WebSocket proxy sends when a connection reaches its per-connection
 * message limit. Mirrors the constant exported by the server's ws-proxy (packages must not
 * import apps); a test checks the two strings are equal.
 */

/** Close reason of a connection ended by the sample-session message limit. */
export const WS_LIMIT_CLOSE_REASON = 'END OF SAMPLE SESSION';

/** The message appended to the Messages panel when the limit ends a session (SPEC §9). */
export const END_OF_SAMPLE_SESSION = 'END OF SAMPLE SESSION';

/** WebSocket close code of a normal close (SPEC §9). */
export const NORMAL_CLOSE_CODE = 1000;
