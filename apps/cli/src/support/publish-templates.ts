/**
 * The SDK snippet templates part of `sextant publish`: the project's templates (generators.yml,
 * read by the docs host's own loader) are registered under each API's registry `apiId`, and the
 * API definition names its SDKs in `snippetsConfiguration`, which is what the hosted docs host
 * reads to ask the registry for them. Only templates whose content differs from what the
 * registry stores for that endpoint and SDK version are registered.
 */
import type { ApiDefinition } from '@sextant/definition';
import type { SnippetTemplate } from '@sextant/docs-project';
import { type RegistryClient, RegistryNamedError } from '@sextant/registry-client';
import { canonicalJson } from './canonical-json.js';

export type TemplateStatus = 'registered' | 'would-register' | 'unchanged';

export interface PublishedTemplate {
  /** The docs key of the API the template belongs to. */
  api: string;
  language: string;
  package: string;
  version: string;
  method: string;
  path: string;
  status: TemplateStatus;
}

type SnippetsConfiguration = NonNullable<ApiDefinition['snippetsConfiguration']>;

/** The SDKs of `templates` (one per language and package, first seen first), or undefined for none. */
export function snippetsConfiguration(
  apiId: string,
  templates: readonly SnippetTemplate[],
): SnippetsConfiguration | undefined {
  const sdks = new Map<string, { language: string; package: string }>();
  for (const { sdk } of templates) {
    const key = `${sdk.language}\0${sdk.package}`;
    if (!sdks.has(key)) sdks.set(key, { language: sdk.language, package: sdk.package });
  }
  return sdks.size > 0 ? { apiId, sdks: [...sdks.values()] } : undefined;
}

/** `definition` naming the SDKs of its templates; unchanged when it has none. */
export function withSnippetsConfiguration(
  definition: ApiDefinition,
  apiId: string,
  templates: readonly SnippetTemplate[],
): ApiDefinition {
  const config = snippetsConfiguration(apiId, templates);
  return config ? { ...definition, snippetsConfiguration: config } : definition;
}

/** Whether the registry stores exactly `template` for its endpoint and SDK version. */
async function isStored(
  client: RegistryClient,
  orgId: string,
  apiId: string,
  template: SnippetTemplate,
): Promise<boolean> {
  try {
    const stored = await client.getSnippetTemplate({
      body: { orgId, apiId, endpointId: template.endpointId, sdk: template.sdk },
    });
    return canonicalJson(stored.snippetTemplate) === canonicalJson(template.snippetTemplate);
  } catch (error) {
    if (
      error instanceof RegistryNamedError &&
      ['SnippetNotFound', 'OrgIdAndApiIdNotFound'].includes(error.errorName)
    )
      return false;
    throw error;
  }
}

const LOOKUPS_AT_ONCE = 8;

/** The templates of `templates` the registry does not store as they are, in order. */
export async function templatesToRegister(
  client: RegistryClient,
  orgId: string,
  apiId: string,
  templates: readonly SnippetTemplate[],
): Promise<SnippetTemplate[]> {
  const stored: boolean[] = [];
  for (let start = 0; start < templates.length; start += LOOKUPS_AT_ONCE) {
    const batch = templates.slice(start, start + LOOKUPS_AT_ONCE);
    stored.push(...(await Promise.all(batch.map((template) => isStored(client, orgId, apiId, template)))));
  }
  return templates.filter((_, index) => !stored[index]);
}

const REGISTER_CHUNK = 5000;

/** Registers `templates` for the API `apiId` (its registered version `apiDefinitionId`). */
export async function registerTemplates(
  client: RegistryClient,
  input: { orgId: string; apiId: string; apiDefinitionId?: string; templates: readonly SnippetTemplate[] },
): Promise<void> {
  const { orgId, apiId, apiDefinitionId, templates } = input;
  for (let start = 0; start < templates.length; start += REGISTER_CHUNK) {
    await client.registerSnippetTemplateBatch({
      body: {
        orgId,
        apiId,
        ...(apiDefinitionId ? { apiDefinitionId } : {}),
        snippets: templates.slice(start, start + REGISTER_CHUNK),
      },
    });
  }
}

/** The result entry of `template` of the API `api`. */
export function publishedTemplate(
  api: string,
  template: SnippetTemplate,
  status: TemplateStatus,
): PublishedTemplate {
  return {
    api,
    language: template.sdk.language,
    package: template.sdk.package,
    version: template.sdk.version,
    method: template.endpointId.method,
    path: template.endpointId.path,
    status,
  };
}
