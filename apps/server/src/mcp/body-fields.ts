/**
 * An endpoint's request and response bodies as field lists for MCP `describe_endpoint`: each
 * field with its type, required or optional, description and example, nested objects (through
 * `$ref`s, arrays and maps) expanded to a bounded depth, so a model writing a request sees what
 * the body holds instead of a type name. Types are read through the definition's one type
 * reader (inherited properties, aliases, READ_ONLY/WRITE_ONLY by direction); a type met again
 * inside itself is named, not expanded; the text is bounded in lines.
 */
import {
  type ApiDefinition,
  type Direction,
  type Endpoint,
  followAliases,
  inlineObjectProperties,
  isRequired,
  type ObjectProperty,
  objectProperties,
  type TypeReference,
  unionSharedProperties,
  unionVariants,
  unwrapOptional,
} from '@sextant/definition';

/** Nested objects are expanded this deep (the body's own fields are depth 1). */
export const MAX_FIELD_DEPTH = 4;
/** At most this many lines per body; a note says how to read the rest. */
export const MAX_FIELD_LINES = 250;
const MAX_EXAMPLE_CHARS = 80;
const MAX_ENUM_VALUES = 12;

type Types = ApiDefinition['types'];

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function exampleText(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > MAX_EXAMPLE_CHARS ? `${json.slice(0, MAX_EXAMPLE_CHARS)}…` : json;
}

/** A reference as a short type: `string (date-time)`, `array of Label`, `object Issue`, `enum State: open, closed`. */
export function typeLabel(shape: TypeReference, types: Types): string {
  switch (shape.type) {
    case 'primitive':
      return 'format' in shape.value && shape.value.format
        ? `${shape.value.type} (${shape.value.format})`
        : shape.value.type;
    case 'optional':
      return typeLabel(shape.shape, types);
    case 'nullable':
      return `${typeLabel(shape.shape, types)} or null`;
    case 'list':
    case 'set':
      return `array of ${typeLabel(shape.itemShape, types)}`;
    case 'map':
      return `map of string to ${typeLabel(shape.valueShape, types)}`;
    case 'literal':
      return `literal ${JSON.stringify(shape.value)}`;
    case 'unknown':
      return 'any';
    case 'id': {
      const resolved = followAliases(shape, types);
      if (resolved.type !== 'id') return typeLabel(resolved, types);
      const type = types[resolved.id];
      if (!type) return 'any';
      const name = type.name || resolved.id;
      switch (type.shape.type) {
        case 'object':
          return `object \`${name}\``;
        case 'enum': {
          const values = type.shape.values.map((v) => JSON.stringify(v.value));
          const shown = values.slice(0, MAX_ENUM_VALUES).join(', ');
          return `enum \`${name}\` (${shown}${values.length > MAX_ENUM_VALUES ? ', …' : ''})`;
        }
        case 'discriminatedUnion':
          return `one of \`${name}\` by \`${type.shape.discriminant}\``;
        case 'undiscriminatedUnion':
          return `one of \`${name}\``;
        default:
          return `\`${name}\``;
      }
    }
  }
}

/** The object whose fields a reference leads to (through wrappers, aliases, arrays and maps), with its id. */
function nestedObject(
  shape: TypeReference,
  types: Types,
  direction: Direction,
): { id?: string; properties: ObjectProperty[] } | undefined {
  let inner = followAliases(unwrapOptional(shape), types);
  for (let hops = 0; hops < 8; hops++) {
    if (inner.type === 'list' || inner.type === 'set')
      inner = followAliases(unwrapOptional(inner.itemShape), types);
    else if (inner.type === 'map') inner = followAliases(unwrapOptional(inner.valueShape), types);
    else break;
  }
  if (inner.type !== 'id') return undefined;
  const type = types[inner.id];
  if (type?.shape.type === 'object')
    return { id: inner.id, properties: objectProperties(inner.id, types, { direction }) };
  const shared = unionSharedProperties(inner.id, types, { direction });
  return shared.length > 0 ? { id: inner.id, properties: shared } : undefined;
}

interface Writer {
  lines: string[];
  cut: boolean;
}

function writeFields(
  properties: ObjectProperty[],
  types: Types,
  direction: Direction,
  depth: number,
  seen: Set<string>,
  out: Writer,
): void {
  const indent = '  '.repeat(depth - 1);
  for (const property of properties) {
    if (out.lines.length >= MAX_FIELD_LINES) {
      out.cut = true;
      return;
    }
    const required = isRequired(property.valueShape, types);
    const description = property.description ? `: ${oneLine(property.description)}` : '';
    const example = property.examples?.length ? ` Example: \`${exampleText(property.examples[0])}\`` : '';
    out.lines.push(
      `${indent}- \`${property.key}\` (${typeLabel(property.valueShape, types)}, ${required ? 'required' : 'optional'})${description}${example}`,
    );
    const nested = nestedObject(property.valueShape, types, direction);
    if (!nested || nested.properties.length === 0) {
      writeVariants(property.valueShape, types, direction, depth, seen, out);
      continue;
    }
    if (nested.id && seen.has(nested.id)) continue;
    if (depth >= MAX_FIELD_DEPTH) {
      out.lines.push(
        `${indent}  - … (fields of ${typeLabel(property.valueShape, types)} not shown: deeper than ${MAX_FIELD_DEPTH} levels)`,
      );
      continue;
    }
    const inner = new Set(seen);
    if (nested.id) inner.add(nested.id);
    writeFields(nested.properties, types, direction, depth + 1, inner, out);
    // A union's shared fields are written above; its variants follow.
    writeVariants(property.valueShape, types, direction, depth, seen, out);
  }
}

/** A union field's variants, each with its fields one level down. */
function writeVariants(
  shape: TypeReference,
  types: Types,
  direction: Direction,
  depth: number,
  seen: Set<string>,
  out: Writer,
): void {
  const inner = followAliases(unwrapOptional(shape), types);
  if (inner.type !== 'id' || depth >= MAX_FIELD_DEPTH || seen.has(inner.id)) return;
  const variants = unionVariants(inner.id, types, { direction });
  if (!variants) return;
  // The shared fields are listed above the variants; each variant lists what it adds or narrows.
  const shared = new Set(unionSharedProperties(inner.id, types, { direction }));
  const indent = '  '.repeat(depth);
  for (const variant of variants) {
    if (out.lines.length >= MAX_FIELD_LINES) {
      out.cut = true;
      return;
    }
    const when = variant.discriminantValue !== undefined ? ` (when \`${variant.discriminantValue}\`)` : '';
    out.lines.push(`${indent}- variant ${variant.label}${when}: ${typeLabel(variant.shape, types)}`);
    const id = variant.shape.type === 'id' ? variant.shape.id : undefined;
    if (variant.properties && !(id && seen.has(id))) {
      const next = new Set(seen).add(inner.id);
      if (id) next.add(id);
      const own = variant.properties.filter((property) => !shared.has(property));
      writeFields(own, types, direction, depth + 2, next, out);
    } else {
      const nested = nestedObject(variant.shape, types, direction);
      if (nested && !(nested.id && seen.has(nested.id))) {
        const next = new Set(seen).add(inner.id);
        if (nested.id) next.add(nested.id);
        writeFields(nested.properties, types, direction, depth + 2, next, out);
      }
    }
  }
}

/** The fields of a body shape (inline object or reference), as markdown lines. */
function bodyLines(
  body:
    | { type: 'object'; extends: string[]; properties: ObjectProperty[] }
    | { type: 'alias'; shape: TypeReference },
  types: Types,
  direction: Direction,
): string[] {
  const out: Writer = { lines: [], cut: false };
  if (body.type === 'object') {
    writeFields(inlineObjectProperties(body, types, { direction }), types, direction, 1, new Set(), out);
  } else {
    out.lines.push(`Type: ${typeLabel(body.shape, types)}`, '');
    const nested = nestedObject(body.shape, types, direction);
    if (nested)
      writeFields(nested.properties, types, direction, 1, new Set(nested.id ? [nested.id] : []), out);
    writeVariants(body.shape, types, direction, 0, new Set(), out);
  }
  if (out.cut) out.lines.push(`- … (more fields: read the endpoint's page for the whole body)`);
  return out.lines;
}

/**
 * The request body's and each response body's fields, as markdown sections (empty when the
 * endpoint has no structured body).
 * @example bodyFieldsMarkdown(endpoint, api) // "## Request body fields (application/json)\n\nType: object `NewBook`\n\n- `title` (string, required): The book's title. Example: `\"Dune\"`\n…"
 */
export function bodyFieldsMarkdown(endpoint: Endpoint, api: ApiDefinition): string {
  const sections: string[] = [];
  for (const request of endpoint.requests.slice(0, 1)) {
    if (request.body.type !== 'object' && request.body.type !== 'alias') continue;
    const lines = bodyLines(request.body, api.types, 'request');
    if (lines.length > 0)
      sections.push(`## Request body fields (${request.contentType})\n\n${lines.join('\n')}\n`);
  }
  for (const response of endpoint.responses) {
    if (response.body.type !== 'object' && response.body.type !== 'alias') continue;
    const lines = bodyLines(response.body, api.types, 'response');
    if (lines.length > 0)
      sections.push(
        `## Response ${response.statusCode} body fields${response.contentType ? ` (${response.contentType})` : ''}\n\n${lines.join('\n')}\n`,
      );
  }
  return sections.join('\n');
}
