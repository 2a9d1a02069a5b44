/**
 * `sextant check [path]`: lists every broken link of a docs project (or one spec file), each with
 * its file and line, like `fern docs broken-links`: links of markdown pages to a page file, page,
 * or heading the site does not have; local images and linked files that do not exist; site-relative
 * links in API descriptions the site does not serve (unless docs.yml sets `apiLinkBase`); and the
 * pages' MDX errors `sextant publish` refuses; and docs.yml's redirects to a path of the site that
 * serves nothing. Exit 0 when there is none, 1 when there is any.
 * The pages' warnings (a prop a component does not use, an unknown icon) are listed too, as
 * warnings: they do not change the exit code; so is a login secret a hosted registry would not let
 * the site read (`--org`, as `sextant publish` takes it).
 */

import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { UnexpectedStatusError } from '@sextant/definition/errors';
import type { LoadedDocsProject } from '@sextant/docs-project';
import type { ApiLinkProblem } from '@sextant/docs-site';
import { type Command, Option } from 'commander';
import { CliError } from '../support/cli-error.js';
import { hostedLoginNote } from '../support/hosted-login-note.js';
import { openProjectSource } from '../support/project-source.js';
import { type Output, processOutput } from '../support/terminal.js';

export interface CheckFlags {
  json?: boolean;
  /** The organization the site is published as (`sextant publish --org`). */
  org?: string;
}

/** One finding: where it is and what is wrong. */
export interface CheckFinding {
  kind: 'link' | 'file' | 'api-link' | 'page' | 'login';
  /** Project-relative file (`pages/intro.md`, `openapi.yaml`). */
  file: string;
  line?: number;
  column?: number;
  message: string;
}

const SPEC_FILE = /\.(ya?ml|json)$/i;

/**
 * Each API link problem at a line of the spec files that writes its URL (the IR keeps no source
 * positions; the URL as written is on the line that holds it), in order of occurrence.
 */
async function locateApiLinks(
  loaded: LoadedDocsProject,
  problems: ApiLinkProblem[],
): Promise<CheckFinding[]> {
  if (problems.length === 0) return [];
  const files = [...new Set(loaded.watchedFiles)].filter(
    (file) => SPEC_FILE.test(file) && relative(loaded.dir, file) !== 'docs.yml',
  );
  const texts = await Promise.all(files.map((file) => readFile(file, 'utf8').catch(() => '')));
  const occurrences = new Map<string, { file: string; line: number; column: number }[]>();
  const placesOf = (url: string) => {
    let places = occurrences.get(url);
    if (!places) {
      places = [];
      const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const written = new RegExp(`[("'<=]${escaped}(?=[)"'>\\\\\\s]|$)`, 'g');
      for (const [index, text] of texts.entries())
        for (const [line, content] of text.split('\n').entries())
          for (const match of content.matchAll(written))
            places.push({
              file: relative(loaded.dir, files[index] as string),
              line: line + 1,
              // Minified JSON is one line: the column still finds the link.
              column: match.index + 2,
            });
      occurrences.set(url, places);
    }
    return places;
  };
  return problems.map((problem) => {
    const place = placesOf(problem.url).shift();
    return {
      kind: 'api-link',
      file: place?.file ?? problem.api,
      ...(place ? { line: place.line, column: place.column } : {}),
      message: `"${problem.url}" in the description of ${problem.where} is not a page of this site: set apiLinkBase in docs.yml (e.g. https://www.example.com) to send such links to your website`,
    };
  });
}

/**
 * A spec given by URL in docs.yml: fetched when absolute; a path of the server that will host
 * the docs (`/openapi.json`, the registry's own) cannot be read here, so it stands as an empty
 * API and is noted in `skipped`.
 */
async function fetchSpec(url: string, skipped: string[]): Promise<string> {
  if (url.startsWith('/')) {
    skipped.push(url);
    return JSON.stringify({ openapi: '3.1.0', info: { title: url, version: '0' }, paths: {} });
  }
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok)
    throw new UnexpectedStatusError(`GET ${url}`, response.status, `GET ${url} answered ${response.status}`);
  return response.text();
}

/** Everything `sextant check` reports about a loaded project. */
export async function checkProject(loaded: LoadedDocsProject): Promise<CheckFinding[]> {
  const { collectProjectFiles } = await import('@sextant/docs-project');
  const { docsApiLinkProblems, docsRedirectProblems } = await import('@sextant/docs-site');
  const findings: CheckFinding[] = [];
  for (const problem of loaded.pageProblems ?? [])
    if (problem.severity === 'error')
      findings.push({
        kind: 'page',
        file: problem.file,
        line: problem.line,
        column: problem.column,
        message: problem.message,
      });
  for (const problem of loaded.linkProblems)
    findings.push({
      kind: 'link',
      file: problem.file,
      line: problem.line,
      column: problem.column,
      message: problem.message,
    });
  const { errors } = await collectProjectFiles(loaded);
  for (const error of errors)
    findings.push({
      kind: 'file',
      file: error.file,
      ...(error.line ? { line: error.line } : {}),
      message: error.reason,
    });
  findings.push(
    ...(await locateApiLinks(loaded, await docsApiLinkProblems(loaded.definition, loaded.project.apis))),
  );
  const redirects = await docsRedirectProblems(loaded.definition);
  const lines = redirects.length > 0 ? await docsYmlLines(loaded) : [];
  for (const problem of redirects) {
    // The line that writes the destination (the definition keeps no source positions).
    const line = lines.findIndex(
      (text) => /\bdestination\b/.test(text) && text.includes(problem.destination),
    );
    findings.push({
      kind: 'link',
      file: 'docs.yml',
      ...(line >= 0 ? { line: line + 1 } : {}),
      message: `redirects[${problem.index}]: ${problem.message}`,
    });
  }
  // In file order, then by line: the order an editor's problem list shows.
  return findings.sort(
    (a, b) =>
      a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}

/** The pages' MDX warnings, in file and line order. */
export function pageWarnings(loaded: LoadedDocsProject): CheckFinding[] {
  return (loaded.pageProblems ?? [])
    .filter((problem) => problem.severity === 'warning')
    .map((problem) => ({
      kind: 'page' as const,
      file: problem.file,
      line: problem.line,
      column: problem.column,
      message: problem.message,
    }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/**
 * docs.yml's lines, to place a finding (the definition keeps no source positions); none when the
 * project has no docs.yml file (a spec alone).
 */
async function docsYmlLines(loaded: LoadedDocsProject): Promise<string[]> {
  const text = await readFile(join(loaded.dir, 'docs.yml'), 'utf8').catch(() => '');
  return text.split('\n');
}

/** {@link hostedLoginNote} at docs.yml's line naming the secret. */
async function loginSecretWarning(
  loaded: LoadedDocsProject,
  orgId: string | undefined,
): Promise<CheckFinding | undefined> {
  const message = hostedLoginNote(loaded.definition.config, orgId);
  if (message === undefined) return undefined;
  const line = (await docsYmlLines(loaded)).findIndex((text) => /\bhmacSecretEnv\b/.test(text));
  return { kind: 'login', file: 'docs.yml', ...(line >= 0 ? { line: line + 1 } : {}), message };
}

/** `file:line:column: message`. */
export function findingLine(finding: CheckFinding): string {
  const place = `${finding.file}${finding.line ? `:${finding.line}` : ''}${finding.line && finding.column ? `:${finding.column}` : ''}`;
  return `${place}: ${finding.message}`;
}

/**
 * Checks the project at `path`; returns the exit code (0 clean, 1 broken links or errors).
 * @example process.exitCode = await runCheck('docs', {})
 */
export async function runCheck(
  path: string,
  flags: CheckFlags,
  output: Output = processOutput(),
): Promise<number> {
  const source = await openProjectSource(path);
  try {
    let loaded: LoadedDocsProject;
    const skipped: string[] = [];
    try {
      const { loadDocsProject } = await import('@sextant/docs-project');
      loaded = await loadDocsProject(source.projectDir, {
        inlineImages: false,
        fetchText: (url) => fetchSpec(url, skipped),
      });
    } catch (error) {
      throw new CliError(source.errorLine(error));
    }
    for (const url of skipped)
      output.err(
        `note: the API at ${url} is a path of the server that publishes the docs: its descriptions are not checked\n`,
      );
    const findings = await checkProject(loaded);
    const login = await loginSecretWarning(loaded, flags.org);
    const warnings = login ? [...pageWarnings(loaded), login] : pageWarnings(loaded);
    if (flags.json) {
      output.out(`${JSON.stringify({ ok: findings.length === 0, problems: findings, warnings }, null, 2)}\n`);
      return findings.length === 0 ? 0 : 1;
    }
    const { color, errColor } = output;
    for (const warning of warnings) output.err(`${errColor.yellow('warning:')} ${findingLine(warning)}\n`);
    const pages = Object.keys(loaded.definition.pages).length;
    if (findings.length === 0) {
      output.out(`${color.green('✓')} no broken links (${pages} page${pages === 1 ? '' : 's'} checked)\n`);
      return 0;
    }
    for (const finding of findings) output.out(`${findingLine(finding)}\n`);
    const links = findings.filter((finding) => finding.kind !== 'page').length;
    const others = findings.length - links;
    const files = new Set(findings.map((finding) => finding.file)).size;
    output.err(
      `${errColor.red('✗')} ${links} broken link${links === 1 ? '' : 's'}` +
        `${others ? ` and ${others} other error${others === 1 ? '' : 's'}` : ''} in ${files} file${files === 1 ? '' : 's'}\n`,
    );
    return 1;
  } finally {
    await source.dispose();
  }
}

/** Registers `sextant check`. */
export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('list every broken link of a docs project (file:line); exit 1 if there is any')
    .argument('[path]', 'docs project folder (with docs.yml) or a spec file', '.')
    .option('--json', 'print the problems as JSON')
    .addOption(
      new Option(
        '--org <id>',
        'organization the docs are published as: warns when docs.yml names a login secret a hosted registry would not let it read',
      ).env('SEXTANT_ORG'),
    )
    .addHelpText(
      'after',
      '\nChecks links of markdown pages (page files, site paths, #headings), local images and linked files,\n' +
        "site-relative links in API descriptions (set docs.yml's apiLinkBase to send them to your website),\n" +
        'and the MDX errors `sextant publish` refuses.\n' +
        'Exit codes: 0 no problems, 1 broken links or errors (or the project cannot be loaded), 2 usage error.',
    )
    .action(async (path: string, flags: CheckFlags) => {
      process.exitCode = await runCheck(path, flags);
    });
}
