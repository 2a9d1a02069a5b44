/**
 * Parses the text of one spec file into plain JSON values: JSON text with `JSON.parse` (fast),
 * anything else (or JSON that `JSON.parse` refuses) with the `yaml` package. Failures become a
 * `DefinitionImportError` with the line of the problem; oversized files are refused before parsing.
 */
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { DefinitionImportError } from '../ir/import-result.js';

/** Files larger than this many characters are refused (about 50 MB). */
export const DEFAULT_MAX_FILE_SIZE = 50 * 1024 * 1024;

/** Parses `text` (YAML or JSON) read from `file`. Throws `DefinitionImportError` on bad input. */
export function parseSpecText(file: string, text: string, maxSize = DEFAULT_MAX_FILE_SIZE): unknown {
  if (text.length > maxSize) {
    throw new DefinitionImportError(
      file,
      '',
      `the file is ${formatSize(text.length)}, over the ${formatSize(maxSize)} limit; split it into several files joined by $ref`,
    );
  }
  const start = firstSignificantChar(text);
  if (start === '{' || start === '[') {
    try {
      return JSON.parse(text);
    } catch {
      // Not strict JSON: YAML is a superset and reports the line of the problem.
    }
  }
  try {
    return parseYaml(text, { maxAliasCount: 10_000, prettyErrors: true, uniqueKeys: false });
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const line = error.linePos?.[0]?.line;
      // yaml's first line, without the colon that introduces its code frame (the line is in the location).
      const firstLine = (error.message.split('\n')[0] ?? '').replace(/:\s*$/, '');
      const reason = error.message.includes('Maximum call stack')
        ? 'the document is nested too deeply to parse'
        : `invalid YAML/JSON: ${firstLine}`;
      throw new DefinitionImportError(file, '', reason, line);
    }
    if (error instanceof RangeError) {
      throw new DefinitionImportError(file, '', 'the document is nested too deeply to parse');
    }
    throw new DefinitionImportError(
      file,
      '',
      `cannot parse: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Human size, e.g. `50 MB`. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function firstSignificantChar(text: string): string {
  for (let i = 0; i < text.length && i < 4096; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfeff || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    return text[i] ?? '';
  }
  return '';
}
