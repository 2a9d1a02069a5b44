/**
 * JSON Schema sampling for registry tests: the JSON Schema of a route's zod schema (the contract)
 * and the smallest value that satisfies it, as the fuzz and the identity property start from.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: Json[];
  const?: Json;
  items?: Schema;
  minItems?: number;
  minimum?: number;
  minLength?: number;
};

/** A minimal value that satisfies `schema` (JSON Schema from the route's zod schema). */
export function sample(schema: Schema): Json {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0] ?? null;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.[0]) return sample(options[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {})]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}
