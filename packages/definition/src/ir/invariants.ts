/**
 * `apiDefinitionProblems(value)`: the invariants of an API definition (IR), checked on untrusted
 * JSON: the IR version this code reads, the root collections, ids equal to their keys, and every
 * internal reference resolving (type ids, union variants, `extends`, endpoint auths, OAuth token
 * endpoints). The importers' corpus test and the registry's check of stored definitions share it.
 */
import { IR_VERSION } from './definition.js';

const MAX_PROBLEMS = 20;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const has = (record: Json, key: unknown): boolean => typeof key === 'string' && Object.hasOwn(record, key);

const ROOT_RECORDS = ['endpoints', 'websockets', 'webhooks', 'types', 'auths', 'subpackages'] as const;

/** Broken id/key pairs and endpoint auths of a definition whose root collections are objects. */
function keyProblems(definition: Record<(typeof ROOT_RECORDS)[number], Json>, problems: string[]): void {
  const seen = new Set<unknown>();
  for (const [key, endpoint] of Object.entries(definition.endpoints)) {
    if (!isObject(endpoint)) {
      problems.push(`endpoint ${key} is not an object`);
      continue;
    }
    if (endpoint.id !== key) problems.push(`endpoint key ${key} holds id ${String(endpoint.id)}`);
    if (seen.has(endpoint.id)) problems.push(`duplicate endpoint id ${String(endpoint.id)}`);
    seen.add(endpoint.id);
    for (const auth of Array.isArray(endpoint.auth) ? endpoint.auth : [])
      if (!has(definition.auths, auth)) problems.push(`${key}: unknown auth ${String(auth)}`);
  }
  for (const auth of Object.values(definition.auths)) {
    if (!isObject(auth) || auth.type !== 'oAuth') continue;
    const flows = Array.isArray(auth.flows) ? auth.flows : [auth.value];
    for (const flow of flows) {
      if (isObject(flow) && flow.type === 'implicit') continue;
      const tokenEndpoint = isObject(flow) && isObject(flow.tokenEndpoint) ? flow.tokenEndpoint : {};
      if (!has(definition.endpoints, tokenEndpoint.endpointId))
        problems.push(`auth ${String(auth.id)}: token endpoint ${String(tokenEndpoint.endpointId)} missing`);
    }
  }
  for (const [key, type] of Object.entries(definition.types))
    if (!isObject(type) || type.id !== key)
      problems.push(`type key ${key} holds ${String(isObject(type) && type.id)}`);
}

/** Every id reference outside example values resolves (walked without recursion: any depth is safe). */
function referenceProblems(
  definition: Record<(typeof ROOT_RECORDS)[number], Json>,
  problems: string[],
): void {
  const types = definition.types;
  const stack: unknown[] = [
    definition.endpoints,
    definition.webhooks,
    definition.types,
    definition.websockets,
  ];
  while (stack.length > 0 && problems.length < MAX_PROBLEMS) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    if (!isObject(value)) continue;
    if (value.type === 'id' && typeof value.id === 'string' && !has(types, value.id))
      problems.push(`dangling type reference ${value.id}`);
    if (typeof value.typeId === 'string' && !has(types, value.typeId))
      problems.push(`dangling variant ${value.typeId}`);
    if (Array.isArray(value.extends))
      for (const id of value.extends)
        if (typeof id === 'string' && !has(types, id)) problems.push(`dangling extends ${id}`);
    for (const [key, child] of Object.entries(value)) {
      if (key === 'examples' || key === 'default') continue;
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
}

/**
 * Broken invariants of a definition, as messages (empty when it is sound), at most 20.
 * @example apiDefinitionProblems({ ...definition, irVersion: 99 }) // ['irVersion is 99; this registry reads 1']
 */
export function apiDefinitionProblems(value: unknown): string[] {
  if (!isObject(value)) return ['the definition is not an object'];
  const problems: string[] = [];
  if (value.irVersion !== IR_VERSION)
    problems.push(`irVersion is ${String(value.irVersion)}; this registry reads ${IR_VERSION}`);
  for (const key of ROOT_RECORDS) if (!isObject(value[key])) problems.push(`${key} must be an object`);
  if (problems.length > 0) return problems;
  const definition = value as Record<(typeof ROOT_RECORDS)[number], Json>;
  keyProblems(definition, problems);
  referenceProblems(definition, problems);
  return problems.slice(0, MAX_PROBLEMS);
}
