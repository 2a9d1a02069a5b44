/**
 * The snippet facade of a docs page or `sextant snippet`: given an endpoint reference, a language
 * and optional values, it renders an HTTP snippet (curl, fetch, requests) or fills the endpoint's
 * SDK template, and reports every failure as one of the SPEC §8 "Snippet errors".
 */
import type { ApiDefinition, Endpoint, EndpointExample } from '@sextant/definition';
import type { AuthState } from '../auth/auth-state.js';
import { authWithPlaceholders } from '../auth/placeholder-auth.js';
import { buildRequest } from '../build/build-request.js';
import {
  EndpointNotFoundError,
  NoDefaultExampleError,
  NoLanguageConfigurationError,
  NoSdkSnippetError,
  RequestError,
  SnippetError,
  SnippetGenerationError,
  SnippetGeneratorsError,
  UnsupportedLanguageError,
} from '../errors.js';
import type { EndpointFormState } from '../form-state/form-state.js';
import { initialBody } from '../form-state/initial-state.js';
import { isRecord } from '../form-state/shapes.js';
import { findSnippetTarget, renderSnippet } from '../snippets/targets.js';
import { endpointPathTemplate, findEndpoint } from './endpoint-reference.js';
import { resolveSnippetTemplate, type SnippetPayload } from './resolve-template.js';
import { type EndpointSnippetTemplate, type SdkLanguage, snippetTemplatesSchema } from './template-schema.js';

/** SPEC §9 "Supported SDK snippet languages", plus Java, which SPEC §2 offers in the switcher. */
export const SUPPORTED_SNIPPET_LANGUAGES = [
  'curl',
  'python',
  'javascript',
  'js',
  'node',
  'typescript',
  'ts',
  'go',
  'ruby',
  'csharp',
  'php',
  'swift',
  'rust',
  'java',
] as const;

const SDK_ALIASES: Record<string, SdkLanguage> = {
  typescript: 'typescript',
  ts: 'typescript',
  javascript: 'typescript',
  js: 'typescript',
  node: 'typescript',
  python: 'python',
  java: 'java',
  ruby: 'ruby',
  csharp: 'csharp',
  go: 'go',
  php: 'php',
  swift: 'swift',
};

/** The values of one call, in the shape of an endpoint example (what `--values FILE` holds). */
export type SnippetValues = Partial<
  Pick<EndpointExample, 'pathParameters' | 'queryParameters' | 'headers' | 'cookies' | 'requestBody'>
>;

export interface GenerateSnippetInput {
  /** `METHOD /path`, e.g. `POST /pets`. */
  endpoint?: string;
  /** The endpoint's id instead of a reference (OpenRPC methods have no path to name them by). */
  endpointId?: string;
  /** A SPEC §9 language key. */
  language: string;
  /** The call's values; the endpoint's first example when absent. */
  values?: SnippetValues;
  auth?: AuthState;
  environment?: { baseUrl: string };
  /** For typescript/python: use the SDK template instead of fetch/requests. */
  sdk?: boolean;
  redactAuth?: boolean;
}

export interface SnippetGenerators {
  /** SDK languages with templates. */
  readonly sdkLanguages: ReadonlySet<SdkLanguage>;
  generate(input: GenerateSnippetInput): string;
}

/**
 * Validates the templates once and returns the generator (throws `SnippetGeneratorsError`,
 * "Failed to create snippet generators", when they are malformed).
 * @example
 * const snippets = createSnippetGenerators(definition, templatesJson);
 * snippets.generate({ endpoint: 'POST /pets', language: 'go' });
 */
export function createSnippetGenerators(
  definition: ApiDefinition,
  templates: unknown = [],
): SnippetGenerators {
  const parsed = snippetTemplatesSchema.safeParse(templates);
  if (!parsed.success) throw new SnippetGeneratorsError(parsed.error);
  const all = parsed.data;
  const sdkLanguages = new Set(all.map((t) => t.sdk.language));
  const endpoints = Object.values(definition.endpoints);

  function endpointById(id: string): Endpoint {
    const found = definition.endpoints[id];
    if (!found) throw new EndpointNotFoundError(id);
    return found;
  }

  function generate(input: GenerateSnippetInput): string {
    const language = input.language.toLowerCase();
    if (!(SUPPORTED_SNIPPET_LANGUAGES as readonly string[]).includes(language))
      throw new UnsupportedLanguageError(input.language);
    const endpoint =
      input.endpointId !== undefined
        ? endpointById(input.endpointId)
        : findEndpoint(endpoints, input.endpoint ?? '');
    const useHttp =
      findSnippetTarget(language) !== undefined &&
      !(input.sdk && sdkLanguages.has(SDK_ALIASES[language] ?? 'typescript'));
    return guard(input.language, () => {
      const state = formStateFromValues(endpoint, input.values);
      if (useHttp) {
        // Every credential the endpoint needs shows: the reader's, or a placeholder where it goes.
        const auth = authWithPlaceholders(endpoint, input.auth, definition.auths);
        const request = buildRequest(endpoint, state, auth, input.environment, {
          auths: definition.auths,
          globalHeaders: definition.globalHeaders,
          types: definition.types,
        });
        return renderSnippet(language, request, { redactAuth: input.redactAuth ?? false });
      }
      const sdkLanguage = SDK_ALIASES[language];
      if (!sdkLanguage || !sdkLanguages.has(sdkLanguage))
        throw new NoLanguageConfigurationError(input.language);
      const template = findTemplate(all, sdkLanguage, endpoint);
      if (!template) throw new NoSdkSnippetError(input.language);
      return resolveSnippetTemplate(template, snippetPayload(state, input.auth));
    });
  }
  return { sdkLanguages, generate };
}

/** Runs a generation step and turns its failures into the SPEC's snippet errors. */
function guard(language: string, run: () => string): string {
  try {
    return run();
  } catch (error) {
    if (error instanceof RequestError) throw error;
    if (error instanceof Error) throw new SnippetGenerationError(language, error.message, error);
    throw new SnippetError(error);
  }
}

function findTemplate(templates: EndpointSnippetTemplate[], language: SdkLanguage, endpoint: Endpoint) {
  const shape = (path: string) => `/${path.replace(/^\/+|\/+$/g, '')}`.replace(/\{[^}]*\}/g, '{}');
  const target = shape(endpointPathTemplate(endpoint));
  return templates.find(
    (t) =>
      t.sdk.language === language &&
      t.endpointId.method === endpoint.method &&
      shape(t.endpointId.path) === target,
  );
}

/**
 * A form state from explicit values, or from the endpoint's first example; throws
 * `NoDefaultExampleError` when there are neither.
 */
export function formStateFromValues(
  endpoint: Endpoint,
  values: SnippetValues | undefined,
): EndpointFormState {
  const source = values ?? endpoint.examples[0];
  if (!source) throw new NoDefaultExampleError(endpoint.id);
  const example: EndpointExample = {
    pathParameters: source.pathParameters ?? {},
    queryParameters: source.queryParameters ?? {},
    headers: source.headers ?? {},
    ...('requestBody' in source ? { requestBody: source.requestBody } : {}),
    responseStatusCode: 200,
    synthesized: false,
  };
  return {
    type: 'endpoint',
    pathParameters: { ...example.pathParameters },
    queryParameters: { ...example.queryParameters },
    headers: { ...example.headers },
    ...(isRecord(source.cookies) ? { cookies: { ...source.cookies } } : {}),
    body: initialBody(endpoint.requests[0]?.body, example, {}),
  };
}

/** What SDK templates read: the form's values, and the credentials under AUTH. */
export function snippetPayload(state: EndpointFormState, auth?: AuthState): SnippetPayload {
  const body = state.body;
  const requestBody =
    body?.type === 'json'
      ? body.value
      : body?.type === 'form-data'
        ? Object.fromEntries(
            Object.entries(body.value).map(([k, f]) => [
              k,
              f.type === 'file'
                ? f.value?.name
                : f.type === 'files'
                  ? f.value.map((file) => file.name)
                  : f.value,
            ]),
          )
        : body?.type === 'octet-stream'
          ? body.value?.name
          : undefined;
  const authValues: Record<string, unknown> = {
    ...(auth?.bearer ? { token: auth.bearer.token } : {}),
    ...(auth?.basic ? { username: auth.basic.username, password: auth.basic.password } : {}),
    ...(auth?.header?.headers ?? {}),
    ...(auth?.queryParameter?.values ?? {}),
  };
  return {
    pathParameters: state.pathParameters,
    queryParameters: state.queryParameters,
    headers: state.headers,
    ...(requestBody !== undefined ? { requestBody } : {}),
    auth: authValues,
  };
}

/** SPEC §2: no request preview for HEAD endpoints when SDK snippets are in use. */
export function hasRequestPreview(endpoint: Pick<Endpoint, 'method'>, usesSdkSnippets: boolean): boolean {
  return !(usesSdkSnippets && endpoint.method === 'HEAD');
}
