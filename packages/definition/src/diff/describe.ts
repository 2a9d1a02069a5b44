/** Short human labels for type references and path templates, used in change messages. */
import type { ApiDefinition, PathPart, TypeReference } from '../ir/index.js';
import { pathTemplate, unescapePointerToken } from '../ir/read-types.js';
import type { Site } from './context.js';

/** `string`, `list of Pet`, `Pet | null`: a reference as a reader would name it. */
export function describeReference(reference: TypeReference, definition: ApiDefinition): string {
  switch (reference.type) {
    case 'id':
      return definition.types[reference.id]?.name ?? reference.id;
    case 'primitive': {
      const format = 'format' in reference.value ? reference.value.format : undefined;
      return format ? `${reference.value.type} (${format})` : reference.value.type;
    }
    case 'optional':
      return describeReference(reference.shape, definition);
    case 'nullable':
      return `${describeReference(reference.shape, definition)} | null`;
    case 'list':
      return `list of ${describeReference(reference.itemShape, definition)}`;
    case 'set':
      return `set of ${describeReference(reference.itemShape, definition)}`;
    case 'map':
      return `map of ${describeReference(reference.valueShape, definition)}`;
    case 'literal':
      return JSON.stringify(reference.value);
    case 'unknown':
      return 'any value';
  }
}

/** `/pets/{petId}` from path parts, always with its leading slash (channel addresses may lack one). */
export function operationPath(path: PathPart[]): string {
  const text = pathTemplate(path);
  return text.startsWith('/') ? text : `/${text}`;
}

/** The path with parameter names blanked, so renaming a parameter keeps the same operation. */
export function pathShape(path: PathPart[]): string {
  return path.map((part) => (part.type === 'literal' ? part.value : '{}')).join('');
}

/** How a site names the thing it points at in messages. */
export function what(site: Site): string {
  if (site.pointer === '') {
    return site.location.area === 'type' ? `type \`${site.location.path ?? site.location.id}\`` : 'value';
  }
  return `\`${unescapePointerToken(site.pointer)}\``;
}
