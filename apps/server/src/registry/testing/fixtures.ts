/**
 * Test fixtures: small but complete API definitions (IR) to register and diff, and a docs
 * definition in the shape of the docs site model.
 */
import type {
  ApiDefinition,
  DocsDefinitionInput,
  Endpoint,
  Parameter,
  TypeReference,
} from '@sextant/definition';

const string: TypeReference = { type: 'primitive', value: { type: 'string' } };
const integer: TypeReference = { type: 'primitive', value: { type: 'integer' } };

/** A query parameter, optional unless `required`. */
export function queryParameter(key: string, required = false, shape: TypeReference = integer): Parameter {
  return { key, valueShape: required ? shape : { type: 'optional', shape } };
}

/** A GET endpoint on `/pets...` with the given query parameters. */
export function endpoint(
  id: string,
  path: string,
  queryParameters: Parameter[] = [],
  description?: string,
): Endpoint {
  return {
    id,
    method: 'GET',
    title: id,
    ...(description ? { description } : {}),
    path: path
      .split(/(\{\w+\})/)
      .filter(Boolean)
      .map((part) =>
        part.startsWith('{')
          ? { type: 'pathParameter', name: part.slice(1, -1) }
          : { type: 'literal', value: part },
      ),
    pathParameters: [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
      key: match[1] ?? '',
      valueShape: string,
    })),
    queryParameters,
    requestHeaders: [],
    requests: [],
    responses: [{ statusCode: 200, body: { type: 'alias', shape: { type: 'id', id: 'Pet' } } }],
    errors: [],
    examples: [],
    auth: [],
    environments: [{ id: 'prod', baseUrl: 'https://api.example.com' }],
  };
}

/** A pet store definition with the given endpoints; `petIdType` lets tests change a field type. */
export function petStore(endpoints: Endpoint[], petIdType: TypeReference = integer): ApiDefinition {
  return {
    irVersion: 1,
    id: 'pets',
    title: 'Pet store',
    version: '1.0.0',
    source: { format: 'openapi', version: '3.1.0' },
    endpoints: Object.fromEntries(endpoints.map((entry) => [entry.id, entry])),
    websockets: {},
    webhooks: {},
    types: {
      Pet: {
        id: 'Pet',
        name: 'Pet',
        shape: {
          type: 'object',
          extends: [],
          properties: [
            { key: 'id', valueShape: petIdType },
            { key: 'name', valueShape: string },
          ],
        },
      },
    },
    auths: {},
    globalHeaders: [],
    rootPackage: {
      endpoints: endpoints.map((entry) => entry.id),
      websockets: [],
      webhooks: [],
      subpackages: [],
    },
    subpackages: {},
  };
}

/** A docs definition shaped like the docs site model (the registry only stores it). */
export function docsDefinition(title: string, apiKey: string): DocsDefinitionInput {
  return {
    docsVersion: 1,
    config: { title },
    navigation: [{ type: 'apiReference', title: 'API', slug: 'api', apiId: apiKey, children: [] }],
    pages: { home: { id: 'home', title, slug: '', layout: 'guide', markdown: `# ${title}` } },
    homeSlug: '',
  };
}
