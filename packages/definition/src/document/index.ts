/**
 * Spec document loading, shared by every importer.
 *
 * - `DocumentSet(source, { maxFileSize? })`: the entry file and the files its `$ref`s reach, read
 *   through an `ImportSource` and parsed once (JSON via `JSON.parse`, YAML via `yaml`).
 *   `.entry`, `.load(file)`, `.refTarget(ref, from)`, `.valueAt(at)`, `.deref(value, at)` (follows
 *   `$ref` chains), `.error(at, reason)` (a `DefinitionImportError` with a lazily computed line).
 * - `Location { file, pointer }`, `refOf(value)`, `locationKey(at)`, `joinRelative(from, rel)`.
 * - `parseSpecText(file, text, maxSize?)`, `DEFAULT_MAX_FILE_SIZE`, `formatSize(bytes)`.
 * - JSON pointers: `childPointer`, `escapePointerToken`, `unescapePointerToken`, `parsePointer`,
 *   `valueAtPointer` (returns `MISSING` when absent); `lineOfPointer(text, pointer)`.
 * - `WarningSink`: collects `ImportWarning`s.
 */
export * from './document-set.js';
export * from './line.js';
export * from './parse.js';
export * from './pointer.js';
export * from './warnings.js';
