/** What the dashboard's tests publish through the registry client, as the CLI would. */
import { type ApiDefinition, type DocsDefinitionInput, importOpenApi } from '@sextant/definition';
import type { RegistryClient } from '@sextant/registry-client';

/** A small docs definition of one guide page (the registry checks it with the docs schema). */
export function docsDefinition(title: string): DocsDefinitionInput {
  return {
    docsVersion: 1,
    config: { title },
    navigation: [],
    pages: { home: { id: 'home', title, slug: '', layout: 'guide', markdown: `# ${title}` } },
    homeSlug: '',
  };
}

/** Publishes a docs site at `domain` (plus `customDomains`); `preview` publishes at a new preview URL instead. */
export async function publishSite(
  admin: RegistryClient,
  orgId: string,
  site: { domain?: string; customDomains?: string[]; title: string },
): Promise<string[]> {
  const init = site.domain
    ? await admin.initDocsRegistrationV2({
        body: {
          orgId,
          domain: site.domain,
          ...(site.customDomains ? { customDomains: site.customDomains } : {}),
        },
      })
    : await admin.initDocsPreview({ body: { orgId } });
  await admin.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: docsDefinition(site.title), apiDefinitionIds: {} },
  });
  return init.urls;
}

/**
 * An API definition read from a small OpenAPI document: `version` is its `info.version`; each
 * operation is `GET path` answering an object with `fields` (all strings, the listed `required`).
 */
export function apiDefinition(
  title: string,
  version: string,
  operations: { id: string; path: string; required?: string[]; fields: string[] }[],
): ApiDefinition {
  const document = {
    openapi: '3.1.0',
    info: { title, version },
    paths: Object.fromEntries(
      operations.map((operation) => [
        operation.path,
        {
          get: {
            operationId: operation.id,
            parameters: (operation.required ?? []).map((name) => ({
              name,
              in: 'query',
              required: true,
              schema: { type: 'string' },
            })),
            responses: {
              200: {
                description: 'OK',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: Object.fromEntries(
                        operation.fields.map((field) => [field, { type: 'string' }]),
                      ),
                    },
                  },
                },
              },
            },
          },
        },
      ]),
    ),
  };
  return importOpenApi({ entry: 'openapi.json', read: () => JSON.stringify(document) }).definition;
}
