/** The MCP endpoint of every docs site (`{base}/_sextant/mcp`): search, read pages, describe endpoints. */
export { createDocsMcpServer } from './docs-mcp-server.js';
export { describeEndpoint, readPage, searchDocs, slugOf } from './docs-tools.js';
export { MCP_PATH, mcpPlugin } from './plugin.js';
