/**
 * The MCP server of one docs site: three read-only tools (`search_docs`, `read_page`,
 * `describe_endpoint`) over the site the request resolved to. Inputs are validated by the SDK
 * with the zod shapes below; a tool that cannot answer (unknown page, no match) returns an
 * error result with the caller's next step, which the model reads, instead of failing the call.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { describeEndpoint, readPage, searchDocs, type ToolAnswer, type ToolSite } from './docs-tools.js';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

function result(answer: ToolAnswer): CallToolResult {
  if (answer.ok) return { content: [{ type: 'text', text: answer.text }] };
  return {
    isError: true,
    content: [{ type: 'text', text: `${answer.problem.code}: ${answer.problem.message}` }],
  };
}

/** The `version` argument of the tools that take one. */
const versionInput = z
  .string()
  .max(200)
  .optional()
  .describe(
    'A version of the docs (`v1`) when the site has several; default: the version this MCP endpoint serves',
  );

/** A new MCP server for `tool` (stateless: one per HTTP request). */
export function createDocsMcpServer(tool: ToolSite): McpServer {
  const title = tool.site.definition.config.title;
  const server = new McpServer(
    { name: 'sextant-docs', title: `${title} docs`, version: '1.0.0' },
    {
      instructions: `Documentation of ${title}. Search it with search_docs, read a page with read_page, and get an endpoint's parameters, auth and an example request with describe_endpoint.`,
    },
  );
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description: `Search the ${title} documentation (guides, API endpoints, types). Returns the best matching pages with their titles, URLs, version (when the docs have several) and a passage of text.`,
      inputSchema: {
        query: z.string().trim().min(1).max(500).describe('What to look for, in a few words'),
        limit: z.number().int().min(1).max(20).optional().describe('How many results (default 5)'),
        version: versionInput,
      },
      annotations: readOnly,
    },
    async ({ query, limit, version }) => result(await searchDocs(tool, query, limit ?? 5, version)),
  );
  server.registerTool(
    'read_page',
    {
      title: 'Read a docs page',
      description: 'The markdown of one page of the docs, by slug (`guides/intro`) or URL.',
      inputSchema: {
        slug: z.string().max(2000).optional().describe('The page slug, as search_docs returns it'),
        url: z.string().max(2000).optional().describe("The page's URL on this docs site"),
      },
      annotations: readOnly,
    },
    async ({ slug, url }) => {
      const reference = slug ?? url;
      if (reference === undefined)
        return result({
          ok: false,
          problem: { code: 'PAGE_NOT_FOUND', message: 'Pass the slug or the url of the page to read.' },
        });
      return result(await readPage(tool, reference));
    },
  );
  server.registerTool(
    'describe_endpoint',
    {
      title: 'Describe an API endpoint',
      description:
        'The parameters, request and response body fields (nested types expanded), auth and an example cURL request of one API endpoint, by its slug, URL or operation id, or by method and path.',
      inputSchema: {
        endpoint: z.string().max(2000).optional().describe('Slug, page URL or operation id of the endpoint'),
        method: z.enum(HTTP_METHODS).optional().describe('HTTP method, with path'),
        path: z.string().max(2000).optional().describe('Path template (`/pets/{petId}`) or a concrete path'),
        version: versionInput,
      },
      annotations: readOnly,
    },
    async (query) => {
      if (!query.endpoint && !query.path)
        return result({
          ok: false,
          problem: {
            code: 'ENDPOINT_NOT_FOUND',
            message: 'Pass the endpoint (slug, URL or operation id), or its method and path.',
          },
        });
      return result(await describeEndpoint(tool, query));
    },
  );
  return server;
}
