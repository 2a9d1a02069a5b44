/**
 * Source-code literals for the snippet targets: JSON values as TypeScript object literals or
 * Python literals (2-space indentation, SPEC §9), and POSIX shell single-quoting.
 */

/** The indentation unit of every snippet. */
export const INDENT = '  ';

/** Quotes text for a POSIX shell: `it's` → `'it'\''s'`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

interface LiteralStyle {
  key: (key: string) => string;
  scalar: (value: string | number | boolean | null) => string;
}

const TS_STYLE: LiteralStyle = {
  key: (k) => (IDENTIFIER.test(k) ? k : JSON.stringify(k)),
  scalar: (v) => JSON.stringify(v),
};

const PY_STYLE: LiteralStyle = {
  key: (k) => JSON.stringify(k),
  scalar: (v) => (v === null ? 'None' : v === true ? 'True' : v === false ? 'False' : JSON.stringify(v)),
};

/**
 * A JSON value as a TypeScript literal; nested lines start with `indent`.
 * @example
 * tsLiteral({ name: 'Rex', 'x-y': [1] }); // '{\n  name: "Rex",\n  "x-y": [\n    1,\n  ],\n}'
 */
export function tsLiteral(value: unknown, indent = ''): string {
  return literal(value, indent, TS_STYLE);
}

/** A JSON value as a Python literal (`True`, `False`, `None`, dicts with quoted keys). */
export function pyLiteral(value: unknown, indent = ''): string {
  return literal(value, indent, PY_STYLE);
}

/** One pass, no intermediate arrays: snippets re-render on every keystroke. */
function literal(value: unknown, indent: string, style: LiteralStyle): string {
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null
  ) {
    return style.scalar(value);
  }
  if (typeof value !== 'object') return style.scalar(null);
  const inner = indent + INDENT;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    let out = '[\n';
    for (const item of value) out += `${inner}${literal(item, inner, style)},\n`;
    return `${out}${indent}]`;
  }
  let out = '';
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    out += `${inner}${style.key(key)}: ${literal(item, inner, style)},\n`;
  }
  return out === '' ? '{}' : `{\n${out}${indent}}`;
}
