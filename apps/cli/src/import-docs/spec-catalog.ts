/**
 * The API specs of an imported site: each copied into the project with the files its `$ref`s
 * read (imported once, so a spec that does not import is named with its location), and looked
 * up by operation for navigation entries such as Mintlify's `"GET /users"`.
 */
import { posix } from 'node:path';
import { CliError } from '../support/cli-error.js';
import { loadSpecWithFiles } from '../support/load-spec.js';
import type { PageCopier } from './page-copier.js';
import { record, type SourceTree } from './source-tree.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** An operation a navigation entry names: `GET /users`, `openapi.json POST /users`, `WEBHOOK order.created`. */
export interface OperationReference {
  /** The spec file written before the method, if any. */
  spec?: string;
  method: string;
  path: string;
}

/**
 * Reads an operation entry, or undefined when `entry` is a page path.
 * @example operationReference('openapi/v1.yaml GET /users/{id}') // { spec: 'openapi/v1.yaml', method: 'get', path: '/users/{id}' }
 */
export function operationReference(entry: string): OperationReference | undefined {
  const match = /^(?:(\S+)\s+)?(get|put|post|delete|options|head|patch|trace|webhook)\s+(\S+)$/i.exec(
    entry.trim(),
  );
  if (!match) return undefined;
  const [, spec, method = '', path = ''] = match;
  return { ...(spec ? { spec } : {}), method: method.toLowerCase(), path };
}

/** The specs of a site, by tree path (or https URL). */
export class SpecCatalog {
  readonly #loaded = new Map<string, Record<string, unknown> | undefined>();

  constructor(
    readonly tree: SourceTree,
    readonly copier: PageCopier,
  ) {}

  /**
   * Copies the spec at tree path `path` (and the files it reads) into the project; returns its
   * project path, or undefined (logged against `file`/`item`) when it is not in the source.
   * https URLs are returned as they are.
   */
  add(path: string, file: string, item: string): string | undefined {
    if (/^https?:\/\//i.test(path)) return path;
    const inside = this.tree.inside(path);
    if (inside === undefined || !this.tree.isFile(inside)) {
      this.tree.report(
        file,
        item,
        `the spec "${path}" is not a file of the source: its API reference was left out`,
      );
      return undefined;
    }
    if (this.#loaded.has(inside)) return inside;
    this.#loaded.set(inside, record(this.tree.readData(inside)));
    this.copier.copyFile(inside);
    try {
      const { files } = loadSpecWithFiles(this.tree.absolute(inside));
      for (const read of files) {
        const at = this.tree.inside(posix.join(posix.dirname(inside), read));
        if (at === undefined) this.tree.report(inside, read, 'a $ref outside the source folder: not copied');
        else this.copier.copyFile(at);
      }
    } catch (error) {
      const reason =
        error instanceof CliError
          ? error.message.replace(this.tree.root, '').replace(/^\//, '')
          : String(error);
      this.tree.report(
        inside,
        undefined,
        `the spec does not import (${reason}): copied as it is, its reference shows the error`,
      );
    }
    return inside;
  }

  /** Whether the spec at project path `spec` has the operation. */
  has(spec: string, operation: OperationReference): boolean {
    const doc = this.#loaded.get(spec);
    if (!doc) return false;
    if (operation.method === 'webhook') return record(doc.webhooks)?.[operation.path] !== undefined;
    if (!METHODS.includes(operation.method)) return false;
    return record(record(doc.paths)?.[operation.path])?.[operation.method] !== undefined;
  }

  /** Of `specs` (project paths), the one that has the operation; the only one when none says so. */
  find(specs: string[], operation: OperationReference): string | undefined {
    return specs.find((spec) => this.has(spec, operation)) ?? (specs.length === 1 ? specs[0] : undefined);
  }
}
