/**
 * `{base}/_sextant/mcp` on every docs site: the MCP Streamable HTTP endpoint (stateless, JSON
 * responses). Each POST gets its own server and transport from the official SDK, over the raw
 * Node request and response (the Fastify reply is hijacked) with the body parsed from the site
 * route's raw bytes. Without sessions there is no server-to-client stream, so GET and DELETE
 * answer 405 as the transport specification allows.
 *
 * Not gated by docs.yml: the tools only read what the site already publishes.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteRequestContext } from '../docs-host/index.js';
import { needs } from '../lifecycle/index.js';
import { createDocsMcpServer } from './docs-mcp-server.js';

export const MCP_PATH = '/_sextant/mcp';

function jsonRpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json')
    .send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

function parseBody(body: unknown): { ok: true; value: unknown } | { ok: false } {
  if (!Buffer.isBuffer(body) || body.length === 0) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

async function handlePost(request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) {
  if (!context.origin) return jsonRpcError(reply, 400, -32600, 'The Host header is malformed.');
  const parsed = parseBody(request.body);
  if (!parsed.ok)
    return jsonRpcError(reply, 400, -32700, 'Parse error: the body must be a JSON-RPC message.');
  const server = createDocsMcpServer({ site: context.site, siteUrl: `${context.origin}${context.basePath}` });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  reply.hijack();
  reply.raw.setHeader('cache-control', 'no-store');
  reply.raw.setHeader('x-content-type-options', 'nosniff');
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, parsed.value);
  } catch (error) {
    request.log.error({ err: error }, 'MCP request failed');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(
        JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }),
      );
    }
  }
}

const notAllowed = (_request: FastifyRequest, reply: FastifyReply) =>
  jsonRpcError(
    reply.header('allow', 'POST'),
    405,
    -32000,
    'Method not allowed: this MCP endpoint is stateless, send JSON-RPC messages with POST.',
  );

/** Adds the MCP endpoint to every docs site. Needs the docs host (`app.docsHost`). */
async function mcp(app: FastifyInstance): Promise<void> {
  app.docsHost.addSiteRoute({ method: 'POST', path: MCP_PATH, handler: handlePost });
  app.docsHost.addSiteRoute({ method: 'GET', path: MCP_PATH, handler: notAllowed });
  app.docsHost.addSiteRoute({ method: 'DELETE', path: MCP_PATH, handler: notAllowed });
}

/** The MCP endpoint of every docs site. */
export const mcpPlugin = fp(mcp, {
  name: 'sextant-mcp',
  fastify: '5.x',
  encapsulate: true,
  decorators: needs('docsHost'),
});
