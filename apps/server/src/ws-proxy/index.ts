/** The WebSocket proxy: plugin, session, close codes and the END OF SAMPLE SESSION reason. */
export {
  closeCodeFor,
  closeReason,
  relayableCloseCode,
  WS_LIMIT_CLOSE_CODE,
  WS_LIMIT_CLOSE_REASON,
  WS_NORMAL_CLOSE,
} from './close-codes.js';
export { WS_PROXY_PATH, type WsProxyPluginOptions, wsProxyPlugin } from './ws-proxy-plugin.js';
export { handshakeSchema, parseHandshake, runWsSession, upstreamHandshakeHeaders } from './ws-session.js';
