/**
 * The error catalogue of @sextant/server: every code the server throws or answers with outside
 * the registry's wire catalogue (`@sextant/registry-client`). Every reply of these travels in the
 * one error shape `{ error: code, content: { message, …details } }` (error-replies/). Only tests
 * read it: it imports the parts, which import `errors.ts`.
 */
import type { ErrorCatalogue, ErrorCatalogueEntry } from '@sextant/definition/errors';
import { AiNotConfiguredError, AiNotEnabledError, AiProviderError, AiRateLimitedError } from './ai/errors.js';
import { CodeExchangeError } from './auth-injection/identity-provider.js';
import { LoginCredentialError, type LoginCredentialErrorCode } from './auth-injection/login-credential.js';
import { ConsoleHostOptionError } from './console/console-host.js';
import { DashboardBuildMissingError } from './dashboard/assets.js';
import { SnippetTemplatesNotFoundError } from './docs-host/snippet-templates/plugin.js';
import { ReplyError } from './error-replies/index.js';
import {
  BlobChunksMissingError,
  DataDirBusyError,
  EmptyDocsSiteGroupError,
  EventStreamClosedError,
  InvalidBlobKeyError,
  LocalProjectMissingError,
  NoRegistryDatabaseError,
  NoSuchApiTextError,
  PgliteInitError,
  ReadinessTimeoutError,
  SiteRouteError,
  StreamQueryUnsupportedError,
} from './errors.js';
import { PartDependencyError } from './lifecycle/part-dependency.js';
import { MemoryOptionError } from './memory-budget.js';
import { PROXY_ERRORS, ProxyError, type ProxyErrorCode } from './proxy/errors.js';
import { BlobStoreUnavailableError } from './storage/blob-store.js';
import { DatabaseUnavailableError } from './storage/database-unavailable.js';
import { TrustProxyOptionError } from './trust-proxy/trust-proxy.js';

/** Codes any part answers with (error-replies/), outside the registry's named errors. */
const WIRE_ERRORS: readonly [code: string, status: number, description: string][] = [
  [
    'BadRequestError',
    400,
    'The request does not match what the route accepts (malformed JSON, a missing field); the message names it.',
  ],
  ['RouteNotFoundError', 404, 'No route answers this method and path.'],
  ['MethodNotAllowedError', 405, "A docs site's route exists at this path but not for this method."],
  ['PayloadTooLargeError', 413, 'The request body is larger than the route accepts.'],
  ['UnsupportedMediaTypeError', 415, 'The request body has a content type the route does not read.'],
  [
    'CsrfCheckFailedError',
    403,
    "A dashboard session call came without the session's CSRF header or from another origin.",
  ],
  ['InternalError', 500, 'An unexpected server failure; the detail is in the server log only.'],
  [
    'TooManyRequestsError',
    429,
    'Too many analytics events or page answers from one client; retry after Retry-After.',
  ],
  [
    'TooManyEventStreamsError',
    503,
    'The registry feeds as many invalidation streams as it keeps; retry after Retry-After.',
  ],
  [
    'CrossOriginBeaconError',
    403,
    "An analytics beacon or page answer came from a page that is not the site's own.",
  ],
  ['InvalidSignatureError', 401, 'A Slack or Discord call carries an invalid, stale or replayed signature.'],
  ['QuestionNotFoundError', 404, 'Feedback names a question the site never answered.'],
  [
    'MalformedHostError',
    400,
    "The Host header is not a host name (and port): a docs site's text with absolute URLs (llms.txt, sitemap, a login) cannot be written.",
  ],
  [
    'PageNotFoundError',
    404,
    "A docs site's page data (`/_sextant/page.json`) was asked for a slug the site has no page at.",
  ],
  [
    'LoginNotConfiguredError',
    404,
    'The docs site has no login (docs.yml `login`), so its login routes do not start or finish one.',
  ],
  [
    'LoginReturnAddressError',
    400,
    "A login's return address is not a page of this docs site (another host, a scheme, another site's path).",
  ],
  [
    'InvalidRedirectUriError',
    400,
    "The demo identity provider was asked to return somewhere other than this server's /api/auth/callback.",
  ],
];

const LOGIN_CREDENTIAL_ERRORS: Record<LoginCredentialErrorCode, string> = {
  LoginTokenMalformedError: 'The docs login token is not a JWT, or is longer than a login token may be.',
  LoginTokenSignatureError: 'The docs login token is not signed by a key of the site (JWKS) or its secret.',
  LoginTokenAlgorithmError: "The docs login token's algorithm is not one the site's login accepts.",
  LoginTokenExpiredError: 'The docs login token has expired: log in again.',
  LoginTokenClaimError: 'The docs login token has the wrong issuer or audience, or lacks a claim.',
  LoginTokenNonceError: 'The docs login token was not issued for this login (its nonce does not match).',
  LoginTokenNoApiKeyError: 'The docs login token carries no API key in the configured claim.',
  LoginKeysUnavailableError: "The site's login keys (JWKS) cannot be fetched.",
  LoginSecretMissingError: "The server lacks the environment variable holding the site's login secret.",
  LoginSecretNotOwnedError:
    "On a hosted server, the site's login names another organization's secret variable (each organization reads SEXTANT_LOGIN_<ORG ID> only).",
};

function wireEntry([code, status, description]: readonly [string, number, string]): ErrorCatalogueEntry {
  return {
    code,
    description: `${description} (HTTP ${status})`,
    example: () => new ReplyError(code, status, description),
  };
}

function proxyEntry(code: ProxyErrorCode): ErrorCatalogueEntry {
  const { status, reason } = PROXY_ERRORS[code];
  return { code, description: `Proxy: ${reason} (HTTP ${status})`, example: () => new ProxyError(code) };
}

export const serverErrors: ErrorCatalogue = {
  packageName: '@sextant/server',
  entries: [
    {
      code: 'LocalProjectMissingError',
      description: 'The docs host runs in local mode but was given no project folder.',
      example: () => new LocalProjectMissingError(),
    },
    {
      code: 'EventStreamClosedError',
      description: "The registry's invalidation stream closed; the docs host reconnects.",
      example: () => new EventStreamClosedError(),
    },
    {
      code: 'SiteRouteError',
      description: 'A docs site route cannot be added (a taken or malformed path).',
      example: () => new SiteRouteError('GET /llms.txt is already registered'),
    },
    {
      code: 'ReadinessTimeoutError',
      description: 'A readiness check did not answer in time; /readyz answers 503.',
      example: () => new ReadinessTimeoutError(2000),
    },
    {
      code: 'NoSuchApiTextError',
      description: 'The site has no API reference at the slug an llms text was asked for.',
      example: () => new NoSuchApiTextError('no API at /api-reference/nothing'),
    },
    {
      code: 'EmptyDocsSiteGroupError',
      description: "A docs site's URL rows grouped without one row (a broken registry invariant).",
      example: () => new EmptyDocsSiteGroupError(),
    },
    {
      code: 'InvalidBlobKeyError',
      description: "A blob key outside the safe characters, or one that would leave the store's folder.",
      example: () => new InvalidBlobKeyError('../etc/passwd'),
    },
    {
      code: 'BlobChunksMissingError',
      description: 'A stored blob misses chunks (the database was edited by hand?).',
      example: () => new BlobChunksMissingError('files/abc', 3),
    },
    {
      code: 'PgliteInitError',
      description: "PGlite's initdb, run in a worker, failed; the data directory is left unmade.",
      example: () => new PgliteInitError(1),
    },
    {
      code: 'DataDirBusyError',
      description: 'Another process is making the same PGlite data directory.',
      example: () => new DataDirBusyError('.sextant/data'),
    },
    {
      code: 'StreamQueryUnsupportedError',
      description: "PGlite has no cursors: Kysely's streamQuery is not offered on it.",
      example: () => new StreamQueryUnsupportedError(),
    },
    {
      code: 'NoRegistryDatabaseError',
      description: "A part asked for the registry's database in a process that runs none (set DATABASE_URL).",
      example: () => new NoRegistryDatabaseError(),
    },
    {
      code: 'MemoryOptionError',
      description: '`--memory` / `SEXTANT_MEMORY` is not a size (512, 512M, 2G).',
      example: () =>
        new MemoryOptionError('"lots" is not a memory size: give MiB (512) or a unit (512M, 2G)'),
    },
    {
      code: 'TrustProxyOptionError',
      description: '`--trust-proxy` names something that is not an address, a range, a hop count or true.',
      example: () => new TrustProxyOptionError('10.0.0.300'),
    },
    {
      code: 'ConsoleHostOptionError',
      description: '`--console-host` is malformed, or a host tenants may be served on.',
      example: () => new ConsoleHostOptionError('--console-host: "https://x" is not a host name'),
    },
    {
      code: 'PartDependencyError',
      description:
        'A server part was mounted without what it needs; the message names the flag that provides it.',
      example: () => new PartDependencyError('docsSiteSource', 'mount the registry or pass --registry-url'),
    },
    {
      code: 'DashboardBuildMissingError',
      description: 'The dashboard is not built: run npm run build.',
      example: () => new DashboardBuildMissingError('apps/dashboard/dist'),
    },
    {
      code: 'BlobStoreUnavailableError',
      description: 'The docs file store cannot be reached or used; the message says what to fix.',
      example: () => new BlobStoreUnavailableError('the S3 bucket "docs" does not answer'),
    },
    {
      code: 'DatabaseUnavailableError',
      description:
        'The database does not answer now (a SQLSTATE or errno as the reason); replies say UnavailableError.',
      example: () => new DatabaseUnavailableError('57P01'),
    },
    {
      code: 'CodeExchangeError',
      description: "The demo identity provider refused a login's authorization code.",
      example: () => new CodeExchangeError('the code has expired'),
    },
    {
      code: 'SnippetTemplatesNotFoundError',
      description:
        'The site, its docs project or the endpoint asked for snippet templates is not there. (HTTP 404)',
      example: () => new SnippetTemplatesNotFoundError('No docs are published at this address'),
    },
    {
      code: 'AiNotConfiguredError',
      description: "Ask AI is enabled but the server has no key for the model's provider. (HTTP 503)",
      example: () => new AiNotConfiguredError(),
    },
    {
      code: 'AiNotEnabledError',
      description:
        "Ask AI (on the site, for Slack or for Discord) is not enabled in the site's docs.yml. (HTTP 404)",
      example: () => new AiNotEnabledError('Ask AI is not enabled on this site'),
    },
    {
      code: 'AiRateLimitedError',
      description: 'A reader asked Ask AI too often; retry after Retry-After. (HTTP 429)',
      example: () => new AiRateLimitedError(30),
    },
    {
      code: 'AiProviderError',
      description: "Ask AI's model provider failed (rate limit, overload, timeout, refused key). (HTTP 502)",
      example: () => new AiProviderError('The model provider did not answer: ask again in a moment.'),
    },
    ...Object.entries(LOGIN_CREDENTIAL_ERRORS).map(([code, description]) => ({
      code,
      description,
      example: () => new LoginCredentialError(code as LoginCredentialErrorCode, description),
    })),
    ...WIRE_ERRORS.map(wireEntry),
    ...(Object.keys(PROXY_ERRORS) as ProxyErrorCode[]).map(proxyEntry),
  ],
};
