/**
 * What a publish would add to the API changelog, for `sextant dev`: each API's working spec
 * diffed against the same files at the git repository's HEAD, as an unreleased
 * `ApiChangelogEntry` ("Pets API (unreleased)": the breaking changes, additions and the bump a
 * publish would record). Works offline; a project outside git, an API new since HEAD (nothing to
 * compare with, as a first publish records nothing) or a spec HEAD cannot import gives no entry.
 * The HEAD side is imported once per commit and API; only the working side changes on a save.
 */

import { dirname, relative, resolve, sep } from 'node:path';
import {
  type ApiChangelogEntry,
  type ApiDefinition,
  apiChangelogEntry,
  diffDefinitions,
  importDefinition,
} from '@sextant/definition';
import { NotInGitHeadError } from './errors.js';
import { git } from './git.js';

/** The API definitions at HEAD, by `commit api entry`: a save re-imports the working spec only. */
export type HeadDefinitions = Map<string, ApiDefinition | undefined>;

/** Most HEAD definitions kept (several APIs over a few commits). */
const MAX_KEPT = 20;

/** What `unreleasedApiChangelog` compares and labels. */
export interface UnreleasedInput {
  /** The project folder (inside the repository, or not in one). */
  dir: string;
  /** The working definitions, by API id. */
  apis: Record<string, ApiDefinition>;
  /**
   * The files each API imported (absolute, its spec first), by API id: `LoadedDocsProject.apiSpecFiles`
   * (an API whose spec failed to import is not there: its stand-in is not compared).
   */
  specFiles: Record<string, string[]>;
  /** When the entry is dated (its changelog date): now. */
  now?: Date;
  /** Kept across reloads by the caller: HEAD's definitions. */
  heads?: HeadDefinitions;
}

/**
 * The unreleased changelog entry of each API that changed since HEAD, by API id (none when the
 * project is not in a git repository).
 * @example await unreleasedApiChangelog({ dir, apis, specFiles }) // { 'pets-api': [{ bump: 'MAJOR', unreleased: { against: 'git HEAD (a1b2c3d)' }, … }] }
 */
export async function unreleasedApiChangelog(
  input: UnreleasedInput,
): Promise<Record<string, ApiChangelogEntry[]>> {
  const root = (await git(input.dir, ['rev-parse', '--show-toplevel']))?.trim();
  const commit = root && (await git(root, ['rev-parse', '--short', 'HEAD']))?.trim();
  if (!root || !commit) return {};
  const heads = input.heads ?? new Map();
  const publishedAt = (input.now ?? new Date()).toISOString();
  const out: Record<string, ApiChangelogEntry[]> = {};
  for (const [apiId, files] of Object.entries(input.specFiles)) {
    const working = input.apis[apiId];
    const [entry] = files;
    if (!working || !entry) continue;
    const key = `${commit} ${apiId} ${entry}`;
    if (!heads.has(key)) {
      heads.set(key, await headDefinition(root, apiId, files));
      if (heads.size > MAX_KEPT) heads.delete(heads.keys().next().value as string);
    }
    const before = heads.get(key);
    if (!before) continue;
    let changelog: ApiChangelogEntry | undefined;
    try {
      changelog = apiChangelogEntry(diffDefinitions(before, working), {
        apiDefinitionId: `unreleased:${apiId}`,
        publishedAt,
      });
    } catch {
      // A definition the diff cannot read costs its entry, never the preview.
      continue;
    }
    if (changelog) out[apiId] = [{ ...changelog, unreleased: { against: `git HEAD (${commit})` } }];
  }
  return out;
}

/**
 * The API as the spec files read at HEAD give it; undefined when its spec is not committed or
 * HEAD's spec names a file the working one does not read (or it does not import).
 */
async function headDefinition(
  root: string,
  apiId: string,
  files: string[],
): Promise<ApiDefinition | undefined> {
  const texts = new Map<string, string>();
  for (const file of files) {
    const path = relative(root, file);
    if (path.startsWith('..')) return undefined;
    const text = await git(root, ['show', `HEAD:${path.split(sep).join('/')}`]);
    if (text === undefined) {
      if (file === files[0]) return undefined;
      continue;
    }
    texts.set(file, text);
  }
  const entry = files[0] as string;
  const folder = dirname(entry);
  try {
    return importDefinition(
      {
        entry,
        read: (file) => {
          const text = texts.get(resolve(folder, file));
          if (text === undefined) throw new NotInGitHeadError(file);
          return text;
        },
      },
      { id: apiId },
    ).definition;
  } catch {
    return undefined;
  }
}
