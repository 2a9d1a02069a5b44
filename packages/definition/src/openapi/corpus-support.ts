/**
 * Test support for the corpus test: picks the spec files, checks the invariants of an imported
 * definition (ids unique and resolving, auths and token endpoints existing), validates
 * synthesised example bodies against the spec's own source schema with Ajv, and measures how
 * faithfully the spec's own examples are shown (`measureFidelity`).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { DocumentSet, type Location } from '../document/document-set.js';
import { childPointer } from '../document/pointer.js';
import type { ApiDefinition } from '../ir/definition.js';
import type { Endpoint } from '../ir/endpoint.js';
import type { ImportSource } from '../ir/import-result.js';
import { pathTemplate } from '../ir/read-types.js';
import { apiDefinitionSchema } from '../ir/schema/definition.js';
import { issueLine, schemaIssues } from '../ir/schema/issues.js';
import { isObject } from '../schema/schema-predicates.js';

/** Spec files (json/yaml) under `folder`, recursively, sorted. */
export function specFiles(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(folder).sort()) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) out.push(...specFiles(path));
    else if (/\.(json|ya?ml)$/.test(entry)) out.push(path);
  }
  return out;
}

/** Every `step`-th item starting at 0, so the pick spreads over the whole sorted corpus. */
export function spread<T>(items: T[], count: number): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  const picked: T[] = [];
  for (let index = 0; index < items.length && picked.length < count; index += step)
    picked.push(items[index] as T);
  return picked;
}

/** What a definition breaks of the IR schema, fields and references (the registry refuses the same on write). */
export function invariantProblems(definition: unknown): string[] {
  return schemaIssues(apiDefinitionSchema, definition).map(issueLine);
}

type Direction = 'request' | 'response';

/** Validates example bodies against the spec's source schemas; counts what it could not check. */
export class SourceSchemaValidator {
  private readonly docs: DocumentSet;
  private readonly version: string;
  private readonly ajv: Ajv | Ajv2020;
  readonly skipped = new Map<string, number>();
  /** Compiled validators by schema key; null when Ajv could not compile it. */
  private readonly validators = new Map<string, ValidateFunction | null>();
  private readonly splitDirections: boolean;
  private readonly prepared = new Map<string, object>();
  private withoutUnicode: Ajv | Ajv2020 | undefined;
  private readonly fallbackCompiled = new WeakSet<ValidateFunction>();

  constructor(source: ImportSource) {
    this.docs = new DocumentSet(source);
    const root = this.docs.entry.root as Record<string, unknown>;
    this.version = root.swagger !== undefined ? '2.0' : String(root.openapi).slice(0, 3);
    // Request and response copies differ only when the spec uses readOnly / writeOnly.
    this.splitDirections = /(readOnly|writeOnly)"?\s*:\s*true/.test(this.docs.entry.text);
    for (const direction of this.splitDirections
      ? (['request', 'response'] as const)
      : (['request'] as const)) {
      this.prepared.set(
        `spec-${direction}`,
        prepare(root, this.version, direction, (reason) => this.skip(reason)) as object,
      );
    }
    this.ajv = this.createAjv(true);
  }

  /** An Ajv for the spec's dialect with the OpenAPI formats and the prepared copies added. */
  private createAjv(unicodeRegExp: boolean): Ajv | Ajv2020 {
    const options = {
      strict: false,
      logger: false,
      validateSchema: false,
      allErrors: false,
      inlineRefs: false,
      unicodeRegExp,
    } as const;
    const ajv = this.version === '3.1' ? new Ajv2020(options) : new Ajv(options);
    (addFormatsModule as unknown as (instance: Ajv | Ajv2020) => void)(ajv);
    for (const format of [
      'int32',
      'int64',
      'float',
      'double',
      'binary',
      'byte',
      'password',
      'base64',
      'url',
    ]) {
      if (!ajv.formats[format]) ajv.addFormat(format, true);
    }
    for (const [key, schema] of this.prepared) ajv.addSchema(schema, key);
    return ajv;
  }

  /**
   * The validator of `key`: with the u flag, else (for patterns written for JavaScript without it,
   * such as `\'`) with a second instance without it; null when neither compiles.
   */
  private compile(key: string): ValidateFunction | null {
    try {
      return this.ajv.getSchema(key) ?? null;
    } catch {
      this.withoutUnicode ??= this.createAjv(false);
      try {
        const validate = this.withoutUnicode.getSchema(key) ?? null;
        if (validate) this.fallbackCompiled.add(validate);
        return validate;
      } catch (error) {
        if (process.env.DEBUG_CORPUS) console.warn(key, error instanceof Error ? error.message : error);
        return null;
      }
    }
  }

  private skip(reason: string): void {
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + 1);
  }

  /**
   * Problems with the synthesised examples of `endpoint` (empty when all validate); with `all`, the
   * spec's own too, whose parts synthesis keeps when `conformValue` accepts them (the IR cannot
   * express every constraint, so a few still fail: bench/examples counts them).
   */
  check(endpoint: Endpoint, options: { all?: boolean } = {}): string[] {
    const problems: string[] = [];
    const operation = this.operationOf(endpoint);
    if (!operation) {
      if (!endpoint.synthetic) this.skip('operation not found in the entry document');
      return problems;
    }
    for (const example of endpoint.examples) {
      if (!example.synthesized && !options.all) continue;
      // A body whose schema admits no value is left partial and says so in `problems`: reported, not hidden.
      const reported = new Set((example.problems ?? []).map((problem) => problem.part));
      for (const part of reported) this.skip(`${part} reported in the example's problems`);
      const request = endpoint.requests[0];
      if (
        request &&
        example.requestBody !== undefined &&
        !reported.has('requestBody') &&
        /json/i.test(request.contentType) &&
        request.body.type !== 'formData'
      ) {
        const at = this.requestSchemaAt(operation, request.contentType);
        if (at) problems.push(...this.validate(at, 'request', example.requestBody, `${endpoint.id} request`));
        else this.skip('request schema not found');
      }
      const response = endpoint.responses[0];
      if (
        response &&
        example.responseBody !== undefined &&
        response.contentType &&
        !reported.has('responseBody')
      ) {
        const at = this.responseSchemaAt(operation, response.statusCode, response.contentType);
        if (!at) this.skip('response schema not found');
        else if (response.body.type === 'stream') {
          const events = (example.responseBody as { events?: unknown[] }).events ?? [];
          for (const event of events)
            problems.push(...this.validate(at, 'response', event, `${endpoint.id} event`));
        } else if (response.body.type === 'alias' || response.body.type === 'object') {
          problems.push(...this.validate(at, 'response', example.responseBody, `${endpoint.id} response`));
        }
      }
    }
    return problems;
  }

  /** Where the source schema of `endpoint`'s first request body sits (JSON bodies only), or undefined. */
  requestSchemaLocation(endpoint: Endpoint): Location | undefined {
    const operation = this.operationOf(endpoint);
    const request = endpoint.requests[0];
    if (
      !operation ||
      !request ||
      !/json/i.test(request.contentType) ||
      request.body.type === 'formData' ||
      request.body.type === 'bytes'
    )
      return undefined;
    return this.requestSchemaAt(operation, request.contentType);
  }

  /** Where the source schema of `endpoint`'s first response body sits (JSON bodies only), or undefined. */
  responseSchemaLocation(endpoint: Endpoint): Location | undefined {
    const operation = this.operationOf(endpoint);
    const response = endpoint.responses[0];
    if (!operation || !response?.contentType) return undefined;
    if (response.body.type !== 'alias' && response.body.type !== 'object') return undefined;
    return this.responseSchemaAt(operation, response.statusCode, response.contentType);
  }

  /** Whether `value` is valid against the source schema at `at`; undefined when it cannot be checked. */
  verdict(at: Location, direction: Direction, value: unknown): boolean | undefined {
    const skippedBefore = [...this.skipped.values()].reduce((a, b) => a + b, 0);
    const problems = this.validate(at, direction, value, 'value');
    const skippedAfter = [...this.skipped.values()].reduce((a, b) => a + b, 0);
    if (problems.length > 0) return false;
    return skippedAfter > skippedBefore ? undefined : true;
  }

  private validate(at: Location, direction: Direction, value: unknown, label: string): string[] {
    if (at.file !== this.docs.entry.file) {
      this.skip('schema in another file');
      return [];
    }
    const key = `spec-${this.splitDirections ? direction : 'request'}#${encodePointer(at.pointer)}`;
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = this.compile(key);
      this.validators.set(key, validate);
    }
    if (validate === null) {
      this.skip('Ajv cannot compile the schema');
      return [];
    }
    if (validate(value)) return [];
    if (this.fallbackCompiled.has(validate)) {
      // Without the u flag `\p{L}` means "p{L}": a failure here says nothing about the value.
      this.skip('invalid only under the non-unicode fallback: not reported');
      return [];
    }
    return [
      `${label} invalid against ${at.pointer}: ${this.ajv.errorsText(validate.errors)} value=${JSON.stringify(value).slice(0, 300)}`,
    ];
  }

  private operationOf(endpoint: Endpoint): { value: Record<string, unknown>; at: Location } | undefined {
    const path = pathTemplate(endpoint.path);
    const root = this.docs.entry.root as Record<string, unknown>;
    const paths = isObject(root.paths) ? root.paths : {};
    const pathsAt: Location = { file: this.docs.entry.file, pointer: '/paths' };
    const itemAt = { file: pathsAt.file, pointer: childPointer(pathsAt.pointer, path) };
    if (!(path in paths)) return undefined;
    const item = this.docs.deref(paths[path], itemAt);
    if (!isObject(item.value)) return undefined;
    const key = Object.keys(item.value).find((name) => name.toUpperCase() === endpoint.method);
    if (!key) return undefined;
    const operation = this.docs.deref(item.value[key], {
      file: item.at.file,
      pointer: childPointer(item.at.pointer, key),
    });
    return isObject(operation.value) ? { value: operation.value, at: operation.at } : undefined;
  }

  private requestSchemaAt(
    operation: { value: Record<string, unknown>; at: Location },
    contentType: string,
  ): Location | undefined {
    if (this.version === '2.0') {
      const parameters = Array.isArray(operation.value.parameters) ? operation.value.parameters : [];
      for (let index = 0; index < parameters.length; index++) {
        const parameter = this.docs.deref(parameters[index], child(operation.at, 'parameters', index));
        if (isObject(parameter.value) && parameter.value.in === 'body') return child(parameter.at, 'schema');
      }
      return undefined;
    }
    if (operation.value.requestBody === undefined) return undefined;
    const body = this.docs.deref(operation.value.requestBody, child(operation.at, 'requestBody'));
    if (!isObject(body.value) || !isObject(body.value.content)) return undefined;
    const media = body.value.content[contentType];
    return isObject(media) && media.schema !== undefined
      ? child(body.at, 'content', contentType, 'schema')
      : undefined;
  }

  private responseSchemaAt(
    operation: { value: Record<string, unknown>; at: Location },
    status: number,
    contentType: string,
  ): Location | undefined {
    if (!isObject(operation.value.responses)) return undefined;
    const responses = operation.value.responses;
    const key = [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`].find(
      (k) => k in responses,
    );
    if (!key) return undefined;
    const response = this.docs.deref(responses[key], child(operation.at, 'responses', key));
    if (!isObject(response.value)) return undefined;
    if (this.version === '2.0')
      return response.value.schema !== undefined ? child(response.at, 'schema') : undefined;
    if (!isObject(response.value.content)) return undefined;
    const media = response.value.content[contentType];
    return isObject(media) && media.schema !== undefined
      ? child(response.at, 'content', contentType, 'schema')
      : undefined;
  }
}

function child(at: Location, ...tokens: (string | number)[]): Location {
  let pointer = at.pointer;
  for (const token of tokens) pointer = childPointer(pointer, token);
  return { file: at.file, pointer };
}

function encodePointer(pointer: string): string {
  return pointer
    .split('/')
    .map((token) => encodeURIComponent(token).replace(/%7E/gi, '~'))
    .join('/');
}

/**
 * A copy of the spec that Ajv reads as JSON Schema: OpenAPI 3.0 `nullable` and Swagger
 * `x-nullable` become `null` in `type`, boolean exclusive bounds become numbers, Swagger
 * `type: file` is dropped, `oneOf` is read as `anyOf`, and `required` leaves out readOnly properties for requests and
 * writeOnly ones for responses (OpenAPI's rule).
 */
function prepare(
  value: unknown,
  version: string,
  direction: Direction,
  relaxed: (reason: string) => void,
  depth = 0,
): unknown {
  if (depth > 1200) return value;
  if (Array.isArray(value)) return value.map((item) => prepare(item, version, direction, relaxed, depth + 1));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    out[key] = prepare(item, version, direction, relaxed, depth + 1);
  // A spec whose enum contradicts its type (`type: integer, enum: ["0 (User)"]`) admits no value;
  // the importer follows the enum, so the check does too (counted).
  if (typeof out.type === 'string' && Array.isArray(out.enum) && out.enum.length > 0) {
    const type = out.type;
    if (!out.enum.some((item) => matchesType(item, type))) {
      delete out.type;
      relaxed('enum values contradict the declared type: type ignored');
    }
  }
  if (version !== '3.1') {
    if (out.nullable === true || out['x-nullable'] === true) {
      if (typeof out.type === 'string') out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    }
    delete out.nullable;
    for (const [flag, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof out[flag] === 'boolean') {
        if (out[flag] === true && typeof out[bound] === 'number') {
          out[flag] = out[bound];
          delete out[bound];
        } else delete out[flag];
      }
    }
    if (out.type === 'file') delete out.type;
  }
  // The IR has no minProperties/maxProperties and keeps scalar enums only (counted).
  for (const keyword of ['minProperties', 'maxProperties'] as const) {
    if (keyword in out) {
      delete out[keyword];
      relaxed(`${keyword} is not in the IR: not checked`);
    }
  }
  if (Array.isArray(out.enum) && out.enum.some((item) => item !== null && typeof item === 'object')) {
    delete out.enum;
    relaxed('non-scalar enum is not in the IR: not checked');
  }
  // `required` naming a key that `additionalProperties: false` forbids admits no value (counted).
  if (out.additionalProperties === false && Array.isArray(out.required) && out.allOf === undefined) {
    const declared = isObject(out.properties) ? out.properties : {};
    const kept = out.required.filter((key) => typeof key === 'string' && key in declared);
    if (kept.length !== out.required.length) {
      out.required = kept;
      relaxed('required names a property additionalProperties: false forbids: dropped');
    }
  }
  // oneOf exclusivity is not checked: loose variants (no `required`, open objects) make a valid
  // value match several of them, which OpenAPI tools resolve by the discriminator or by order.
  if (Array.isArray(out.oneOf)) {
    if (out.anyOf === undefined) out.anyOf = out.oneOf;
    else out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), { anyOf: out.oneOf }];
    delete out.oneOf;
  }
  if (Array.isArray(out.required) && isObject(out.properties)) {
    const properties = out.properties;
    const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
    out.required = out.required.filter((key) => {
      const property = typeof key === 'string' ? properties[key] : undefined;
      return !(isObject(property) && property[hidden] === true);
    });
  }
  return out;
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return value === null;
  }
}

/** How faithfully the spec's own examples are shown (issue 29): measured by the corpus test and bench/examples. */
export interface ExampleFidelity {
  /** Parts the spec's examples give (a parameter value, a request body, a response body). */
  specParts: number;
  /** Of those, shown exactly as written (the same JSON text: keys, order, values). */
  asWritten: number;
  /** The parts shown otherwise (replaced, altered or dropped). */
  altered: string[];
  /** Spec example bodies the spec's own schema refuses (Ajv), and how many carry a problem note. */
  invalidBodies: number;
  flagged: number;
  /** Invalid bodies shown without a note (the IR cannot express the rule they break). */
  unflagged: string[];
}

export function emptyFidelity(): ExampleFidelity {
  return { specParts: 0, asWritten: 0, altered: [], invalidBodies: 0, flagged: 0, unflagged: [] };
}

/**
 * Adds to `into` how the examples of `given` (the importer's, before synthesis) are shown in
 * `shown` (after synthesis), endpoint by endpoint.
 */
export function measureFidelity(
  given: ApiDefinition,
  shown: ApiDefinition,
  validator: SourceSchemaValidator,
  label: string,
  into: ExampleFidelity,
): void {
  for (const [id, endpoint] of Object.entries(given.endpoints)) {
    const final = shown.endpoints[id];
    endpoint.examples.forEach((example, index) => {
      const after = final?.examples[index];
      const where = `${label} ${id} example ${index}`;
      const parts: [string, unknown, unknown][] = [];
      for (const part of ['pathParameters', 'queryParameters', 'headers', 'cookies'] as const)
        for (const [key, value] of Object.entries(example[part] ?? {}))
          parts.push([`${part}.${key}`, value, after?.[part]?.[key]]);
      if (example.requestBody !== undefined)
        parts.push(['requestBody', example.requestBody, after?.requestBody]);
      if (example.responseBody !== undefined)
        parts.push(['responseBody', example.responseBody, after?.responseBody]);
      for (const [part, value, shownValue] of parts) {
        into.specParts++;
        if (JSON.stringify(value) === JSON.stringify(shownValue)) into.asWritten++;
        else into.altered.push(`${where} ${part}`);
      }
      if (!after) return;
      const flaggedParts = new Set((after.problems ?? []).map((problem) => problem.part));
      const bodies = [
        ['requestBody', example.requestBody, validator.requestSchemaLocation(endpoint), 'request'],
        [
          'responseBody',
          example.responseStatusCode === endpoint.responses[0]?.statusCode ? example.responseBody : undefined,
          validator.responseSchemaLocation(endpoint),
          'response',
        ],
      ] as const;
      for (const [part, value, at, direction] of bodies) {
        if (value === undefined || !at || validator.verdict(at, direction, value) !== false) continue;
        into.invalidBodies++;
        if (flaggedParts.has(part)) into.flagged++;
        else into.unflagged.push(`${where} ${part}`);
      }
    });
  }
}
