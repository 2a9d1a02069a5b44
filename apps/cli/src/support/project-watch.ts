/**
 * The watcher of `sextant dev`: watches exactly the files a docs project loads (the caller gives
 * the set and replaces it after every reload), never a whole folder, so a log or any other file
 * written beside the spec changes nothing. It watches the folder of each file, not the file:
 * editors that save by writing a new file and renaming it over the old one replace the inode a
 * file watch would hold. A file that does not exist yet is watched through its nearest existing
 * folder, so creating it (or its folder) is seen; `folder/*` watches every file of a folder (a
 * changelog's entries). Paths are compared after resolving symlinks.
 */
import { existsSync, type FSWatcher, realpathSync, watch } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

export interface ProjectWatchOptions {
  /** Called once per burst of changes (after `debounceMs` of quiet), with the files that changed. */
  onChange: (files: string[]) => void;
  /** Quiet time before `onChange`, in ms. Default 50. */
  debounceMs?: number;
  /**
   * The project's folder: below it, files inside dotfolders or `node_modules` are never watched.
   * Files outside it are watched as given.
   */
  root?: string;
  /** Folders never watched (the local registry's data directory). */
  exclude?: string[];
}

export interface ProjectWatch {
  /** Replaces the watched set (absolute paths). */
  update(files: Iterable<string>): void;
  /** The files watched now, resolved. */
  files(): string[];
  close(): void;
}

/** A watched path named `folder/*` stands for every file of the folder, present and future. */
export const ANY_FILE = '*';

/** `path` with symlinks resolved, also when it (or some of its folders) does not exist yet. */
function resolveReal(path: string): string {
  let existing = path;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) return path;
    rest.unshift(basename(existing));
    existing = parent;
  }
  try {
    return join(realpathSync(existing), ...rest);
  } catch {
    return path;
  }
}

function inside(folder: string, path: string): string | undefined {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel)) ? rel : undefined;
}

/**
 * Whether `file` must never be watched: inside an excluded folder, or below `root` inside a
 * dotfolder or `node_modules`.
 * @example isExcluded('/p/node_modules/x.json', { root: '/p' }) // true
 */
export function isExcluded(file: string, options: { root?: string; exclude?: string[] }): boolean {
  if ((options.exclude ?? []).some((folder) => inside(folder, file) !== undefined)) return true;
  const rel = options.root === undefined ? undefined : inside(options.root, file);
  if (rel === undefined) return false;
  const folders = rel.split(sep).slice(0, -1);
  return folders.some((part) => part.startsWith('.') || part === 'node_modules');
}

/**
 * Starts watching nothing; `update(files)` sets what is watched.
 * @example
 * const watch = watchProjectFiles({ root, onChange: () => reload() });
 * watch.update(project.watchedFiles);
 */
export function watchProjectFiles(options: ProjectWatchOptions): ProjectWatch {
  const debounceMs = options.debounceMs ?? 50;
  const resolvedOptions = {
    root: options.root === undefined ? undefined : resolveReal(options.root),
    exclude: (options.exclude ?? []).map(resolveReal),
  };
  /** Watched folder → the names in it that matter, each mapped to the file it leads to. */
  const folders = new Map<string, { watcher: FSWatcher; names: Map<string, string> }>();
  let watched: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const pending = new Set<string>();
  let closed = false;

  const fire = (file: string) => {
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...pending];
      pending.clear();
      if (!closed) options.onChange(files);
    }, debounceMs);
  };

  const open = (folder: string) => {
    const names = new Map<string, string>();
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, name) => {
        if (name === null) return;
        // `folder/*` (a changelog's folder): any file of it, so a new entry is seen too.
        const file =
          names.get(String(name)) ??
          (names.has(ANY_FILE) && !String(name).startsWith('.') ? join(folder, String(name)) : undefined);
        if (file !== undefined) fire(file);
      });
    } catch {
      return undefined;
    }
    const entry = { watcher, names };
    // A watched folder that is deleted: its watcher errors; the next update watches it again.
    watcher.on('error', () => {
      watcher.close();
      if (folders.get(folder) === entry) folders.delete(folder);
    });
    folders.set(folder, entry);
    return entry;
  };

  return {
    update(files) {
      if (closed) return;
      const wanted = new Map<string, Map<string, string>>();
      const kept: string[] = [];
      for (const file of new Set(files)) {
        const real = resolveReal(file);
        if (isExcluded(real, resolvedOptions)) continue;
        kept.push(real);
        // Watch the nearest existing folder, for the name that leads towards the file.
        let folder = dirname(real);
        let name = basename(real);
        while (!existsSync(folder) && dirname(folder) !== folder) {
          name = basename(folder);
          folder = dirname(folder);
        }
        const names = wanted.get(folder) ?? new Map<string, string>();
        names.set(name, real);
        wanted.set(folder, names);
      }
      for (const [folder, entry] of folders) {
        if (!wanted.has(folder)) {
          entry.watcher.close();
          folders.delete(folder);
        }
      }
      for (const [folder, names] of wanted) {
        const entry = folders.get(folder) ?? open(folder);
        if (!entry) continue;
        entry.names.clear();
        for (const [name, file] of names) entry.names.set(name, file);
      }
      watched = [...new Set(kept)].sort();
    },
    files: () => watched,
    close() {
      closed = true;
      clearTimeout(timer);
      for (const entry of folders.values()) entry.watcher.close();
      folders.clear();
    },
  };
}
