/** The demo upstream APIs: REST, WebSocket and JSON-RPC servers and their credentials. */
export { type EchoBody, type MultipartPart, parseMultipart, sha256 } from './body.js';
export { csvReport, onePagePdf, wavTone } from './media.js';
export { createRestHandler, DEMO_CREDENTIALS } from './rest-server.js';
export { answerRpc, createRpcHandler } from './rpc-server.js';
export { type DemoServerOptions, type DemoServers, startDemoServers } from './start-demo-servers.js';
export { createWsDemo } from './ws-server.js';
