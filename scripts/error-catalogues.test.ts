/**
 * Every workspace's error catalogue, read together: codes are unique across the project, follow the
 * one code style, build an error carrying their own code, and stand in README's table of codes;
 * every coded error class in library code is in a catalogue.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { definitionErrors, ERROR_CODE_STYLE, type ErrorCatalogue } from '@sextant/definition';
import { docsProjectErrors } from '@sextant/docs-project';
import { docsSiteErrors } from '@sextant/docs-site';
import { playgroundErrors } from '@sextant/playground';
import { registryClientErrors } from '@sextant/registry-client';
import { requestErrors } from '@sextant/request';
import { searchErrors } from '@sextant/search';
import { describe, expect, it } from 'vitest';
import { cliErrors } from '../apps/cli/src/errors.js';
import { dashboardErrors } from '../apps/dashboard/src/errors.js';
import { serverErrors } from '../apps/server/src/error-catalogue.js';

const root = new URL('..', import.meta.url).pathname;

const catalogues: ErrorCatalogue[] = [
  definitionErrors,
  requestErrors,
  registryClientErrors,
  searchErrors,
  playgroundErrors,
  docsSiteErrors,
  docsProjectErrors,
  dashboardErrors,
  serverErrors,
  cliErrors,
];

const entries = catalogues.flatMap((catalogue) =>
  catalogue.entries.map((entry) => ({ ...entry, packageName: catalogue.packageName })),
);

/** Library source files: everything under a workspace's src/ but tests, test helpers and fixtures. */
function librarySources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return ['testing', 'fixtures', 'node_modules'].includes(name) ? [] : librarySources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|test-support\.ts$/.test(name) ? [path] : [];
  });
}

describe('error catalogues', () => {
  it('give every code once across the project, in the one code style', () => {
    const codes = entries.map((entry) => entry.code);
    expect(codes.length).toBeGreaterThan(80);
    const repeated = codes.filter((code, index) => codes.indexOf(code) !== index);
    expect(repeated).toEqual([]);
    expect(codes.filter((code) => !ERROR_CODE_STYLE.test(code))).toEqual([]);
  });

  it('build, for every entry, an Error carrying that code and a message', () => {
    for (const entry of entries) {
      const error = entry.example();
      expect(error, entry.code).toBeInstanceOf(Error);
      expect(error.code, entry.packageName).toBe(entry.code);
      expect(error.message.length, entry.code).toBeGreaterThan(0);
      expect(entry.description.trim().length, entry.code).toBeGreaterThan(10);
    }
  });

  it("stand in README's table of error codes", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Za-z0-9]+)` +\|/gm)].map((match) => match[1]));
    expect(entries.map((entry) => entry.code).filter((code) => !documented.has(code))).toEqual([]);
  });

  it('hold every coded error class of library code', () => {
    const listed = new Set(entries.map((entry) => entry.code));
    const workspaces = ['packages', 'apps'].flatMap((group) =>
      readdirSync(join(root, group)).map((name) => join(root, group, name, 'src')),
    );
    const unlisted: string[] = [];
    for (const file of workspaces.flatMap(librarySources)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/class (\w+) extends SextantError<'(\w+)'>/g)) {
        if (!listed.has(match[2] ?? '')) unlisted.push(`${match[1]} (${file.slice(root.length)})`);
      }
    }
    expect(unlisted).toEqual([]);
  });
});
