/**
 * Publishes a loaded docs project to a registry: registers each API definition whose content
 * changed (unchanged ones keep their registry id), registers the docs definition at the domain,
 * uploads the files the docs reference that the registry does not have, and invalidates the
 * docs cache there. Content is compared by a hash of canonical JSON (files by sha256) against
 * what the registry serves at that domain now, so publishing the same project twice writes
 * nothing the second time. `dryRun` computes the same plan and writes nothing. The SDK snippet
 * templates of each API (see publish-templates.ts) are registered before the docs that name them.
 */
import { createHash } from 'node:crypto';
import type { ApiDefinition, DocsDefinition } from '@sextant/definition';
import { bumpForDiff, diffDefinitions, type VersionBump } from '@sextant/definition';
import type { ProjectFile, SnippetTemplate } from '@sextant/docs-project';
import { type LoadedDocs, type RegistryClient, RegistryNamedError } from '@sextant/registry-client';
import { canonicalJson } from './canonical-json.js';
import {
  declarations,
  filesChanged,
  hashFiles,
  type PublishedFile,
  plannedFiles,
  uploadRequested,
} from './publish-files.js';
import {
  type PublishedTemplate,
  publishedTemplate,
  registerTemplates,
  templatesToRegister,
  withSnippetsConfiguration,
} from './publish-templates.js';

export type ItemStatus = 'new' | 'changed' | 'unchanged';

export interface PublishedApi {
  /** The key the docs definition uses for the API (`api-1`, …). */
  key: string;
  title: string;
  status: ItemStatus;
  /** Registry id (absent in a dry run for a new or changed API). */
  id?: string;
  /** Against the published version, when there was one. */
  breakingChanges?: number;
  changes?: number;
  bump?: VersionBump;
}

export interface PublishResult {
  domain: string;
  /** True when nothing differed from what the registry serves: nothing was written. */
  unchanged: boolean;
  dryRun: boolean;
  apis: PublishedApi[];
  docs: ItemStatus;
  /** The files the docs reference, and what happened to each. */
  files: PublishedFile[];
  /** Bytes sent to the registry (0 when every file was already stored). */
  uploadedBytes: number;
  /** The SDK snippet templates of each API, and whether each was registered. */
  templates: PublishedTemplate[];
  /** Where the docs are served (from the registry), or the domain as a URL. */
  urls: string[];
}

export interface PublishInput {
  client: RegistryClient;
  orgId: string;
  /** Host with an optional base path: `docs.acme.com`, `acme.com/docs`, `localhost:4000`. */
  domain: string;
  definition: DocsDefinition;
  apis: Record<string, ApiDefinition>;
  /** The project files the docs definition references (logo, images…), to upload. */
  files?: readonly ProjectFile[];
  /** Each API's SDK snippet templates (by docs key), keyed to its endpoints. */
  templates?: Record<string, readonly SnippetTemplate[]>;
  dryRun?: boolean;
  /** Progress of each step, for a progress display. */
  onStep?: (step: string, index: number, total: number) => void;
}

/** sha256 of the canonical JSON; an API definition's own `id` (assigned by the registry) is ignored. */
export function contentHash(value: unknown, ignoreId = false): string {
  const subject =
    ignoreId && value && typeof value === 'object'
      ? { ...(value as Record<string, unknown>), id: undefined }
      : value;
  return createHash('sha256').update(canonicalJson(subject)).digest('hex');
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The definition to publish with the served `lastUpdated` of every page whose content is the
 * same: a file saved again unchanged (a fresh clone, a checkout) has a new time but no new
 * content, so it neither counts as a change nor moves the page's "last updated".
 * @example keepServedDates({ a: { text: 'x', lastUpdated: 'new' } }, { a: { text: 'x', lastUpdated: 'old' } }) // { a: { text: 'x', lastUpdated: 'old' } }
 */
export function keepServedDates(input: Json, served: Json): Json {
  if (Array.isArray(input))
    return input.map((item, index) =>
      keepServedDates(item, Array.isArray(served) ? (served[index] ?? null) : null),
    );
  if (input === null || typeof input !== 'object') return input;
  const other = served !== null && typeof served === 'object' && !Array.isArray(served) ? served : undefined;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(input))
    if (key !== 'lastUpdated') out[key] = keepServedDates(value, other?.[key] ?? null);
  if ('lastUpdated' in input) {
    const { lastUpdated: _mine, ...rest } = input;
    const { lastUpdated: theirs, ...servedRest } = other ?? {};
    const same = other !== undefined && canonicalJson(rest) === canonicalJson(servedRest);
    out.lastUpdated = same && typeof theirs === 'string' ? theirs : (input.lastUpdated ?? null);
  }
  return out;
}

/** What the registry serves at `domain` now, or undefined when nothing is published there. */
async function currentDocs(client: RegistryClient, domain: string): Promise<LoadedDocs | undefined> {
  try {
    return await client.loadDocsForUrl({ body: { url: domain } });
  } catch (error) {
    if (
      error instanceof RegistryNamedError &&
      ['DomainNotRegisteredError', 'DocsNotFoundError', 'DocsDefinitionNotFoundError'].includes(
        error.errorName,
      )
    ) {
      return undefined;
    }
    throw error;
  }
}

/**
 * Publishes (or with `dryRun` plans) the project.
 * @example const result = await publishProject({ client, orgId: 'acme', domain: 'docs.acme.com', definition, apis });
 */
export async function publishProject(input: PublishInput): Promise<PublishResult> {
  const { client, orgId, domain, dryRun = false } = input;
  const keys = Object.keys(input.apis);
  const total = keys.length + 7;
  let step = 0;
  const progress = (text: string) => input.onStep?.(text, ++step, total);
  const detail = (text: string) => input.onStep?.(text, step, total);

  progress('hashing the project files');
  const files = await hashFiles(input.files ?? [], detail);
  progress(`reading what ${domain} serves now`);
  // Docs another organization serves there are not ours to compare with (the registry refuses the register).
  const current = await currentDocs(client, domain).then((docs) =>
    docs?.orgId === orgId ? docs : undefined,
  );
  const apis: PublishedApi[] = [];
  const apiDefinitionIds: Record<string, string> = {};
  const apiIds: Record<string, string> = {};
  for (const key of keys) {
    const apiId = apiIdFor(input.apis[key]!, key);
    apiIds[key] = apiId;
    const definition = withSnippetsConfiguration(input.apis[key]!, apiId, input.templates?.[key] ?? []);
    progress(`comparing API "${definition.title}" with the published one`);
    const published = current?.apis[key];
    const entry: PublishedApi = { key, title: definition.title, status: published ? 'changed' : 'new' };
    if (published) {
      if (contentHash(published, true) === contentHash(definition, true)) {
        entry.status = 'unchanged';
        entry.id = published.id;
      } else {
        const diff = diffDefinitions(published, definition);
        entry.breakingChanges = diff.summary.breaking;
        entry.changes = diff.summary.total;
        entry.bump = bumpForDiff(diff);
      }
    }
    if (entry.status !== 'unchanged' && !dryRun) {
      entry.id = (await client.registerApiDefinition({ body: { orgId, apiId, definition } })).apiDefinitionId;
    }
    if (entry.id) apiDefinitionIds[key] = entry.id;
    apis.push(entry);
  }

  progress('comparing the SDK snippet templates with the registry');
  const templates = await planTemplates(input, apis, apiIds);
  const templatesChanged = templates.some((api) => api.toRegister.length > 0);

  // Unchanged pages keep the date the registry serves (a re-saved file is not a new version).
  const definition = current
    ? (keepServedDates(
        input.definition as unknown as Json,
        current.definition as unknown as Json,
      ) as unknown as typeof input.definition)
    : input.definition;
  const changedFiles = !current || filesChanged(files, current.files);
  const docsStatus: ItemStatus = !current
    ? 'new'
    : contentHash(current.definition) === contentHash(definition) && !changedFiles
      ? 'unchanged'
      : 'changed';
  const siteUnchanged = docsStatus === 'unchanged' && apis.every((api) => api.status === 'unchanged');
  const unchanged = siteUnchanged && !templatesChanged;
  const fallbackUrls = current ? [current.url] : [domain];
  if (!dryRun && templatesChanged) {
    progress('registering the SDK snippet templates');
    for (const api of templates) {
      if (api.toRegister.length === 0) continue;
      const apiDefinitionId = apiDefinitionIds[api.key];
      await registerTemplates(client, {
        orgId,
        apiId: api.apiId,
        ...(apiDefinitionId ? { apiDefinitionId } : {}),
        templates: api.toRegister,
      });
    }
  } else progress('no SDK snippet templates to register');
  const templateResults = templates.flatMap((api) =>
    api.templates.map((template) =>
      publishedTemplate(
        api.key,
        template,
        !api.toRegister.includes(template) ? 'unchanged' : dryRun ? 'would-register' : 'registered',
      ),
    ),
  );
  if (siteUnchanged || dryRun) {
    // No write will check the token and organization: ask the registry, so a wrong one is not a success.
    await client.getDocsSitesForOrg({ body: { orgId } });
    progress('nothing to upload');
    progress('nothing to register');
    progress('nothing to invalidate');
    return {
      domain,
      unchanged,
      dryRun,
      apis,
      docs: docsStatus,
      files: plannedFiles(files, current?.files, changedFiles),
      uploadedBytes: 0,
      templates: templateResults,
      urls: fallbackUrls.map(asUrl),
    };
  }
  progress(`starting the docs registration at ${domain}; uploading the files the registry does not have`);
  const init = await client.initDocsRegistrationV2({
    body: { orgId, domain, ...(files.length > 0 ? { files: declarations(files) } : {}) },
  });
  const { docsRegistrationId } = init;
  const publishedFiles = await uploadRequested(client, files, init.files, detail);
  progress(`registering the docs at ${domain}`);
  const registered = await client.finishDocsRegistrationV2({
    params: { id: docsRegistrationId },
    body: { docsDefinition: definition, apiDefinitionIds },
  });
  progress('invalidating the docs cache');
  await client.invalidateDocsCache({ body: { url: domain } });
  return {
    domain,
    unchanged: false,
    dryRun: false,
    apis,
    docs: docsStatus,
    files: publishedFiles,
    uploadedBytes: publishedFiles
      .filter((file) => file.status === 'uploaded')
      .reduce((sum, file) => sum + file.size, 0),
    templates: templateResults,
    urls: (registered.urls.length > 0 ? registered.urls : fallbackUrls).map(asUrl),
  };
}

interface ApiTemplates {
  key: string;
  apiId: string;
  templates: readonly SnippetTemplate[];
  /** Those the registry does not store as they are. */
  toRegister: SnippetTemplate[];
}

/** Each API's templates and which of them the registry lacks (all of them for a new API). */
async function planTemplates(
  input: PublishInput,
  apis: readonly PublishedApi[],
  apiIds: Record<string, string>,
): Promise<ApiTemplates[]> {
  const planned: ApiTemplates[] = [];
  for (const { key, status } of apis) {
    const templates = input.templates?.[key] ?? [];
    const apiId = apiIds[key];
    if (templates.length === 0 || !apiId) continue;
    const toRegister =
      status === 'new'
        ? [...templates]
        : await templatesToRegister(input.client, input.orgId, apiId, templates);
    planned.push({ key, apiId, templates, toRegister });
  }
  return planned;
}

/** The API's stable name in the registry: a slug of its title, else the docs key. */
function apiIdFor(definition: ApiDefinition, key: string): string {
  const slug = definition.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug ? `${slug}-${key}`.slice(0, 100) : key;
}

/** `docs.acme.com/x` → `https://docs.acme.com/x`; `localhost:4000` → `http://localhost:4000`. */
function asUrl(address: string): string {
  if (/^https?:\/\//.test(address)) return address;
  return /^(localhost|127\.0\.0\.1)(:|\/|$)/.test(address) ? `http://${address}` : `https://${address}`;
}
