/**
 * `GET /_sextant/snippet-templates?api={apiKey}&endpoint={endpointId}&page={page path}`: the SDK
 * snippet templates of one endpoint of a docs site, for the playground's language switcher.
 *
 * - local mode: from the docs project (generators.yml → each generator's `snippetTemplates`).
 * - hosted mode: from the registry (`POST /snippet-template/get` through the site source's
 *   registry client: in this process, or over HTTP when the docs host runs alone),
 *   for each SDK the API definition's `snippetsConfiguration` names, in the organization that
 *   owns the site at this host and page path.
 *
 * Answers `{ templates: [...] }`, one template per SDK that has one for the endpoint; a refusal in
 * the server's one error shape (400 BadRequestError, 404 SnippetTemplatesNotFoundError).
 */
import type { ApiDefinition, Endpoint } from '@sextant/definition';
import {
  endpointPathTemplate as pathTemplate,
  projectSnippetTemplates,
  type SnippetTemplate,
  templatesForEndpoint,
} from '@sextant/docs-project';
import { RegistryNamedError } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReplyError, sendError } from '../../error-replies/index.js';
import { requirePart } from '../../lifecycle/index.js';

export const SNIPPET_TEMPLATES_PATH = '/_sextant/snippet-templates';

export interface SnippetTemplatesOptions {
  mode: 'local' | 'hosted';
}

/** The site, its docs project or the endpoint asked for snippet templates is not there (404). */
export class SnippetTemplatesNotFoundError extends ReplyError<'SnippetTemplatesNotFoundError'> {
  constructor(message: string) {
    super('SnippetTemplatesNotFoundError', 404, message);
  }
}

function endpointOf(definition: ApiDefinition | undefined, endpointId: string): Endpoint {
  const endpoint = definition?.endpoints[endpointId];
  if (!endpoint) throw new SnippetTemplatesNotFoundError(`No endpoint "${endpointId}" in this API`);
  return endpoint;
}

async function snippetTemplatesPlugin(app: FastifyInstance, options: SnippetTemplatesOptions): Promise<void> {
  // Hosted sites and their templates come from the same source as the docs host's pages.
  const source =
    options.mode === 'hosted'
      ? requirePart(
          app,
          'docsSiteSource',
          'Snippet templates of hosted sites come from the registry: mount the registry in this server, or pass --registry-url',
        )
      : undefined;

  const local = async (apiKey: string, endpointId: string): Promise<SnippetTemplate[]> => {
    const loaded = app.hasDecorator('docsHost') ? (await app.docsHost.current()).project : undefined;
    if (!loaded) throw new SnippetTemplatesNotFoundError('The docs project is not loaded');
    const endpoint = endpointOf(loaded.project.apis[apiKey], endpointId);
    const templates = await projectSnippetTemplates(loaded.dir);
    return templatesForEndpoint(templates, { method: endpoint.method, path: pathTemplate(endpoint) });
  };

  const hosted = async (
    host: string,
    page: string,
    apiKey: string,
    endpointId: string,
  ): Promise<SnippetTemplate[]> => {
    const site = source ? await source.loadDocsForUrl(`${host}${page}`) : undefined;
    if (!site) throw new SnippetTemplatesNotFoundError('No docs are published at this address');
    const definition = site.apis[apiKey] as ApiDefinition | undefined;
    const endpoint = endpointOf(definition, endpointId);
    const config = definition?.snippetsConfiguration;
    const found = await Promise.all(
      (config?.sdks ?? []).map(async (sdk) => {
        try {
          const stored = await (source as NonNullable<typeof source>).client().getSnippetTemplate({
            body: {
              orgId: site.orgId,
              ...(config?.apiId ? { apiId: config.apiId } : {}),
              endpointId: { method: endpoint.method, path: pathTemplate(endpoint) },
              sdk: { language: sdk.language as SnippetTemplate['sdk']['language'], package: sdk.package },
            },
          });
          return [
            { sdk: stored.sdk, endpointId: stored.endpointId, snippetTemplate: stored.snippetTemplate },
          ];
        } catch (error) {
          if (error instanceof RegistryNamedError && error.errorName === 'SnippetNotFound') return [];
          throw error;
        }
      }),
    );
    return found.flat();
  };

  app.get(SNIPPET_TEMPLATES_PATH, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const { api, endpoint } = query;
    reply.header('cache-control', 'no-cache');
    if (!api || !endpoint)
      return sendError(reply, 400, 'BadRequestError', 'The query needs api and endpoint: ?api=…&endpoint=…');
    const page = query.page?.startsWith('/') ? query.page : '/';
    // Failures answer in the one error shape (error-replies/): 404 SnippetTemplatesNotFoundError, else 500.
    const templates =
      options.mode === 'local'
        ? await local(api, endpoint)
        : await hosted((request.headers.host ?? '').toLowerCase(), page, api, endpoint);
    return reply.send({ templates });
  });
}

/** The snippet-templates route of the docs host. */
export const snippetTemplates = fp(snippetTemplatesPlugin, {
  name: 'sextant-snippet-templates',
  fastify: '5.x',
});
