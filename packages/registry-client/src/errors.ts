/**
 * The error catalogue of @sextant/registry-client: the client's own failures, and every named
 * error the registry answers with (the wire names of contract/errors.ts), which the client decodes
 * into a RegistryNamedError whose code is that name.
 */
import type { ErrorCatalogue, ErrorCatalogueEntry } from '@sextant/definition/errors';
import {
  RegistryAbortError,
  RegistryClientError,
  RegistryNamedError,
  RegistryTimeoutError,
} from './client-errors.js';
import {
  DOCS_FILE_ERRORS,
  type ErrorDescription,
  type NamedErrorName,
  REGISTRY_ERRORS,
  STORED_CONTENT_ERRORS,
} from './contract/errors.js';
import { TENANCY_ERRORS } from './contract/tenancy-errors.js';

const NAMED_ERRORS: Record<NamedErrorName, ErrorDescription> = {
  ...REGISTRY_ERRORS,
  ...DOCS_FILE_ERRORS,
  ...STORED_CONTENT_ERRORS,
  ...TENANCY_ERRORS,
};

function namedEntry([name, { status, description }]: [string, ErrorDescription]): ErrorCatalogueEntry {
  const errorName = name as NamedErrorName;
  return {
    code: errorName,
    description: `${description} (HTTP ${status})`,
    example: () =>
      new RegistryNamedError(errorName, 'example', status, { error: errorName, content: 'example' }),
  };
}

export const registryClientErrors: ErrorCatalogue = {
  packageName: '@sextant/registry-client',
  entries: [
    {
      code: 'RegistryClientError',
      description: 'A registry call failed outside the catalogue: an HTTP status, a body that is not JSON.',
      example: () => new RegistryClientError('status', 'HTTP 502', 502),
    },
    {
      code: 'RegistryTimeoutError',
      description: "The client's own timeout fired before the registry answered.",
      example: () => new RegistryTimeoutError(),
    },
    {
      code: 'RegistryAbortError',
      description: 'The caller aborted the request through its signal.',
      example: () => new RegistryAbortError(),
    },
    ...Object.entries(NAMED_ERRORS).map(namedEntry),
  ],
};
