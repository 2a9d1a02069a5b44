/**
 * The folder an importer reads (a Mintlify docs root, a `fern/` folder, a Docusaurus site):
 * files by their `/`-separated path inside it, never outside it, and config files parsed with
 * their failures logged against the file.
 */
import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ConversionLog } from './draft.js';

/** Page files, in the order a reference without extension tries them. */
export const PAGE_EXTENSIONS = ['.mdx', '.md'] as const;

const NO_EQUIVALENT = 'this setting has no docs.yml equivalent';

export class SourceTree {
  readonly root: string;

  /**
   * @param root the folder read
   * @param label how its files are named in messages: `fern` gives `fern/docs.yml`; '' gives `docs.json`
   */
  constructor(
    root: string,
    readonly log: ConversionLog,
    readonly label = '',
  ) {
    this.root = resolve(root);
  }

  /** The path shown in messages for `path`. */
  display(path: string): string {
    return this.label ? posix.join(this.label, path) : path;
  }

  /** Logs something of `path` that was not converted. */
  report(path: string, item: string | undefined, reason: string): void {
    this.log.add(this.display(path), item, reason);
  }

  /**
   * Logs each top-level key of the config at `path` that is not in `handled`: with its reason
   * from `reasons`, else as a setting docs.yml has no equivalent of.
   */
  reportUnhandledKeys(
    path: string,
    config: Record<string, unknown>,
    handled: ReadonlySet<string>,
    reasons: Readonly<Record<string, string>> = {},
  ): void {
    for (const key of Object.keys(config))
      if (!handled.has(key))
        // Own keys only: a config's `constructor` key has no reason of its own.
        this.report(path, key, Object.hasOwn(reasons, key) ? (reasons[key] as string) : NO_EQUIVALENT);
  }

  /** The normalised path inside the tree, or undefined when it leaves it. */
  inside(path: string): string | undefined {
    const normal = posix.normalize(path.replace(/\\/g, '/').replace(/^\/+/, ''));
    if (normal === '..' || normal.startsWith('../') || posix.isAbsolute(normal)) return undefined;
    return normal === '.' ? '' : normal;
  }

  /** `path` relative to the folder of `from` (a file of the tree), inside the tree. */
  relative(from: string, path: string): string | undefined {
    return this.inside(posix.join(posix.dirname(from), path));
  }

  absolute(path: string): string {
    return join(this.root, ...path.split('/'));
  }

  isFile(path: string): boolean {
    try {
      return statSync(this.absolute(path)).isFile();
    } catch {
      return false;
    }
  }

  isDirectory(path: string): boolean {
    try {
      return statSync(this.absolute(path)).isDirectory();
    } catch {
      return false;
    }
  }

  exists(path: string): boolean {
    return existsSync(this.absolute(path));
  }

  read(path: string): string | undefined {
    try {
      return readFileSync(this.absolute(path), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** The files of a folder (names, sorted), none when it is not one. */
  list(path: string): string[] {
    return this.entries(path, (entry) => entry.isFile());
  }

  /** The sub-folders of a folder (names, sorted), none when it is not one. */
  folders(path: string): string[] {
    return this.entries(path, (entry) => entry.isDirectory());
  }

  /** The names of a folder's entries that `keep` takes, sorted; none when it is not a folder. */
  private entries(path: string, keep: (entry: Dirent) => boolean): string[] {
    try {
      return readdirSync(this.absolute(path), { withFileTypes: true })
        .filter(keep)
        .map((entry) => entry.name)
        .sort();
    } catch {
      return [];
    }
  }

  /**
   * A JSON or YAML file parsed; undefined (and logged) when it cannot be read or parsed.
   * `required` files that are missing are logged too.
   */
  readData(path: string, required = true): unknown {
    const text = this.read(path);
    if (text === undefined) {
      if (required) this.report(path, undefined, 'cannot read the file');
      return undefined;
    }
    try {
      return path.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
    } catch (error) {
      this.report(
        path,
        undefined,
        `cannot parse it: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
      );
      return undefined;
    }
  }

  /**
   * The page file a navigation reference names: itself when it has an extension, else with
   * `.mdx` or `.md`, else its folder's `index`.
   * @example tree.findPage('guides/quickstart') // 'guides/quickstart.mdx'
   */
  findPage(reference: string): string | undefined {
    const path = this.inside(reference);
    if (path === undefined || path === '') return undefined;
    if (/\.(mdx?|markdown)$/i.test(path)) return this.isFile(path) ? path : undefined;
    for (const candidate of [
      ...PAGE_EXTENSIONS.map((ext) => `${path}${ext}`),
      ...PAGE_EXTENSIONS.map((ext) => `${path}/index${ext}`),
    ])
      if (this.isFile(candidate)) return candidate;
    return undefined;
  }
}

/** A plain object of a parsed config, else undefined. */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A list of a parsed config, else empty. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-empty string of a parsed config, else undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
