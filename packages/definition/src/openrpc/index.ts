/** OpenRPC 1.x importer: `importOpenRpc(source, options)`, `importOpenRpcDocuments(docs, options)`. */
export { importOpenRpc, importOpenRpcDocuments } from './import-openrpc.js';
