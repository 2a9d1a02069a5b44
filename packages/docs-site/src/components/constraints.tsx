/**
 * What a schema allows, as Redoc and Scalar show it beside a field: bounds (`≥ 1`, `< 100`),
 * lengths, pattern, format, multiple of, item counts, unique items, default; and an enum's values
 * inline (with their descriptions when the spec gives them; past ENUM_INLINE_MAX the rest behind
 * "Show all", a native `<details>`, so no script is needed).
 */
import { type ApiDefinition, type EnumValue, type TypeReference, unwrapType } from '@sextant/definition';
import { TextDescription } from './type-view.js';

/** Enum values shown before "Show all". */
export const ENUM_INLINE_MAX = 10;

const json = (value: unknown) => JSON.stringify(value) ?? String(value);

/** The shape behind optional/nullable wrappers and aliases (the reader's `unwrapType`), with an enum's values. */
function resolve(
  shape: TypeReference,
  definition: Pick<ApiDefinition, 'types'>,
): { shape: TypeReference; defaults: unknown[]; enumValues?: EnumValue[]; enumDefault?: unknown } {
  const { shape: inner, defaults } = unwrapType(shape, definition.types);
  const type = inner.type === 'id' ? definition.types[inner.id]?.shape : undefined;
  if (type?.type === 'enum')
    return { shape: inner, defaults, enumValues: type.values, enumDefault: type.default };
  return { shape: inner, defaults };
}

/** The constraint labels of a value's shape, in reading order. */
export function constraintLabels(shape: TypeReference, definition: Pick<ApiDefinition, 'types'>): string[] {
  const { shape: inner, defaults, enumDefault } = resolve(shape, definition);
  const out: string[] = [];
  if (inner.type === 'primitive') {
    const p = inner.value;
    if (p.type === 'string') {
      if (p.format) out.push(`format: ${p.format}`);
      if (p.minLength !== undefined && p.minLength === p.maxLength) out.push(`length: ${p.minLength}`);
      else {
        if (p.minLength !== undefined) out.push(`≥ ${p.minLength} characters`);
        if (p.maxLength !== undefined) out.push(`≤ ${p.maxLength} characters`);
      }
      if (p.pattern !== undefined) out.push(`pattern: ${p.pattern}`);
    } else if (p.type === 'integer' || p.type === 'number') {
      if (p.format) out.push(`format: ${p.format}`);
      if (p.exclusiveMinimum !== undefined) out.push(`> ${p.exclusiveMinimum}`);
      else if (p.minimum !== undefined) out.push(`≥ ${p.minimum}`);
      if (p.exclusiveMaximum !== undefined) out.push(`< ${p.exclusiveMaximum}`);
      else if (p.maximum !== undefined) out.push(`≤ ${p.maximum}`);
      if (p.multipleOf !== undefined) out.push(`multiple of ${p.multipleOf}`);
    }
    if (p.default !== undefined) defaults.push(p.default);
  } else if (inner.type === 'list' || inner.type === 'set') {
    if (inner.minItems) out.push(`≥ ${inner.minItems} items`);
    if (inner.maxItems !== undefined) out.push(`≤ ${inner.maxItems} items`);
    if (inner.type === 'set') out.push('unique items');
  }
  if (enumDefault !== undefined) defaults.push(enumDefault);
  if (defaults.length > 0) out.push(`default: ${json(defaults[0])}`);
  return out;
}

/** The enum values of a value's shape (through optional, nullable and aliases), if it is an enum. */
export function enumValuesOf(
  shape: TypeReference,
  definition: Pick<ApiDefinition, 'types'>,
): EnumValue[] | undefined {
  const resolved = resolve(shape, definition);
  if (resolved.enumValues) return resolved.enumValues;
  const inner = resolved.shape;
  if (inner.type === 'list' || inner.type === 'set') return resolve(inner.itemShape, definition).enumValues;
  return undefined;
}

/** The constraints of a field as small labels; nothing when it has none. */
export function Constraints({ shape, definition }: { shape: TypeReference; definition: ApiDefinition }) {
  const labels = constraintLabels(shape, definition);
  if (labels.length === 0) return null;
  return (
    <ul className="sx-constraints" aria-label="Constraints">
      {labels.map((label) => (
        <li key={label} className="sx-constraint">
          {label}
        </li>
      ))}
    </ul>
  );
}

function EnumList({ values }: { values: EnumValue[] }) {
  const described = values.some((v) => v.description?.trim());
  return (
    <ul className={described ? 'sx-enum sx-enum-described' : 'sx-enum sx-enum-inline'}>
      {values.map((v) => (
        <li key={json(v.value)}>
          <code>{json(v.value)}</code>
          {described ? <TextDescription text={v.description} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** A field's allowed values, listed inline; a long list shows its first ENUM_INLINE_MAX. */
export function EnumValues({ values }: { values: EnumValue[] }) {
  if (values.length === 0) return null;
  return (
    <div className="sx-enum-values">
      <span className="sx-muted sx-small">{values.length === 1 ? 'Allowed value:' : 'Allowed values:'}</span>
      <EnumList values={values.slice(0, ENUM_INLINE_MAX)} />
      {values.length > ENUM_INLINE_MAX ? (
        <details className="sx-enum-more">
          <summary>Show all {values.length} values</summary>
          <EnumList values={values.slice(ENUM_INLINE_MAX)} />
        </details>
      ) : null}
    </div>
  );
}
