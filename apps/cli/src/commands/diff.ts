/**
 * `sextant diff <old> <new>`: the changes between two versions of a spec (any format the
 * importers read), each marked breaking or not, and the version bump they imply — the same
 * diff the registry's `GET /registry/diff` computes, offline.
 */
import {
  bumpForDiff,
  changeLocationLabel,
  computeNextVersion,
  type DefinitionChange,
  type DefinitionDiff,
  diffDefinitions,
  InvalidSemverError,
  renderDiffMarkdown,
  type VersionBump,
} from '@sextant/definition';
import type { Command } from 'commander';
import { UsageError } from '../support/cli-error.js';
import { loadSpec } from '../support/load-spec.js';
import { type Colors, type Output, processOutput } from '../support/terminal.js';

export interface DiffCommandOptions {
  json?: boolean;
  markdown?: boolean;
  lastVersion?: string;
}

/** What `--json` prints. */
export interface DiffReport {
  diff: DefinitionDiff;
  bump: VersionBump;
  /** Present when a last version is known (`--last-version`, or the old spec's own version). */
  lastVersion?: string;
  nextVersion?: string;
}

/**
 * Diffs two spec files and prints the result; returns the exit code.
 * @example runDiff('v1.yaml', 'v2.yaml', { markdown: true })
 */
export function runDiff(
  oldPath: string,
  newPath: string,
  options: DiffCommandOptions,
  output: Output = processOutput(),
): number {
  if (options.json && options.markdown) throw new UsageError('choose one of --json and --markdown');
  const previous = loadSpec(oldPath).definition;
  const current = loadSpec(newPath).definition;
  const report = buildReport(
    diffDefinitions(previous, current),
    options.lastVersion ?? semverOrUndefined(previous.version),
  );
  if (options.json) {
    output.out(`${JSON.stringify(report, null, 2)}\n`);
  } else if (options.markdown) {
    output.out(`${renderDiffMarkdown(report.diff)}\n${bumpLine(report)}\n`);
  } else {
    output.out(renderText(report, output.color));
  }
  return 0;
}

function buildReport(diff: DefinitionDiff, lastVersion: string | undefined): DiffReport {
  if (lastVersion === undefined) return { diff, bump: bumpForDiff(diff) };
  try {
    const next = computeNextVersion(lastVersion, diff);
    return { diff, bump: next.bump, lastVersion, nextVersion: next.version };
  } catch (error) {
    if (error instanceof InvalidSemverError) throw new UsageError(`--last-version: ${error.message}`);
    throw error;
  }
}

/** The old spec's `info.version` when it is a semantic version (many specs use dates or "v1"). */
function semverOrUndefined(version: string | undefined): string | undefined {
  return version && /^v?\d+\.\d+\.\d+(?:[-+].*)?$/.test(version) ? version : undefined;
}

function bumpLine(report: DiffReport): string {
  return report.nextVersion
    ? `Version bump: ${report.bump} (${report.lastVersion} → ${report.nextVersion})`
    : `Version bump: ${report.bump}`;
}

const LABEL_WIDTH = 9;

/** Human output: a headline, one line per change (breaking first), the bump. */
export function renderText(report: DiffReport, color: Colors): string {
  const { diff } = report;
  const lines: string[] = [];
  const headline = `${diff.previous.id} → ${diff.current.id}: ${diff.summary.total} change${diff.summary.total === 1 ? '' : 's'}`;
  lines.push(
    color.bold(diff.summary.breaking > 0 ? `${headline} (${diff.summary.breaking} breaking)` : headline),
  );
  const ordered = [...diff.changes].sort((a, b) => Number(b.breaking) - Number(a.breaking));
  for (const change of ordered)
    lines.push(`  ${label(change, color)} ${changeLocationLabel(change)}  ${change.message}`);
  if (diff.changes.length === 0) lines.push('  no changes');
  lines.push('', color.bold(bumpLine(report)));
  return `${lines.join('\n')}\n`;
}

function label(change: DefinitionChange, color: Colors): string {
  if (change.breaking) return color.red('BREAKING'.padEnd(LABEL_WIDTH));
  const text = change.category.padEnd(LABEL_WIDTH);
  if (change.category === 'added') return color.green(text);
  if (change.category === 'docs') return color.dim(text);
  return color.yellow(text);
}

/** Registers `sextant diff`. */
export function registerDiff(program: Command): void {
  program
    .command('diff')
    .description('compare two versions of a spec: changes (breaking first) and the version bump they imply')
    .argument('<old>', 'the previous spec file (OpenAPI, AsyncAPI or OpenRPC; YAML or JSON)')
    .argument('<new>', 'the current spec file')
    .option('--json', 'print the diff, bump and next version as JSON')
    .option('--markdown', 'print a markdown summary (for a changelog or pull request)')
    .option(
      '--last-version <semver>',
      "the last released version (default: the old spec's info.version when it is semver)",
    )
    .addHelpText(
      'after',
      '\nBreaking: removed operations, parameters or fields; new required parameters or request fields;\n' +
        'changed types; values removed from request enums or added to response enums; new auth requirements.\n' +
        'Bump: breaking → MAJOR (MINOR below 1.0.0), additions → MINOR (PATCH below 1.0.0), docs only → PATCH.\n' +
        'Exit codes: 0 compared (whatever changed), 1 a spec could not be read, 2 usage error.',
    )
    .action((oldPath: string, newPath: string, options: DiffCommandOptions) => {
      process.exitCode = runDiff(oldPath, newPath, options);
    });
}
