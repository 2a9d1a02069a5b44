/**
 * How a payload value is written in each SDK language when a generic template takes it as is:
 * strings double-quoted with the language's interpolation characters escaped, booleans and null in
 * the language's spelling, lists and maps as that language's literal.
 */
import { pyLiteral, tsLiteral } from '../snippets/literals.js';
import type { SdkLanguage } from './template-schema.js';

const NULLS: Record<SdkLanguage, string> = {
  typescript: 'null',
  python: 'None',
  java: 'null',
  ruby: 'nil',
  csharp: 'null',
  go: 'nil',
  php: 'null',
  swift: 'nil',
};

/** A double-quoted string literal: JSON escaping, plus `$` for PHP and `#{` for Ruby. */
export function stringLiteral(language: SdkLanguage, text: string): string {
  const quoted = JSON.stringify(text);
  if (language === 'php') return quoted.replace(/\$/g, '\\$');
  if (language === 'ruby') return quoted.replace(/#\{/g, '\\#{');
  return quoted;
}

/**
 * @example
 * formatValue('python', true); // 'True'
 * formatValue('ruby', null); // 'nil'
 * formatValue('php', 'cost $5'); // '"cost \\$5"'
 */
export function formatValue(language: SdkLanguage, value: unknown): string {
  if (value === null || value === undefined) return NULLS[language];
  if (typeof value === 'string') return stringLiteral(language, value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return language === 'python' ? (value ? 'True' : 'False') : String(value);
  if (language === 'typescript') return tsLiteral(value);
  if (language === 'python') return pyLiteral(value);
  if (Array.isArray(value))
    return listLiteral(
      language,
      value.map((v) => formatValue(language, v)),
    );
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => [stringLiteral(language, k), formatValue(language, v)] as const,
  );
  return mapLiteral(language, entries);
}

function listLiteral(language: SdkLanguage, items: string[]): string {
  const joined = items.join(', ');
  switch (language) {
    case 'java':
      return `List.of(${joined})`;
    case 'csharp':
      return `new List<object> { ${joined} }`;
    case 'go':
      return `[]interface{}{${joined}}`;
    default:
      return `[${joined}]`;
  }
}

function mapLiteral(language: SdkLanguage, entries: readonly (readonly [string, string])[]): string {
  switch (language) {
    case 'java':
      return `Map.of(${entries.map(([k, v]) => `${k}, ${v}`).join(', ')})`;
    case 'csharp':
      return `new Dictionary<string, object> { ${entries.map(([k, v]) => `{ ${k}, ${v} }`).join(', ')} }`;
    case 'go':
      return `map[string]interface{}{${entries.map(([k, v]) => `${k}: ${v}`).join(', ')}}`;
    case 'ruby':
      return `{ ${entries.map(([k, v]) => `${k} => ${v}`).join(', ')} }`;
    case 'php':
      return `[${entries.map(([k, v]) => `${k} => ${v}`).join(', ')}]`;
    case 'swift':
      return entries.length ? `[${entries.map(([k, v]) => `${k}: ${v}`).join(', ')}]` : '[:]';
    default:
      return `{ ${entries.map(([k, v]) => `${k}: ${v}`).join(', ')} }`;
  }
}
