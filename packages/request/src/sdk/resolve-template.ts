/**
 * Filling a snippet template from the live form: each template kind (generic, enum,
 * discriminatedUnion, union_v2, dict, iterable) reads its payload input, formats values for the
 * language and substitutes `$INPUT`. An optional template with nothing to show resolves to
 * `undefined` and its parent leaves it out; imports of every template used are collected.
 */
import { TemplateResolutionError } from '../errors.js';
import { isRecord } from '../form-state/shapes.js';
import { formatValue } from './language-literals.js';
import {
  type EndpointSnippetTemplate,
  type PayloadInput,
  type SdkLanguage,
  TEMPLATE_INPUT,
  type Template,
  type UnionMemberMatch,
} from './template-schema.js';

/** The values templates read, by payload location (AUTH: `token`, `username`, `password`, header names). */
export interface SnippetPayload {
  pathParameters: Record<string, unknown>;
  queryParameters: Record<string, unknown>;
  headers: Record<string, unknown>;
  requestBody?: unknown;
  auth?: Record<string, unknown>;
}

export { TemplateResolutionError };

interface Context {
  language: SdkLanguage;
  payload: SnippetPayload;
  imports: Set<string>;
}

/**
 * The complete snippet: imports, the client instantiation and the function invocation, separated by blank lines.
 * @example
 * resolveSnippetTemplate(template, { pathParameters: { petId: '42' }, queryParameters: {}, headers: {} });
 * // import { PetstoreClient } from "petstore";
 * //
 * // const client = new PetstoreClient({ token: "YOUR_TOKEN" });
 * //
 * // await client.pets.get("42");
 */
export function resolveSnippetTemplate(template: EndpointSnippetTemplate, payload: SnippetPayload): string {
  const context: Context = { language: template.sdk.language, payload, imports: new Set() };
  const { clientInstantiation, functionInvocation } = template.snippetTemplate;
  const client =
    typeof clientInstantiation === 'string'
      ? clientInstantiation
      : resolveTemplate(clientInstantiation, context, undefined);
  const call = resolveTemplate(functionInvocation, context, undefined);
  if (call === undefined) throw new TemplateResolutionError('the function invocation resolved to nothing');
  return [[...context.imports].join('\n'), client ?? '', call].filter((block) => block !== '').join('\n\n');
}

function resolveTemplate(template: Template, context: Context, relative: unknown): string | undefined {
  const result = resolveKind(template, context, relative);
  if (result !== undefined) for (const line of template.imports ?? []) context.imports.add(line);
  return result;
}

function resolveKind(template: Template, context: Context, relative: unknown): string | undefined {
  switch (template.type) {
    case 'generic': {
      const inputs = template.templateInputs ?? [];
      const resolved: string[] = [];
      for (const input of inputs) {
        const text =
          input.type === 'template'
            ? resolveTemplate(input.value, context, relative)
            : formatPresent(context, readPayload(input.value, context, relative));
        if (text !== undefined) resolved.push(text);
      }
      if (inputs.length > 0 && resolved.length === 0 && template.isOptional) return undefined;
      return fill(template.templateString, resolved.join(template.inputDelimiter ?? ', '));
    }
    case 'enum': {
      const value = readPayload(template.templateInput, context, relative);
      if (value === undefined || value === null) return missing(template, 'enum value');
      const code = template.values[String(value)];
      if (code === undefined)
        throw new TemplateResolutionError(`${JSON.stringify(value)} is not one of the enum's values`);
      return fill(template.templateString, code);
    }
    case 'discriminatedUnion': {
      const value = readPayload(template.templateInput, context, relative);
      if (!isRecord(value)) return missing(template, 'union value');
      const discriminant = value[template.discriminantField];
      const member = template.members[String(discriminant)];
      if (!member)
        throw new TemplateResolutionError(
          `no member for ${template.discriminantField} = ${JSON.stringify(discriminant)}`,
        );
      const inner = resolveTemplate(member, context, value);
      return inner === undefined ? missing(template, 'union member') : fill(template.templateString, inner);
    }
    case 'union_v2': {
      const value = readPayload(template.templateInput, context, relative);
      if (value === undefined) return missing(template, 'union value');
      const member = template.members.find((m) => matches(m.type, value))?.template ?? template.default;
      if (!member) throw new TemplateResolutionError(`no union member matches ${JSON.stringify(value)}`);
      const inner = resolveTemplate(member, context, value);
      return inner === undefined ? missing(template, 'union member') : fill(template.templateString, inner);
    }
    case 'dict': {
      const value = readPayload(template.templateInput, context, relative);
      if (!isRecord(value)) return missing(template, 'map');
      const entries = Object.entries(value).flatMap(([k, v]) => {
        const key = resolveTemplate(template.keyTemplate, context, k);
        const item = resolveTemplate(template.valueTemplate, context, v);
        return key === undefined || item === undefined ? [] : [`${key}${template.keyValueSeparator}${item}`];
      });
      return fill(template.containerTemplateString, entries.join(template.delimiter));
    }
    case 'iterable': {
      const value = readPayload(template.templateInput, context, relative);
      if (!Array.isArray(value)) return missing(template, 'list');
      const items = value.flatMap((item) => resolveTemplate(template.innerTemplate, context, item) ?? []);
      return fill(template.containerTemplateString, items.join(template.delimiter));
    }
  }
}

/** An absent value: nothing for an optional template, a hard error for a required one. */
function missing(template: Template, what: string): undefined {
  if (template.isOptional) return undefined;
  const input = 'templateInput' in template ? template.templateInput : undefined;
  throw new TemplateResolutionError(`missing ${what} at ${input ? describe(input) : 'input'}`);
}

function describe(input: PayloadInput): string {
  return input.path ? `${input.location}.${input.path}` : input.location;
}

function formatPresent(context: Context, value: unknown): string | undefined {
  return value === undefined ? undefined : formatValue(context.language, value);
}

function fill(templateString: string | undefined, input: string): string {
  return (templateString ?? TEMPLATE_INPUT).split(TEMPLATE_INPUT).join(input);
}

/** Reads a payload input; `undefined` when absent. */
export function readPayload(
  input: PayloadInput,
  context: Pick<Context, 'payload'>,
  relative: unknown,
): unknown {
  const { payload } = context;
  const roots: Record<PayloadInput['location'], unknown> = {
    BODY: payload.requestBody,
    QUERY: payload.queryParameters,
    PATH: payload.pathParameters,
    HEADERS: payload.headers,
    RELATIVE: relative,
    AUTH: payload.auth,
  };
  let current = roots[input.location];
  if (!input.path) return current;
  for (const step of input.path.split('.')) {
    if (step === '') throw new TemplateResolutionError(`invalid payload path "${input.path}"`);
    if (Array.isArray(current) && /^\d+$/.test(step)) current = current[Number(step)];
    else if (isRecord(current)) current = current[step];
    else return undefined;
  }
  return current;
}

function matches(match: UnionMemberMatch, value: unknown): boolean {
  switch (match.kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'list':
      return Array.isArray(value);
    case 'literal':
      return value === match.value;
    case 'object':
      return isRecord(value) && (match.keys ?? []).every((k) => k in value);
  }
}
