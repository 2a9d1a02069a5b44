/**
 * Close codes and reasons of the WebSocket proxy. The proxy's own closes use 4xxx codes named
 * after the HTTP status they resemble; upstream codes pass through unless the protocol forbids
 * sending them (1005, 1006, 1015), which are turned into sendable ones. A close of the proxy's
 * own carries the fixed sentence of its code, never the error's detail (an address, a system
 * error, an upstream status): the browser learns what happened, the server log learns why.
 */
import { PROXY_ERRORS, type ProxyError } from '../proxy/index.js';

/** Close reason when the per-connection message limit ends a session; the playground shows END OF SAMPLE SESSION. */
export const WS_LIMIT_CLOSE_REASON = 'END OF SAMPLE SESSION';
/** Close code of the message-limit close. */
export const WS_LIMIT_CLOSE_CODE = 4008;
/** Normal close. */
export const WS_NORMAL_CLOSE = 1000;

/** Proxy close codes: 4000 + the HTTP status of the matching proxy error (4400, 4403, 4408, 4502, …). */
export function closeCodeFor(error: ProxyError): number {
  if (error.code === 'ProxyWsFrameTooLargeError') return 1009;
  return 4000 + (PROXY_ERRORS[error.code].status % 1000);
}

/**
 * The fixed close reason of a proxy error: the sentence of its code in the proxy's error table,
 * without the detail the error may carry (which goes to the server log).
 * @example closeReasonFor(new ProxyError('ProxyUpstreamUnreachableError', 'ECONNREFUSED')) // 'The API could not be reached.'
 */
export function closeReasonFor(error: ProxyError): string {
  return closeReason(PROXY_ERRORS[error.code].reason);
}

/** Cuts a close reason to the 123 bytes a close frame can carry, on a character boundary. */
export function closeReason(text: string): string {
  if (Buffer.byteLength(text) <= 123) return text;
  let out = text;
  while (Buffer.byteLength(`${out}…`) > 123) out = out.slice(0, -1);
  return `${out}…`;
}

/** A close code received from one side, made sendable to the other. */
export function relayableCloseCode(code: number): number {
  if (code === 1005) return WS_NORMAL_CLOSE;
  if (code === 1004 || code === 1006 || code === 1015 || code < 1000 || code > 4999) return 1011;
  return code;
}
