/**
 * Small pure helpers both the server and the client use to present IR values: type labels,
 * path text, JSON pointers of descriptions, method colours.
 */
import {
  type ApiDefinition,
  innerShape,
  jsonPointer,
  literalLabel,
  type PathPart,
  pathTemplate,
  type TypeReference,
} from '@sextant/definition';

/** JSON pointer of a value inside the definition; description HTML is looked up by it. */
export function pointer(...tokens: (string | number)[]): string {
  return jsonPointer(...tokens);
}

/** `/repos/{owner}/{repo}` from path parts. */
export function pathText(path: PathPart[]): string {
  return pathTemplate(path);
}

/** A short human label of a type reference: `string (date-time)`, `list<Repository>`, `map<string, integer>`. */
export function typeLabel(shape: TypeReference, definition: Pick<ApiDefinition, 'types'>): string {
  const { shape: inner, nullable } = innerShape(shape);
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
        return literalLabel(inner.value);
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
