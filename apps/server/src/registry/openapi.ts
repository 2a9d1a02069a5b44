/**
 * The registry's own OpenAPI 3.1 document, generated from the route table's zod schemas (the
 * same schemas that validate requests), so the published contract cannot drift from the code.
 */
import {
  DOCS_FILE_ERRORS,
  isNamedErrorName,
  namedErrorStatus,
  PROTOCOL_ERRORS,
  REGISTRY_ERRORS,
  type RouteSpec,
  routes,
  STORED_CONTENT_ERRORS,
  TENANCY_ERRORS,
} from '@sextant/registry-client';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Shared schemas of the document. zod gives every converted schema its own `$defs` (recursive
 * and reused parts); embedded in an operation, `#/$defs/…` would point at the document root, so
 * each one moves to `components.schemas` under a unique name and its references follow.
 */
type SharedSchemas = Record<string, JsonSchema>;

function rewriteRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')) {
      const name = names.get(child.slice('#/$defs/'.length));
      out[key] = name ? `#/components/schemas/${name}` : child;
    } else {
      out[key] = rewriteRefs(child, names);
    }
  }
  return out;
}

function toSchema(schema: z.ZodType, io: 'input' | 'output', sharedSchemas: SharedSchemas): JsonSchema {
  const {
    $schema: _,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (!$defs) return rest;
  const names = new Map<string, string>();
  for (const key of Object.keys($defs)) {
    names.set(key, `${io}${Object.keys(sharedSchemas).length + names.size}_${key.replace(/[^\w.-]/g, '')}`);
  }
  for (const [key, definition] of Object.entries($defs)) {
    sharedSchemas[names.get(key)!] = rewriteRefs(definition, names) as JsonSchema;
  }
  return rewriteRefs(rest, names) as JsonSchema;
}

function parameters(
  schema: z.ZodType | undefined,
  where: 'path' | 'query',
  shared: SharedSchemas,
): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input', shared) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const errorBody = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, content: {} },
};

function operation(name: string, spec: RouteSpec, shared: SharedSchemas): JsonSchema {
  const responses: Record<string, JsonSchema> = {
    200: {
      description: 'Success',
      content: { 'application/json': { schema: toSchema(spec.response, 'output', shared) } },
    },
  };
  const errors = [...spec.errors, 'BadRequestError' as const];
  for (const error of errors) {
    const key = String(
      isNamedErrorName(error) ? namedErrorStatus(error) : PROTOCOL_ERRORS.BadRequestError.status,
    );
    const described = responses[key]?.description;
    responses[key] = {
      description: described ? `${described}; ${error}` : error,
      content: { 'application/json': { schema: errorBody } },
    };
  }
  return {
    operationId: name,
    summary: spec.summary,
    ...(spec.auth === 'public'
      ? {}
      : { security: spec.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }] }),
    parameters: [...parameters(spec.params, 'path', shared), ...parameters(spec.query, 'query', shared)],
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(spec.body, 'input', shared) } },
          },
        }
      : {}),
    ...(spec.rawBody
      ? {
          requestBody: {
            required: true,
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * Builds the OpenAPI 3.1 document of every registry route. Its server is `serverUrl`, by
 * default `/`: relative to the document, so the registry's own reference (its playground) sends
 * to the origin that served it.
 */
export function buildOpenApiDocument(serverUrl = '/'): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const shared: SharedSchemas = {};
  for (const [name, spec] of Object.entries(routes) as [string, RouteSpec][]) {
    paths[spec.path] = { ...paths[spec.path], [spec.method.toLowerCase()]: operation(name, spec, shared) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sextant registry',
      version: '1.0.0',
      description: `Stores API definitions, docs sites, generators, snippets and tokens. Errors are \`{ "error": "Name", "content": … }\`; the named errors are: ${[...Object.keys(REGISTRY_ERRORS), ...Object.keys(DOCS_FILE_ERRORS), ...Object.keys(STORED_CONTENT_ERRORS), ...Object.keys(TENANCY_ERRORS)].join(', ')}.`,
    },
    servers: [{ url: serverUrl }],
    components: { schemas: shared, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
