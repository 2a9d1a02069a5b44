/**
 * `sextant publish [path] --registry URL --token T --domain D`: imports every spec of a docs
 * project (or one spec file), registers the API definitions and the docs definition with the
 * registry, uploads the files the docs reference (logo, favicon, markdown images…) that the
 * registry does not have, registers the SDK snippet templates generators.yml names, invalidates
 * the docs cache and prints the published URL. Publishing the same content again changes nothing
 * and says so; `--dry-run` prints the plan and writes nothing.
 */

import type { LoadedDocsProject, ProjectFile, SnippetTemplate } from '@sextant/docs-project';
import { createRegistryClient, RegistryClientError } from '@sextant/registry-client';
import { type Command, Option } from 'commander';
import { CliError, errorLine, UsageError } from '../support/cli-error.js';
import { parseHttpUrl } from '../support/flags.js';
import { createProgress } from '../support/progress.js';
import { openProjectSource } from '../support/project-source.js';
import { formatBytes } from '../support/publish-files.js';
import { type PublishResult, publishProject } from '../support/publish-project.js';
import { type Output, processOutput } from '../support/terminal.js';

export interface PublishFlags {
  registry?: string;
  token?: string;
  domain?: string;
  org: string;
  dryRun?: boolean;
  json?: boolean;
  progress: boolean;
}

/**
 * Publishes the project at `path`; returns the exit code.
 * @example await runPublish('docs', { registry: 'http://127.0.0.1:4000', token, domain: 'docs.acme.com', org: 'acme' })
 */
export async function runPublish(
  path: string,
  flags: PublishFlags,
  output: Output = processOutput(),
): Promise<number> {
  if (!flags.registry)
    throw new UsageError('--registry (or SEXTANT_REGISTRY) is required: the URL of a `sextant serve`');
  if (!flags.domain)
    throw new UsageError(
      '--domain (or SEXTANT_DOMAIN) is required: where the docs are served, e.g. docs.acme.com',
    );
  if (!flags.token && !flags.dryRun)
    throw new UsageError('--token (or SEXTANT_TOKEN) is required to publish');
  const source = await openProjectSource(path);
  const progress = createProgress(output, flags.progress && !flags.json);
  try {
    progress.step('importing the specs and reading the docs project', 0, 0);
    let loaded: LoadedDocsProject;
    let files: ProjectFile[];
    const templates: Record<string, SnippetTemplate[]> = {};
    try {
      const { collectProjectFiles, loadDocsProject, projectSnippetTemplates, templatesForDefinition } =
        await import('@sextant/docs-project');
      const { linkProblemLine, pageProblemLine } = await import('@sextant/docs-site');
      // Images are published as files (served by URL), not inlined into every page.
      loaded = await loadDocsProject(source.projectDir, { inlineImages: false });
      // Hosted pages never run author code: an MDX error (an import, an expression, an event
      // handler, a javascript: URL, an unknown component) is named with its place and stops the publish.
      for (const problem of loaded.pageProblems)
        output.err(
          `${problem.severity === 'error' ? output.errColor.red('error:') : output.errColor.yellow('warning:')} ${pageProblemLine(problem)}\n`,
        );
      const pageErrors = loaded.pageProblems.filter((problem) => problem.severity === 'error').length;
      if (pageErrors > 0)
        throw new CliError(
          `${pageErrors} MDX error${pageErrors === 1 ? '' : 's'} in the pages: fix ${pageErrors === 1 ? 'it' : 'them'} and publish again`,
        );
      // A broken link is published nowhere: every one is named, then the publish stops.
      const broken = loaded.linkProblems;
      for (const problem of broken)
        output.err(`${output.errColor.red('error:')} ${linkProblemLine(problem)}\n`);
      if (broken.length > 0)
        throw new CliError(
          `${broken.length} broken link${broken.length === 1 ? '' : 's'} in the pages: fix ${broken.length === 1 ? 'it' : 'them'} and publish again (\`sextant check\` lists them)`,
        );
      const collected = await collectProjectFiles(loaded);
      const [first, ...more] = collected.errors;
      if (first)
        throw new CliError(
          `${first.message}${more.length > 0 ? ` (and ${more.length} more missing file(s))` : ''}`,
        );
      files = collected.files;
      // The same loader as local mode, so a template that works in `sextant dev` works hosted.
      const projectTemplates = await projectSnippetTemplates(source.projectDir);
      for (const [key, api] of Object.entries(loaded.project.apis))
        templates[key] = templatesForDefinition(projectTemplates, api);
    } catch (error) {
      throw new CliError(source.errorLine(error));
    }
    const client = createRegistryClient({
      baseUrl: flags.registry,
      token: flags.token,
      timeoutInSeconds: 120,
    });
    let result: PublishResult;
    try {
      result = await publishProject({
        client,
        orgId: flags.org,
        domain: flags.domain,
        definition: loaded.definition,
        apis: loaded.project.apis,
        files,
        templates,
        dryRun: flags.dryRun,
        onStep: progress.step,
      });
    } catch (error) {
      if (error instanceof RegistryClientError && error.status !== undefined) {
        throw new CliError(
          `the registry at ${flags.registry} refused (${error.status}): ${errorLine(error)}`,
        );
      }
      throw new CliError(`cannot reach the registry at ${flags.registry}: ${errorLine(error)}`);
    } finally {
      progress.done();
    }
    output.out(flags.json ? `${JSON.stringify(result, null, 2)}\n` : renderResult(result, output));
    return 0;
  } finally {
    await source.dispose();
  }
}

function renderResult(result: PublishResult, output: Output): string {
  const { color } = output;
  const lines: string[] = [];
  for (const api of result.apis) {
    const detail =
      api.status === 'changed' && api.changes !== undefined
        ? ` (${api.changes} change${api.changes === 1 ? '' : 's'}, ${api.breakingChanges} breaking → ${api.bump})`
        : '';
    const status = api.status === 'unchanged' ? color.dim(api.status) : color.green(api.status);
    lines.push(`  API ${api.title}: ${status}${detail}`);
  }
  lines.push(
    `  docs definition: ${result.docs === 'unchanged' ? color.dim('unchanged') : color.green(result.docs)}`,
  );
  lines.push(...renderFiles(result, output), ...renderTemplates(result, output));
  if (result.dryRun) {
    lines.push(
      '',
      `Dry run: ${result.unchanged ? 'nothing changed; nothing would be published' : `would publish to ${result.domain}`}.`,
    );
  } else if (result.unchanged) {
    lines.push('', `Nothing changed: ${result.urls[0]} already serves this content.`);
  } else {
    lines.push('', `${color.green('Published')} ${color.bold(result.urls[0] ?? result.domain)}`);
    for (const url of result.urls.slice(1)) lines.push(`  also at ${url}`);
  }
  return `${lines.join('\n')}\n`;
}

function renderFiles(result: PublishResult, output: Output): string[] {
  const { color } = output;
  if (result.files.length === 0) return [];
  const count = (status: string) => result.files.filter((file) => file.status === status).length;
  const parts = [
    count('uploaded') > 0
      ? color.green(`${count('uploaded')} uploaded (${formatBytes(result.uploadedBytes)})`)
      : '',
    count('would-upload') > 0 ? `${count('would-upload')} to upload` : '',
    count('stored') > 0 ? color.dim(`${count('stored')} already stored`) : '',
    count('unchanged') > 0 ? color.dim(`${count('unchanged')} unchanged`) : '',
  ].filter(Boolean);
  const lines = [`  files: ${parts.join(', ')}`];
  for (const file of result.files) {
    if (file.status === 'uploaded' || file.status === 'would-upload')
      lines.push(
        `    ${file.status === 'uploaded' ? 'uploaded' : 'would upload'} ${file.path} (${formatBytes(file.size)})`,
      );
  }
  return lines;
}

function renderTemplates(result: PublishResult, output: Output): string[] {
  const { color } = output;
  if (result.templates.length === 0) return [];
  const count = (status: string) => result.templates.filter((template) => template.status === status).length;
  const languages = (status: string) => [
    ...new Set(result.templates.filter((t) => t.status === status).map((t) => t.language)),
  ];
  const parts = [
    count('registered') > 0
      ? color.green(`${count('registered')} registered (${languages('registered').join(', ')})`)
      : '',
    count('would-register') > 0
      ? `${count('would-register')} to register (${languages('would-register').join(', ')})`
      : '',
    count('unchanged') > 0 ? color.dim(`${count('unchanged')} unchanged`) : '',
  ].filter(Boolean);
  const lines = [`  SDK snippet templates: ${parts.join(', ')}`];
  for (const template of result.templates) {
    if (template.status !== 'unchanged')
      lines.push(
        `    ${template.status === 'registered' ? 'registered' : 'would register'} ${template.language} ${template.package}@${template.version} ${template.method} ${template.path}`,
      );
  }
  return lines;
}

/** Registers `sextant publish`. */
export function registerPublish(program: Command): void {
  program
    .command('publish')
    .description('publish a docs project (or one spec file) to a registry and print the URL')
    .argument('[path]', 'docs project folder (with docs.yml) or a spec file', '.')
    .addOption(
      new Option('--registry <url>', 'registry base URL (a `sextant serve`)')
        .env('SEXTANT_REGISTRY')
        .argParser(parseHttpUrl),
    )
    .addOption(
      new Option('--token <token>', 'registry token of a member of the organization').env('SEXTANT_TOKEN'),
    )
    .addOption(
      new Option('--domain <domain>', 'where the docs are served: host with optional base path').env(
        'SEXTANT_DOMAIN',
      ),
    )
    .addOption(
      new Option('--org <id>', 'organization that owns the docs').env('SEXTANT_ORG').default('local'),
    )
    .option('--dry-run', 'show what would be published; write nothing')
    .option('--json', 'print the result as JSON')
    .option('--no-progress', 'no progress display')
    .addHelpText(
      'after',
      '\nUnchanged content (same hash as what the registry serves at the domain) is not registered again;\n' +
        'files the docs reference (logo, favicon, fonts, scripts, markdown images and file links) are uploaded\n' +
        'only when the registry does not have them. A referenced file that does not exist stops the publish.\n' +
        'The SDK snippet templates generators.yml names are registered when the registry does not store them.\n' +
        'Exit codes: 0 published (or nothing changed), 1 the project or a spec is bad or the registry refused, 2 usage error.',
    )
    .action(async (path: string, flags: PublishFlags) => {
      process.exitCode = await runPublish(path, flags);
    });
}
