/**
 * The documents of one import: the entry file and every file its `$ref`s reach, loaded lazily
 * through the caller's `ImportSource` and parsed once. Resolves `$ref` strings (same file,
 * other files of the folder by relative path, `#/json/pointer` fragments with `~0`/`~1` and
 * percent escapes), follows `$ref` chains with cycle detection, and builds `DefinitionImportError`s
 * whose line number is computed only when the error is created.
 */
import { DefinitionImportError, type ImportSource } from '../ir/import-result.js';
import { lineOfPointer } from './line.js';
import { DEFAULT_MAX_FILE_SIZE, parseSpecText } from './parse.js';
import { escapePointerToken, MISSING, valueAtPointer } from './pointer.js';

/** A place in the spec: a file and a JSON pointer inside it. */
export interface Location {
  file: string;
  pointer: string;
}

/** One parsed file. */
export interface SpecDocument {
  file: string;
  text: string;
  root: unknown;
}

export interface DocumentSetOptions {
  /** Largest file accepted, in characters. Default 50 MB. */
  maxFileSize?: number;
  /** Deepest nesting of objects and arrays accepted. Default 1000. */
  maxDepth?: number;
}

/** Deepest nesting accepted by default: real specs stay far below, and it keeps recursion safe. */
export const DEFAULT_MAX_DEPTH = 1000;

/** Longest `$ref` chain followed before it is declared circular. */
const MAX_REF_HOPS = 64;

/** Loads and resolves the files of one import. */
export class DocumentSet {
  readonly entry: SpecDocument;
  private readonly documents = new Map<string, SpecDocument>();
  /** Values already looked up by `file#pointer` (a `$ref` target is usually read many times). */
  private readonly values = new Map<string, unknown>();
  private readonly maxFileSize: number;
  private readonly maxDepth: number;

  constructor(
    private readonly source: ImportSource,
    options: DocumentSetOptions = {},
  ) {
    this.maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.entry = this.load(source.entry);
  }

  /** The parsed document of `file` (a path as the `ImportSource` understands it). */
  load(file: string): SpecDocument {
    const cached = this.documents.get(file);
    if (cached) return cached;
    let text: string;
    try {
      text = this.source.read(file);
    } catch (error) {
      if (error instanceof DefinitionImportError) throw error;
      throw new DefinitionImportError(
        file,
        '',
        `cannot read the file: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const root = parseSpecText(file, text, this.maxFileSize);
    const tooDeep = findTooDeep(root, this.maxDepth);
    if (tooDeep !== undefined) {
      throw new DefinitionImportError(
        file,
        tooDeep,
        `the document is nested more than ${this.maxDepth} levels deep; this is not a real API description`,
      );
    }
    const document: SpecDocument = { file, text, root };
    this.documents.set(file, document);
    return document;
  }

  /** Every file loaded so far, entry first. */
  files(): string[] {
    return [...this.documents.keys()];
  }

  /**
   * Where a `$ref` string written at `from` points.
   * @example set.refTarget('common.yaml#/components/schemas/Pet', { file: 'api.yaml', pointer: '/x' })
   *   // { file: 'common.yaml', pointer: '/components/schemas/Pet' }
   */
  refTarget(ref: string, from: Location): Location {
    const hash = ref.indexOf('#');
    const path = hash === -1 ? ref : ref.slice(0, hash);
    let fragment = hash === -1 ? '' : ref.slice(hash + 1);
    if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
      throw this.error(from, `remote $ref "${ref}" is not supported; download it next to the spec`);
    }
    if (fragment !== '' && fragment[0] !== '/') {
      throw this.error(from, `$ref "${ref}" uses an anchor; only JSON pointer fragments are supported`);
    }
    if (fragment.includes('%')) {
      try {
        fragment = decodeURIComponent(fragment);
      } catch {
        throw this.error(from, `$ref "${ref}" has a malformed percent escape`);
      }
    }
    const file = path === '' ? from.file : joinRelative(from.file, decodeSafe(path));
    return { file, pointer: fragment };
  }

  /** The value at `at`; a `DefinitionImportError` naming `from` when it does not exist. */
  valueAt(at: Location, from?: Location, ref?: string): unknown {
    let document: SpecDocument;
    try {
      document = this.load(at.file);
    } catch (error) {
      if (error instanceof DefinitionImportError && from && ref && error.pointer === '' && !error.line) {
        throw this.error(from, `$ref "${ref}" points to a file that cannot be loaded (${error.reason})`);
      }
      throw error;
    }
    const key = `${at.file}#${at.pointer}`;
    let value = this.values.get(key);
    if (value === undefined) {
      value = valueAtPointer(document.root, at.pointer);
      this.values.set(key, value);
    }
    if (value === MISSING) {
      if (from && ref)
        throw this.error(from, `$ref "${ref}" does not resolve: nothing at ${at.file}#${at.pointer}`);
      throw this.error(at, 'expected a value here');
    }
    return value;
  }

  /**
   * Follows `value` while it is a `{ $ref }` object; returns the final value and where it sits.
   * Throws `DefinitionImportError` for dangling or circular chains.
   */
  deref(value: unknown, at: Location): { value: unknown; at: Location } {
    let current = value;
    let where = at;
    for (let hops = 0; hops < MAX_REF_HOPS; hops++) {
      const ref = refOf(current);
      if (ref === undefined) return { value: current, at: where };
      const target = this.refTarget(ref, where);
      current = this.valueAt(target, where, ref);
      where = target;
    }
    throw this.error(at, 'circular $ref chain: the reference never reaches a value');
  }

  /** An import error at `at`; its line number is looked up now. */
  error(at: Location, reason: string): DefinitionImportError {
    const text = this.documents.get(at.file)?.text;
    return new DefinitionImportError(
      at.file,
      at.pointer,
      reason,
      text ? lineOfPointer(text, at.pointer) : undefined,
    );
  }
}

/** The `$ref` string of a reference object, or undefined. */
export function refOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const ref = (value as { $ref?: unknown }).$ref;
  return typeof ref === 'string' ? ref : undefined;
}

/** A location's string key, `file#pointer`. */
export function locationKey(at: Location): string {
  return `${at.file}#${at.pointer}`;
}

function decodeSafe(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Resolves `relative` against the folder of `from`, POSIX style, keeping `..` that climb above it. */
export function joinRelative(from: string, relative: string): string {
  if (relative.startsWith('/')) return normalizePath(relative);
  const slash = from.lastIndexOf('/');
  const folder = slash === -1 ? '' : from.slice(0, slash + 1);
  return normalizePath(folder + relative);
}

function normalizePath(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return (absolute ? '/' : '') + out.join('/');
}

/**
 * The pointer of the first value nested deeper than `maxDepth`, or undefined. Iterative, so a
 * hostile document cannot overflow the stack here; the pointer is rebuilt only on failure.
 */
function findTooDeep(root: unknown, maxDepth: number): string | undefined {
  const values: object[] = [];
  const depths: number[] = [];
  if (root !== null && typeof root === 'object') {
    values.push(root);
    depths.push(0);
  }
  while (values.length > 0) {
    const value = values.pop() as object;
    const depth = depths.pop() as number;
    if (depth > maxDepth) return deepPointer(root, maxDepth + 1);
    const children = Array.isArray(value) ? value : Object.values(value);
    for (const child of children) {
      if (child !== null && typeof child === 'object') {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return undefined;
}

/** Pointer of the first path of `depth` levels (re-walked only when reporting). */
function deepPointer(root: unknown, depth: number): string {
  let pointer = '';
  let current: unknown = root;
  for (let level = 0; level < depth; level++) {
    if (current === null || typeof current !== 'object') break;
    const entry = Array.isArray(current)
      ? findDeepChild(
          current.map((v, i) => [String(i), v] as const),
          depth - level,
        )
      : findDeepChild(Object.entries(current), depth - level);
    if (!entry) break;
    pointer += `/${escapePointerToken(entry[0])}`;
    current = entry[1];
  }
  return pointer;
}

function findDeepChild(entries: readonly (readonly [string, unknown])[], remaining: number) {
  for (const entry of entries) if (nestingAtLeast(entry[1], remaining - 1)) return entry;
  return undefined;
}

function nestingAtLeast(value: unknown, levels: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    if (depth >= levels) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
