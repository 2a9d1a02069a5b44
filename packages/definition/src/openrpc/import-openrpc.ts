/**
 * OpenRPC 1.x → IR. Each method becomes one `POST` endpoint with
 * `protocol: { type: 'openrpc', methodName }` (the playground and snippets wrap the body in the
 * JSON-RPC envelope): the request body is an object of the method's params (required ones
 * required, others optional), the response body is the result's schema, errors are listed with
 * their JSON-RPC code, `components.schemas` become named types, `servers` (root or per method,
 * `${var}` or `{var}` variables) become environments, the first tag names the group, and the
 * method's example pairings become endpoint examples.
 */
import { DocumentSet, type DocumentSetOptions, type Location } from '../document/document-set.js';
import { WarningSink } from '../document/warnings.js';
import { applyApiInfo } from '../import/api-info.js';
import { environmentsOf, type ServerLike } from '../import/environments.js';
import { firstTagName, NavigationGroups } from '../import/navigation-groups.js';
import { type ApiDefinition, IR_VERSION } from '../ir/definition.js';
import type { Endpoint, EndpointExample, Environment, ErrorResponse } from '../ir/endpoint.js';
import type { ImportOptions, ImportResult, ImportSource } from '../ir/import-result.js';
import type { ObjectProperty } from '../ir/types.js';
import { describeType } from '../openapi/context.js';
import { IdAllocator, slugify } from '../openapi/paths.js';
import { availabilityOf, isObject, pascalCase, pointerAt, type SchemaObject } from '../schema/index.js';
import { SchemaConverter } from '../schema/schema-converter.js';

type Json = Record<string, unknown>;

/** Imports the OpenRPC document `source.entry`. */
export function importOpenRpc(
  source: ImportSource,
  options: ImportOptions & DocumentSetOptions = {},
): ImportResult {
  return importOpenRpcDocuments(new DocumentSet(source, options), options);
}

/** Same as `importOpenRpc`, on documents already loaded (format detection parsed them). */
export function importOpenRpcDocuments(docs: DocumentSet, options: ImportOptions = {}): ImportResult {
  const reader = new OpenRpcReader(docs);
  return { definition: reader.read(options), warnings: reader.sink.warnings };
}

class OpenRpcReader {
  readonly sink = new WarningSink();
  private readonly schemas: SchemaConverter;
  private readonly rootAt: Location;
  private readonly ids = new IdAllocator();

  constructor(private readonly docs: DocumentSet) {
    this.schemas = new SchemaConverter(docs, this.sink, { dialect: 'json-schema' });
    this.rootAt = { file: docs.entry.file, pointer: '' };
  }

  read(options: ImportOptions): ApiDefinition {
    const root = this.object(this.docs.entry.root, this.rootAt, 'an OpenRPC document').value;
    const info = this.optionalObject(root.info, pointerAt(this.rootAt, 'info'), '`info`') ?? {};
    const components =
      this.optionalObject(root.components, pointerAt(this.rootAt, 'components'), '`components`') ?? {};
    const schemasAt = pointerAt(this.rootAt, 'components', 'schemas');
    this.schemas.reserveComponents(components.schemas, schemasAt);
    const environments = this.environments(root.servers, pointerAt(this.rootAt, 'servers'));

    const groups = new NavigationGroups(this.tagDescriptions(components.tags));
    const endpoints: Record<string, Endpoint> = {};
    const methodsAt = pointerAt(this.rootAt, 'methods');
    if (!Array.isArray(root.methods)) {
      throw this.docs.error(methodsAt, '`methods` must be an array of method objects');
    }
    root.methods.forEach((raw, index) => {
      const { value: method, at } = this.object(raw, pointerAt(methodsAt, index), 'a method');
      const endpoint = this.method(method, at, environments);
      if (!endpoint) return;
      endpoints[endpoint.id] = endpoint;
      groups.add(
        firstTagName(method.tags, (tag) => this.docs.deref(tag, at).value),
        'endpoints',
        endpoint.id,
      );
    });
    this.schemas.defineComponents(components.schemas, schemasAt);

    const title = typeof info.title === 'string' && info.title.trim() !== '' ? info.title : 'JSON-RPC API';
    const definition: ApiDefinition = {
      irVersion: IR_VERSION,
      id: options.id ?? slugify(title),
      title,
      source: { format: 'openrpc', version: String(root.openrpc) },
      endpoints,
      websockets: {},
      webhooks: {},
      types: this.schemas.types(),
      auths: {},
      globalHeaders: [],
      rootPackage: groups.rootPackage,
      subpackages: groups.subpackages,
    };
    applyApiInfo(definition, info);
    return definition;
  }

  private method(method: Json, at: Location, rootEnvironments: Environment[]): Endpoint | undefined {
    if (typeof method.name !== 'string' || method.name === '') {
      this.sink.warn(at, 'method without a `name`; skipped');
      return undefined;
    }
    const name = method.name;
    const hint = pascalCase(name);
    const params = this.params(method.params, pointerAt(at, 'params'), hint);
    const byPosition = method.paramStructure === 'by-position';
    const endpoint: Endpoint = {
      id: this.ids.take(name),
      method: 'POST',
      title: typeof method.summary === 'string' && method.summary !== '' ? method.summary : name,
      operationId: name,
      path: [],
      pathParameters: [],
      queryParameters: [],
      requestHeaders: [],
      requests: [
        {
          contentType: 'application/json',
          body: { type: 'object', extends: [], properties: params.properties },
        },
      ],
      responses: [],
      errors: this.errors(method.errors, pointerAt(at, 'errors')),
      examples: [],
      auth: [],
      environments:
        method.servers === undefined
          ? rootEnvironments
          : this.environments(method.servers, pointerAt(at, 'servers')),
      protocol: { type: 'openrpc', methodName: name },
    };
    if (typeof method.description === 'string') endpoint.description = method.description;
    const availability = availabilityOf(method as SchemaObject);
    if (availability) endpoint.availability = availability;
    if (method.result !== undefined) {
      const resultAt = pointerAt(at, 'result');
      const { value: result, at: resolvedAt } = this.object(method.result, resultAt, 'the method `result`');
      const body = this.schemas.body(result.schema, pointerAt(resolvedAt, 'schema'), `${hint}Result`);
      endpoint.responses.push({
        statusCode: 200,
        contentType: 'application/json',
        body,
        ...(typeof result.description === 'string' ? { description: result.description } : {}),
      });
    }
    endpoint.examples = this.examples(method.examples, pointerAt(at, 'examples'), params.names);
    // The body is always by name; by-position servers need the values as an array in param order.
    if (byPosition) endpoint.protocol = { type: 'openrpc', methodName: name, paramStructure: 'by-position' };
    return endpoint;
  }

  /** Content descriptors of `params` → body properties; `by-position` when the method says so. */
  private params(raw: unknown, at: Location, hint: string) {
    const properties: ObjectProperty[] = [];
    const names: string[] = [];
    if (raw !== undefined && !Array.isArray(raw)) throw this.docs.error(at, '`params` must be an array');
    (raw ?? []).forEach((entry: unknown, index: number) => {
      const { value: param, at: paramAt } = this.object(
        entry,
        pointerAt(at, index),
        'a param content descriptor',
      );
      if (typeof param.name !== 'string' || param.name === '') {
        this.sink.warn(paramAt, 'param without a `name`; skipped');
        return;
      }
      const shape = this.schemas.reference(
        param.schema,
        pointerAt(paramAt, 'schema'),
        `${hint}${pascalCase(param.name)}`,
      );
      const property: ObjectProperty = {
        key: param.name,
        valueShape: param.required === true ? shape : { type: 'optional', shape },
      };
      const description = typeof param.description === 'string' ? param.description : param.summary;
      if (typeof description === 'string') property.description = description;
      const availability = availabilityOf(param as SchemaObject);
      if (availability) property.availability = availability;
      properties.push(property);
      names.push(param.name);
    });
    return { properties, names };
  }

  private errors(raw: unknown, at: Location): ErrorResponse[] {
    if (!Array.isArray(raw)) return [];
    const errors: ErrorResponse[] = [];
    raw.forEach((entry, index) => {
      const { value: error, at: errorAt } = this.docs.deref(entry, pointerAt(at, index));
      if (!isObject(error) || typeof error.code !== 'number') {
        this.sink.warn(errorAt, 'error without a numeric `code`; skipped');
        return;
      }
      // JSON-RPC errors travel in a 200 response; the code tells them apart.
      const out: ErrorResponse = {
        statusCode: 200,
        name: `JSON-RPC error ${error.code}`,
        contentType: 'application/json',
      };
      if (typeof error.message === 'string') out.description = error.message;
      errors.push(out);
    });
    return errors;
  }

  /** Example pairings: params matched by name when they carry a param's name, else by position. */
  private examples(raw: unknown, at: Location, paramNames: string[]): EndpointExample[] {
    if (!Array.isArray(raw)) return [];
    const examples: EndpointExample[] = [];
    raw.forEach((entry, index) => {
      const { value: pairing, at: pairingAt } = this.docs.deref(entry, pointerAt(at, index));
      if (!isObject(pairing)) return;
      const requestBody: Record<string, unknown> = {};
      if (Array.isArray(pairing.params)) {
        pairing.params.forEach((rawParam, position) => {
          const { value: param } = this.docs.deref(rawParam, pointerAt(pairingAt, 'params', position));
          if (!isObject(param) || !('value' in param)) return;
          const key =
            typeof param.name === 'string' && paramNames.includes(param.name)
              ? param.name
              : paramNames[position];
          if (key !== undefined) requestBody[key] = param.value;
        });
      }
      const example: EndpointExample = {
        pathParameters: {},
        queryParameters: {},
        headers: {},
        requestBody,
        responseStatusCode: 200,
        synthesized: false,
      };
      if (typeof pairing.name === 'string') example.name = pairing.name;
      const description = pairing.description ?? pairing.summary;
      if (typeof description === 'string') example.description = description;
      if (pairing.result !== undefined && pairing.result !== null) {
        const { value: result } = this.docs.deref(pairing.result, pointerAt(pairingAt, 'result'));
        if (isObject(result) && 'value' in result) example.responseBody = result.value;
      }
      examples.push(example);
    });
    return examples;
  }

  /** OpenRPC servers (`${var}` placeholders allowed) → environments. */
  private environments(raw: unknown, at: Location): Environment[] {
    if (raw === undefined) return [];
    if (!Array.isArray(raw)) throw this.docs.error(at, '`servers` must be an array');
    const servers: ServerLike[] = [];
    raw.forEach((entry, index) => {
      const { value: server, at: serverAt } = this.docs.deref(entry, pointerAt(at, index));
      if (!isObject(server) || typeof server.url !== 'string') {
        this.sink.warn(serverAt, 'server without a `url` string; ignored');
        return;
      }
      servers.push({
        url: server.url.replace(/\$\{([^}]+)\}/g, '{$1}'),
        description: server.description ?? server.summary ?? server.name,
        variables: server.variables,
      });
    });
    return environmentsOf(this.docs, this.sink, this.schemas, servers, at);
  }

  private tagDescriptions(tags: unknown): Map<string, string> {
    const descriptions = new Map<string, string>();
    if (!isObject(tags)) return descriptions;
    for (const tag of Object.values(tags)) {
      if (isObject(tag) && typeof tag.name === 'string' && typeof tag.description === 'string') {
        descriptions.set(tag.name, tag.description);
      }
    }
    return descriptions;
  }

  private object(value: unknown, at: Location, what: string): { value: Json; at: Location } {
    const resolved = this.docs.deref(value, at);
    if (!isObject(resolved.value)) {
      throw this.docs.error(resolved.at, `${what} must be an object, got ${describeType(resolved.value)}`);
    }
    return { value: resolved.value, at: resolved.at };
  }

  private optionalObject(value: unknown, at: Location, what: string): Json | undefined {
    return value === undefined || value === null ? undefined : this.object(value, at, what).value;
  }
}
