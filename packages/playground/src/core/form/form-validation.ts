/**
 * Inline validation of a playground form (issue #17 item 10): every value checked against its
 * schema by the definition's `validateValue` (the IR's own rules, no generated code), the first
 * message kept per form path, and the count the Send area announces. Send stays possible: this
 * only tells the reader what the API is likely to refuse.
 */
import {
  cookieParametersOf,
  type Endpoint,
  type Parameter,
  type TypeReference,
  type ValueIssue,
  validateObject,
  validateValue,
  type WebSocketChannel,
} from '@sextant/definition';
import type { StatePath } from '@sextant/request';
import type { ParameterSection, PlaygroundFormState } from './form-state.js';
import type { TypeMap } from './type-shapes.js';

/** The problems of a form: one message per path (its key is `pathKey(path)`). */
export interface FormValidation {
  readonly errors: ReadonlyMap<string, string>;
  /** How many inputs hold an invalid value. */
  readonly count: number;
}

export const VALID: FormValidation = { errors: new Map(), count: 0 };

const REQUEST = { direction: 'request' } as const;

/**
 * The key of a form path in `FormValidation.errors`.
 * @example pathKey(['body', 'value', 'age']) // '["body","value","age"]'
 */
export function pathKey(path: StatePath): string {
  return JSON.stringify(path);
}

/**
 * The message for the input at `path`, if its value is invalid.
 * @example errorAt(validation, ['queryParameters', 'limit']) // 'Must be 1 or more'
 */
export function errorAt(validation: FormValidation, path: StatePath): string | undefined {
  return validation.errors.get(pathKey(path));
}

/**
 * What the Send area says: "1 field invalid", "2 fields invalid", or nothing.
 * @example invalidFieldsText(2) // '2 fields invalid'
 */
export function invalidFieldsText(count: number): string {
  if (count === 0) return '';
  return `${count} ${count === 1 ? 'field' : 'fields'} invalid`;
}

/** Issues of a value at `prefix` collected into a validation (first message per path wins). */
export function collect(parts: { prefix: StatePath; issues: ValueIssue[] }[]): FormValidation {
  const errors = new Map<string, string>();
  for (const { prefix, issues } of parts)
    for (const issue of issues) {
      const key = pathKey([...prefix, ...issue.path]);
      if (!errors.has(key)) errors.set(key, issue.message);
    }
  return errors.size === 0 ? VALID : { errors, count: errors.size };
}

/**
 * One value checked against its shape, paths from `prefix` (a WebSocket message, a parameter).
 * @example validateAt(['messages', 'close'], draft, message.body, types)
 */
export function validateAt(
  prefix: StatePath,
  value: unknown,
  shape: TypeReference,
  types: TypeMap,
): FormValidation {
  return collect([{ prefix, issues: validateValue(value, shape, types, REQUEST) }]);
}

/**
 * Every problem of an endpoint's form: parameters, then the body (JSON, multipart fields, files).
 * @example validateEndpointForm(endpoint, form.getState(), definition.types).count // 2
 */
export function validateEndpointForm(
  endpoint: Endpoint,
  state: PlaygroundFormState,
  types: TypeMap,
): FormValidation {
  const parts = [
    ...parameterIssues('pathParameters', endpoint.pathParameters, state.pathParameters, types),
    ...parameterIssues('queryParameters', endpoint.queryParameters, state.queryParameters, types),
    ...parameterIssues('headers', endpoint.requestHeaders, state.headers, types),
    ...parameterIssues('cookies', cookieParametersOf(endpoint), state.cookies ?? {}, types),
    ...bodyIssues(endpoint, state, types),
  ];
  return collect(parts);
}

/** The parameters and client messages of a WebSocket channel's form. */
export function validateChannelForm(
  channel: WebSocketChannel,
  state: {
    pathParameters: Record<string, unknown>;
    queryParameters: Record<string, unknown>;
    headers: Record<string, unknown>;
    messages: Record<string, unknown>;
  },
  types: TypeMap,
): FormValidation {
  return collect([
    ...parameterIssues('pathParameters', channel.pathParameters, state.pathParameters, types),
    ...parameterIssues('queryParameters', channel.queryParameters, state.queryParameters, types),
    ...parameterIssues('headers', channel.requestHeaders, state.headers, types),
    ...channel.messages
      .filter((message) => message.origin === 'client')
      .map((message) => ({
        prefix: ['messages', message.type],
        issues: validateValue(state.messages[message.type], message.body, types, REQUEST),
      })),
  ]);
}

function parameterIssues(
  section: ParameterSection,
  parameters: readonly Parameter[],
  values: Record<string, unknown>,
  types: TypeMap,
): { prefix: StatePath; issues: ValueIssue[] }[] {
  return parameters.map((parameter) => {
    const value = Object.hasOwn(values, parameter.key) ? values[parameter.key] : undefined;
    // An empty path segment is a missing one: the URL would lose a segment.
    const issues: ValueIssue[] =
      section === 'pathParameters' && value === ''
        ? [{ path: [], code: 'required', message: 'Required' }]
        : validateValue(value, parameter.valueShape, types, REQUEST);
    return { prefix: [section, parameter.key], issues };
  });
}

function bodyIssues(
  endpoint: Endpoint,
  state: PlaygroundFormState,
  types: TypeMap,
): { prefix: StatePath; issues: ValueIssue[] }[] {
  const request = endpoint.requests[0];
  const body = request?.body;
  if (!request || !body) return [];
  const prefix = ['body', 'value'];
  if (body.type === 'object' || body.type === 'alias') {
    const value = state.body?.type === 'json' ? state.body.value : undefined;
    if (value === undefined && request.isOptional) return [];
    const issues =
      body.type === 'object'
        ? validateObject(value, body, types, REQUEST)
        : validateValue(value, body.shape, types, REQUEST);
    return [{ prefix, issues }];
  }
  if (body.type !== 'formData') return [];
  const fields = state.body?.type === 'form-data' ? state.body.value : {};
  return body.fields.map((field) => {
    const current = Object.hasOwn(fields, field.key) ? fields[field.key] : undefined;
    const fieldPrefix = [...prefix, field.key];
    if (field.type === 'file' || field.type === 'files') {
      const picked =
        current?.type === 'files' ? current.value.length > 0 : current?.type === 'file' && !!current.value;
      const issues: ValueIssue[] =
        field.isOptional || picked ? [] : [{ path: [], code: 'required', message: 'Choose a file' }];
      return { prefix: fieldPrefix, issues };
    }
    const value = current?.type === 'json' || current?.type === 'exploded' ? current.value : undefined;
    return { prefix: fieldPrefix, issues: validateValue(value, field.valueShape, types, REQUEST) };
  });
}
