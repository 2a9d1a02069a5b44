/**
 * SDK snippet templates of a local docs project. `generators.yml` (what `sextant init` writes)
 * lists the SDK generators; a generator may name a `snippetTemplates` file (JSON or YAML, an
 * array of templates in the registry's format, `sdk` optional: the generator's language,
 * package and version fill it):
 *
 *   generators:
 *     - language: go
 *       package: github.com/acme/plants-go
 *       version: 1.4.0
 *       snippetTemplates: sdk-snippets/go.json
 */

import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, relative } from 'node:path';
import { type ApiDefinition, type Endpoint, pathTemplate } from '@sextant/definition';
import { snippetTemplateSchema } from '@sextant/registry-client';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { ProjectTemplatesError } from './errors.js';

export type SnippetTemplate = z.output<typeof snippetTemplateSchema>;

export const GENERATORS_FILE = 'generators.yml';

const generatorsSchema = z.looseObject({
  generators: z
    .array(
      z.looseObject({
        language: z.string(),
        package: z.string().optional(),
        version: z.string().optional(),
        snippetTemplates: z.string().optional(),
      }),
    )
    .optional(),
});

export { ProjectTemplatesError };

/**
 * Every snippet template of the project in `dir` ([] without generators.yml).
 * @example await projectSnippetTemplates('examples') // [{ sdk: { language: 'go', … }, endpointId, snippetTemplate }]
 */
export async function projectSnippetTemplates(dir: string): Promise<SnippetTemplate[]> {
  const text = await readFile(join(dir, GENERATORS_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return [];
  return generatorsTemplates(parseYamlOrThrow(text, GENERATORS_FILE), dir, GENERATORS_FILE);
}

/**
 * The snippet templates of one file (`sextant snippet --templates`): a generators.yml (its
 * generators' `snippetTemplates` files, next to it) or an array of templates. Errors name the file
 * as given and say what is wrong.
 * @example await snippetTemplatesOfFile('site/generators.yml')
 */
export async function snippetTemplatesOfFile(path: string): Promise<SnippetTemplate[]> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new ProjectTemplatesError(
      `${path}: ${error.code === 'ENOENT' ? 'no such file' : `cannot read the file (${error.code ?? error.message})`}`,
    );
  });
  const value = parseYamlOrThrow(text, path);
  if (Array.isArray(value)) return entriesTemplates(value, path);
  if (value && typeof value === 'object' && 'generators' in value)
    return generatorsTemplates(value, dirname(path), path);
  throw new ProjectTemplatesError(
    `${path}: expected a generators.yml (with a generators list) or an array of snippet templates`,
  );
}

/** The templates of a parsed generators.yml in `dir`, named `label` in errors. */
async function generatorsTemplates(value: unknown, dir: string, label: string): Promise<SnippetTemplate[]> {
  const config = generatorsSchema.safeParse(value);
  if (!config.success) {
    const issue = config.error.issues[0];
    throw new ProjectTemplatesError(
      `${label}${issue?.path.length ? ` at /${issue.path.join('/')}` : ''}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const templates: SnippetTemplate[] = [];
  for (const generator of config.data.generators ?? []) {
    if (!generator.snippetTemplates) continue;
    const file = generator.snippetTemplates;
    const full = normalize(join(dir, file));
    const shown = join(dirname(label), file);
    if (isAbsolute(file) || relative(dir, full).startsWith('..'))
      throw new ProjectTemplatesError(`${label}: ${file} is outside the project`);
    const raw = await readFile(full, 'utf8').catch(() => {
      throw new ProjectTemplatesError(`${label}: cannot read ${shown}`);
    });
    const entries = parseYamlOrThrow(raw, shown);
    if (!Array.isArray(entries)) throw new ProjectTemplatesError(`${shown}: expected an array of templates`);
    templates.push(
      ...entriesTemplates(entries, shown, {
        language: generator.language,
        package: generator.package ?? generator.language,
        version: generator.version ?? '0.0.0',
      }),
    );
  }
  return templates;
}

/** Validates the templates of `file`; `sdk` fills entries that name none (a generator's). */
function entriesTemplates(
  entries: unknown[],
  file: string,
  sdk?: { language: string; package: string; version: string },
): SnippetTemplate[] {
  return entries.map((entry, index) => {
    const withSdk =
      sdk && entry && typeof entry === 'object' && !('sdk' in entry) ? { ...entry, sdk } : entry;
    const parsed = snippetTemplateSchema.safeParse(withSdk);
    if (!parsed.success)
      throw new ProjectTemplatesError(
        `${file} at /${index}: ${parsed.error.issues[0]?.path.join('/') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
      );
    return parsed.data;
  });
}

/**
 * The files the project's snippet templates come from: generators.yml (even when absent) and the
 * `snippetTemplates` file of each generator it lists (`sextant dev` watches them).
 * @example await projectTemplateFiles('examples') // ['examples/generators.yml', 'examples/sdk-snippets/go.json']
 */
export async function projectTemplateFiles(dir: string): Promise<string[]> {
  const files = [join(dir, GENERATORS_FILE)];
  const text = await readFile(files[0] as string, 'utf8').catch(() => undefined);
  let config: ReturnType<typeof generatorsSchema.safeParse> | undefined;
  try {
    config = text === undefined ? undefined : generatorsSchema.safeParse(parseYaml(text));
  } catch {
    return files;
  }
  for (const generator of config?.data?.generators ?? [])
    if (generator.snippetTemplates) files.push(normalize(join(dir, generator.snippetTemplates)));
  return files;
}

function parseYamlOrThrow(text: string, file: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    throw new ProjectTemplatesError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** An endpoint's path as a template: `/pets/{petId}` (the registry's key for its templates). */
export function endpointPathTemplate(endpoint: Pick<Endpoint, 'path'>): string {
  return pathTemplate(endpoint.path);
}

/** The templates of one endpoint (its method and path, parameter names ignored), one per SDK. */
export function templatesForEndpoint(
  templates: readonly SnippetTemplate[],
  endpoint: { method: string; path: string },
): SnippetTemplate[] {
  const shape = (path: string) => `/${path.replace(/^\/+|\/+$/g, '')}`.replace(/\{[^}]*\}/g, '{}');
  const target = shape(endpoint.path);
  const seen = new Set<string>();
  return templates.filter((template) => {
    if (template.endpointId.method !== endpoint.method || shape(template.endpointId.path) !== target)
      return false;
    const key = `${template.sdk.language}\0${template.sdk.package}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The templates of every endpoint of `definition`, each keyed by the endpoint's own method and
 * path (`/pets/{petId}` even when the template says `/pets/{id}`): the registry looks templates
 * up by exact path, where local mode ignores parameter names.
 */
export function templatesForDefinition(
  templates: readonly SnippetTemplate[],
  definition: Pick<ApiDefinition, 'endpoints'>,
): SnippetTemplate[] {
  return Object.values(definition.endpoints).flatMap((endpoint) => {
    const endpointId = { method: endpoint.method, path: endpointPathTemplate(endpoint) };
    return templatesForEndpoint(templates, endpointId).map((template) => ({ ...template, endpointId }));
  });
}
