/**
 * The registry's error catalogue (SPEC §8): every named error, its fixed HTTP status and what it
 * means. The server throws these by name and the client decodes them back into typed errors, so
 * this table is the one place both sides agree on. Every error travels as
 * `{ "error": "Name", "content": … }`.
 */
import { TENANCY_ERRORS, type TenancyErrorName } from './tenancy-errors.js';

/** One entry of the catalogue. */
export interface ErrorDescription {
  status: number;
  description: string;
}

/** The 27 named registry errors of SPEC §8, with their HTTP status. */
export const REGISTRY_ERRORS = {
  UnauthorizedError: { status: 401, description: 'No bearer token, or an unknown or revoked one.' },
  UserNotInOrgError: {
    status: 403,
    description: "The token's user is not a member of the organization that owns the resource.",
  },
  ApiDoesNotExistError: { status: 404, description: 'No API definition has this id.' },
  DomainNotRegisteredError: {
    status: 404,
    description: 'No docs site is registered for this domain or URL.',
  },
  DocsRegistrationIdNotFound: {
    status: 404,
    description: 'No docs registration has this id (call init first).',
  },
  UnavailableError: {
    status: 503,
    description: 'The registry or its database is away for now; retry after Retry-After.',
  },
  InvalidDomainError: { status: 400, description: 'The domain is not a valid host name.' },
  InvalidCustomDomainError: { status: 400, description: 'A custom domain is not a valid host name.' },
  DomainBelongsToAnotherOrgError: {
    status: 409,
    description: 'The domain or URL is already registered by another organization.',
  },
  InvalidURLError: { status: 400, description: 'The URL cannot be parsed.' },
  DocsNotFoundError: { status: 404, description: 'No docs are registered at this URL.' },
  DocsDefinitionNotFoundError: { status: 404, description: 'No docs definition has this id.' },
  NoValidClisFoundError: { status: 404, description: 'No CLI release matches the request.' },
  CliVersionNotFoundError: { status: 404, description: 'No CLI release has this version.' },
  NoValidGeneratorsFoundError: { status: 404, description: 'No generator release matches the request.' },
  InvalidVersionError: { status: 400, description: 'The version is not a valid semantic version.' },
  GeneratorVersionNotFoundError: {
    status: 404,
    description: 'The generator has no release with this version.',
  },
  FailedToComputeExistingVersion: {
    status: 422,
    description: 'The last released SDK version cannot be read as a semantic version.',
  },
  FailedToIncrementVersion: { status: 422, description: 'The next SDK version cannot be computed.' },
  OrgIdNotFound: { status: 404, description: 'No organization has this id.' },
  SDKNotFound: { status: 404, description: 'No SDK release is recorded for this package and language.' },
  ApiIdRequiredError: { status: 400, description: 'apiId is required: the organization has several APIs.' },
  OrgIdRequiredError: { status: 400, description: 'orgId is required: pass it or use a token.' },
  OrgIdAndApiIdNotFound: { status: 404, description: 'The organization has no API with this id.' },
  EndpointNotFound: { status: 404, description: 'No snippet is registered for this endpoint.' },
  InvalidPageError: { status: 400, description: 'The page number must be an integer of 1 or more.' },
  SnippetNotFound: { status: 404, description: 'No snippet template matches.' },
} as const satisfies Record<string, ErrorDescription>;

/** Name of one of the 27 catalogue errors. */
export type RegistryErrorName = keyof typeof REGISTRY_ERRORS;

/**
 * Protocol errors outside the catalogue (bad request shape, unknown route, body too large).
 * They use the same body shape; the client reports them as unknown named errors (SPEC §8:
 * unlisted errors are treated as unknown).
 */
export const PROTOCOL_ERRORS = {
  BadRequestError: {
    status: 400,
    description: 'The request does not match the schema; content names the field.',
  },
  PayloadTooLargeError: { status: 413, description: 'The request body is larger than the route accepts.' },
  UnsupportedMediaTypeError: { status: 415, description: 'The request body is not JSON.' },
  RouteNotFoundError: { status: 404, description: 'No route has this method and path.' },
  CsrfCheckFailedError: {
    status: 403,
    description: "A dashboard session call came without the session's CSRF header or from another origin.",
  },
  InternalError: { status: 500, description: 'An unexpected server failure.' },
} as const satisfies Record<string, ErrorDescription>;

/** Name of a protocol error. */
export type ProtocolErrorName = keyof typeof PROTOCOL_ERRORS;

/**
 * Named errors of docs file uploads. SPEC §8 shows no upload calls, so these stand beside its
 * catalogue rather than in it; the client decodes them into typed errors all the same.
 */
export const DOCS_FILE_ERRORS = {
  DocsFileTooLargeError: {
    status: 413,
    description: 'A docs file is larger than the registry accepts for one file (or one publish).',
  },
  DocsFileHashMismatchError: {
    status: 422,
    description: 'The uploaded bytes do not have the sha256 declared at init for this file.',
  },
  DocsFileSizeMismatchError: {
    status: 422,
    description: 'The uploaded bytes do not have the size declared at init for this file.',
  },
  DocsFileUploadNotFoundError: {
    status: 404,
    description: 'No pending upload has this id, or it expired (call init again).',
  },
  DocsFilesNotUploadedError: {
    status: 409,
    description: 'register was called before every file declared at init was uploaded.',
  },
  DocsFileNotLinkedError: {
    status: 404,
    description: 'The docs served at this URL link no file with this sha256.',
  },
} as const satisfies Record<string, ErrorDescription>;

/** Name of a docs file upload error. */
export type DocsFileErrorName = keyof typeof DOCS_FILE_ERRORS;

/**
 * Named errors of content the registry refuses to store: what the CLI would reject (unsafe URLs in
 * a docs definition, an API definition that is not the IR) and file types outside the allowlist.
 * The registry checks with the same rules as the CLI, so a CLI publish meets them only for what
 * the CLI cannot know: on a hosted server, a login secret variable of another organization.
 */
export const STORED_CONTENT_ERRORS = {
  InvalidDocsDefinitionError: {
    status: 400,
    description:
      'The docs definition breaks a rule of the docs model (e.g. a javascript: URL); content names the field.',
  },
  InvalidApiDefinitionError: {
    status: 400,
    description:
      'The API definition is not the IR of this registry (version, shape or a dangling type reference).',
  },
  DocsFileTypeNotAllowedError: {
    status: 400,
    description: 'A docs file has an extension or declared content type outside the allowlist.',
  },
} as const satisfies Record<string, ErrorDescription>;

/** Name of a stored-content error. */
export type StoredContentErrorName = keyof typeof STORED_CONTENT_ERRORS;

/** Every named error a route can answer with on purpose: the catalogue, upload, stored-content and tenancy errors. */
export type NamedErrorName =
  | RegistryErrorName
  | DocsFileErrorName
  | StoredContentErrorName
  | TenancyErrorName;

const EXTRA_ERRORS: Record<DocsFileErrorName | StoredContentErrorName | TenancyErrorName, ErrorDescription> =
  {
    ...DOCS_FILE_ERRORS,
    ...STORED_CONTENT_ERRORS,
    ...TENANCY_ERRORS,
  };

/** True when `name` is a catalogue error, a docs file upload error or a stored-content error. */
export function isNamedErrorName(name: unknown): name is NamedErrorName {
  return isRegistryErrorName(name) || (typeof name === 'string' && Object.hasOwn(EXTRA_ERRORS, name));
}

/** HTTP status of a named error. */
export function namedErrorStatus(name: NamedErrorName): number {
  return isRegistryErrorName(name) ? REGISTRY_ERRORS[name].status : EXTRA_ERRORS[name].status;
}

/** True when `name` is one of the 27 catalogue errors. */
export function isRegistryErrorName(name: unknown): name is RegistryErrorName {
  return typeof name === 'string' && Object.hasOwn(REGISTRY_ERRORS, name);
}
