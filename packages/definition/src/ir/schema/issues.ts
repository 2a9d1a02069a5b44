/**
 * Checking untrusted JSON against a definition schema, with the problems as readable lines
 * (`endpoints.list.responses[0].statusCode: expected number, received string`). One place turns
 * zod issues into text, so the registry, the CLI and the tests name problems the same way.
 */
import type { z } from 'zod';

/** Most problems reported: the first ones name the fault, a flood helps nobody. */
export const MAX_SCHEMA_ISSUES = 20;

export interface SchemaIssue {
  /** Dotted path with `[index]` for list items; `''` for the root. */
  path: string;
  message: string;
}

/** `a.b[2].c`: keys joined with dots, list indexes in brackets. */
export function issuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path)
    text += typeof key === 'number' ? `[${key}]` : text === '' ? String(key) : `.${String(key)}`;
  return text;
}

/** `path: message`, or the message alone at the root. */
export function issueLine(issue: SchemaIssue): string {
  return issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`;
}

/** A value checked against a schema: its parsed form, or the first problems. */
export type Checked<T> = { success: true; data: T } | { success: false; issues: SchemaIssue[] };

/**
 * Parses `value` with `schema`, its problems (at most 20) as `SchemaIssue`s. A value nested
 * deeper than the schema's recursion can follow is one problem, not a crash.
 * @example checkSchema(apiDefinitionSchema, { irVersion: 2 }) // { success: false, issues: [{ path: 'irVersion', message: 'irVersion is 2; this code reads 1' }, …] }
 */
export function checkSchema<S extends z.ZodType>(schema: S, value: unknown): Checked<z.output<S>> {
  try {
    const result = schema.safeParse(value);
    if (result.success) return { success: true, data: result.data };
    const issues = result.error.issues
      .slice(0, MAX_SCHEMA_ISSUES)
      .map((issue) => ({ path: issuePath(issue.path), message: issue.message }));
    return { success: false, issues };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return { success: false, issues: [{ path: '', message: 'the value nests too deeply to be checked' }] };
  }
}

/** The first problems of `value` under `schema`; empty when it parses. */
export function schemaIssues(schema: z.ZodType, value: unknown): SchemaIssue[] {
  const checked = checkSchema(schema, value);
  return checked.success ? [] : checked.issues;
}
