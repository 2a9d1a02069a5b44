/**
 * Small pure helpers both the server and the client use to present IR values: type labels,
 * path text, JSON pointers of descriptions, method colours.
 */
import type { ApiDefinition, PathPart, TypeReference } from '@sextant/definition';

/** JSON pointer of a value inside the definition; description HTML is looked up by it. */
export function pointer(...tokens: (string | number)[]): string {
  return tokens.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** `/repos/{owner}/{repo}` from path parts. */
export function pathText(path: PathPart[]): string {
  return path.map((part) => (part.type === 'literal' ? part.value : `{${part.name}}`)).join('');
}

/** True unless the shape is optional (or an alias of an optional). */
export function isRequired(shape: TypeReference): boolean {
  return shape.type !== 'optional';
}

/** Removes optional/nullable wrappers. */
export function unwrap(shape: TypeReference): { shape: TypeReference; nullable: boolean } {
  let nullable = false;
  let current = shape;
  while (current.type === 'optional' || current.type === 'nullable') {
    if (current.type === 'nullable') nullable = true;
    current = current.shape;
  }
  return { shape: current, nullable };
}

/** A short human label of a type reference: `string (date-time)`, `list<Repository>`, `map<string, integer>`. */
export function typeLabel(shape: TypeReference, definition: Pick<ApiDefinition, 'types'>): string {
  const { shape: inner, nullable } = unwrap(shape);
  const base = ((): string => {
    switch (inner.type) {
      case 'id':
        return definition.types[inner.id]?.name ?? inner.id;
      case 'primitive':
        return inner.value.type === 'string' && inner.value.format
          ? `string (${inner.value.format})`
          : inner.value.type;
      case 'list':
        return `list<${typeLabel(inner.itemShape, definition)}>`;
      case 'set':
        return `set<${typeLabel(inner.itemShape, definition)}>`;
      case 'map':
        return `map<${typeLabel(inner.keyShape, definition)}, ${typeLabel(inner.valueShape, definition)}>`;
      case 'literal':
        return JSON.stringify(inner.value);
      case 'unknown':
        return 'any';
      default:
        return 'any';
    }
  })();
  return nullable ? `${base} | null` : base;
}

/** The JSON a reader copies or reads: stable 2-space indentation (SPEC §9). */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'null';
}
