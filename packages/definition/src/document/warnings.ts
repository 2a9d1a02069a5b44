/**
 * Collects `ImportWarning`s during an import: what was skipped or approximated. De-duplicates
 * identical warnings so a schema referenced a thousand times warns once.
 */
import type { ImportWarning } from '../ir/import-result.js';
import type { Location } from './document-set.js';

/** Gathers warnings, once per distinct (file, pointer, message). */
export class WarningSink {
  readonly warnings: ImportWarning[] = [];
  private readonly seen = new Set<string>();

  /** Records that something at `at` was skipped or approximated. */
  warn(at: Location, message: string): void {
    const key = `${at.file}#${at.pointer}#${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.warnings.push({ file: at.file, pointer: at.pointer, message });
  }
}
