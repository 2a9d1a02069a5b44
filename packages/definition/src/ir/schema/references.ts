/**
 * The invariants of an API definition that its fields cannot check alone: every record's ids
 * equal their keys (endpoint ids unique), endpoint auths and OAuth token endpoints exist, and
 * every type reference (`{ type: 'id' }`, union variants, `extends`) resolves. Walked without
 * recursion, skipping example values, so any depth is safe.
 */
import type { ApiDefinition } from '../definition.js';

/** Most issues reported for one definition: the first ones name the fault. */
export const MAX_REFERENCE_ISSUES = 20;

export interface ReferenceIssue {
  path: PropertyKey[];
  message: string;
}

type Path = PropertyKey[];

function keyIssues(definition: ApiDefinition, issues: ReferenceIssue[]): void {
  const seen = new Set<string>();
  for (const [key, endpoint] of Object.entries(definition.endpoints)) {
    if (endpoint.id !== key)
      issues.push({ path: ['endpoints', key, 'id'], message: `endpoint key ${key} holds id ${endpoint.id}` });
    if (seen.has(endpoint.id))
      issues.push({ path: ['endpoints', key, 'id'], message: `duplicate endpoint id ${endpoint.id}` });
    seen.add(endpoint.id);
    for (const [index, auth] of endpoint.auth.entries())
      if (!Object.hasOwn(definition.auths, auth))
        issues.push({ path: ['endpoints', key, 'auth', index], message: `unknown auth ${auth}` });
  }
  for (const [key, auth] of Object.entries(definition.auths)) {
    if (auth.type !== 'oAuth') continue;
    const flows = auth.flows ?? [auth.value];
    for (const [index, flow] of flows.entries()) {
      if (flow.type === 'implicit') continue;
      if (!Object.hasOwn(definition.endpoints, flow.tokenEndpoint.endpointId))
        issues.push({
          path: ['auths', key, ...(auth.flows ? ['flows', index] : ['value']), 'tokenEndpoint', 'endpointId'],
          message: `auth ${auth.id}: token endpoint ${flow.tokenEndpoint.endpointId} missing`,
        });
    }
  }
  for (const [key, type] of Object.entries(definition.types))
    if (type.id !== key)
      issues.push({ path: ['types', key, 'id'], message: `type key ${key} holds ${type.id}` });
}

function danglingIssues(definition: ApiDefinition, issues: ReferenceIssue[]): void {
  const types = definition.types;
  const resolves = (id: unknown) => typeof id === 'string' && Object.hasOwn(types, id);
  const stack: { value: unknown; path: Path }[] = (
    ['endpoints', 'webhooks', 'types', 'websockets', 'globalHeaders'] as const
  ).map((key) => ({ value: definition[key], path: [key] }));
  while (stack.length > 0 && issues.length < MAX_REFERENCE_ISSUES) {
    const { value, path } = stack.pop() as { value: unknown; path: Path };
    if (value === null || typeof value !== 'object') continue;
    const record = value as Record<string, unknown>;
    if (!Array.isArray(value)) {
      if (record.type === 'id' && typeof record.id === 'string' && !resolves(record.id))
        issues.push({ path: [...path, 'id'], message: `dangling type reference ${record.id}` });
      if (typeof record.typeId === 'string' && !resolves(record.typeId))
        issues.push({ path: [...path, 'typeId'], message: `dangling variant ${record.typeId}` });
      if (Array.isArray(record.extends))
        for (const [index, id] of record.extends.entries())
          if (!resolves(id))
            issues.push({ path: [...path, 'extends', index], message: `dangling extends ${id}` });
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === 'examples' || key === 'default') continue;
      if (child !== null && typeof child === 'object')
        stack.push({ value: child, path: [...path, Array.isArray(value) ? Number(key) : key] });
    }
  }
}

/**
 * The broken references of a definition whose fields are sound, at most 20.
 * @example referenceIssues({ ...definition, types: {} }) // [{ path: ['endpoints', 'list', ...], message: 'dangling type reference Pet' }]
 */
export function referenceIssues(definition: ApiDefinition): ReferenceIssue[] {
  const issues: ReferenceIssue[] = [];
  keyIssues(definition, issues);
  danglingIssues(definition, issues);
  return issues.slice(0, MAX_REFERENCE_ISSUES);
}
