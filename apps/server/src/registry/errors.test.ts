/**
 * The error catalogue: all 27 named errors of SPEC §8 exist once, are documented (catalogue,
 * client README, the registry's OpenAPI document), map to their fixed HTTP status on the server
 * and decode back to the same typed error in the client.
 */
import { readFile } from 'node:fs/promises';
import {
  DOCS_FILE_ERRORS,
  errorFromResponse,
  REGISTRY_ERRORS,
  type RegistryErrorName,
  RegistryNamedError,
  routes,
  STORED_CONTENT_ERRORS,
  TENANCY_ERRORS,
} from '@sextant/registry-client';
import { describe, expect, it } from 'vitest';
import { RegistryError, statusOf } from './errors.js';
import { buildOpenApiDocument } from './openapi.js';

const SPEC_ERRORS = [
  'UnauthorizedError',
  'UserNotInOrgError',
  'ApiDoesNotExistError',
  'DomainNotRegisteredError',
  'DocsRegistrationIdNotFound',
  'UnavailableError',
  'InvalidDomainError',
  'InvalidCustomDomainError',
  'DomainBelongsToAnotherOrgError',
  'InvalidURLError',
  'DocsNotFoundError',
  'DocsDefinitionNotFoundError',
  'NoValidClisFoundError',
  'CliVersionNotFoundError',
  'NoValidGeneratorsFoundError',
  'InvalidVersionError',
  'GeneratorVersionNotFoundError',
  'FailedToComputeExistingVersion',
  'FailedToIncrementVersion',
  'OrgIdNotFound',
  'SDKNotFound',
  'ApiIdRequiredError',
  'OrgIdRequiredError',
  'OrgIdAndApiIdNotFound',
  'EndpointNotFound',
  'InvalidPageError',
  'SnippetNotFound',
];

describe('registry error catalogue', () => {
  it('has exactly the 27 named errors of SPEC §8, each once', () => {
    expect(SPEC_ERRORS).toHaveLength(27);
    expect(new Set(SPEC_ERRORS).size).toBe(27);
    expect(Object.keys(REGISTRY_ERRORS).sort()).toEqual([...SPEC_ERRORS].sort());
  });

  it('documents every error in the catalogue, the client README and the OpenAPI document', async () => {
    const readme = await readFile(
      new URL('../../../../packages/registry-client/README.md', import.meta.url),
      'utf8',
    );
    const openapi = JSON.stringify(buildOpenApiDocument());
    for (const name of SPEC_ERRORS as RegistryErrorName[]) {
      expect(REGISTRY_ERRORS[name].description.length, name).toBeGreaterThan(10);
      expect(readme, `README documents ${name}`).toMatch(
        new RegExp(`\\|\\s*${name}\\s*\\|\\s*${REGISTRY_ERRORS[name].status}\\s*\\|`),
      );
      expect(openapi, `openapi names ${name}`).toContain(name);
    }
  });

  it('maps each error to its fixed status: 4xx for client mistakes, 503 only for UnavailableError', () => {
    for (const name of SPEC_ERRORS as RegistryErrorName[]) {
      const error = new RegistryError(name, `about ${name}`);
      expect(error.status).toBe(REGISTRY_ERRORS[name].status);
      expect(statusOf(name)).toBe(error.status);
      expect(error.toBody()).toEqual({ error: name, content: { message: `about ${name}` } });
      if (name === 'UnavailableError') expect(error.status).toBe(503);
      else expect(error.status >= 400 && error.status < 500, name).toBe(true);
    }
  });

  it('decodes every error back into the typed client error', () => {
    for (const name of SPEC_ERRORS as RegistryErrorName[]) {
      const status = REGISTRY_ERRORS[name].status;
      const decoded = errorFromResponse(status, JSON.stringify({ error: name, content: { message: 'why' } }));
      expect(decoded).toBeInstanceOf(RegistryNamedError);
      expect((decoded as RegistryNamedError).errorName).toBe(name);
      expect(decoded.status).toBe(status);
      expect(decoded.message).toBe(`${name}: why`);
    }
  });

  it('lists only catalogue errors and docs file upload errors on routes', () => {
    for (const spec of Object.values(routes)) {
      for (const name of spec.errors)
        expect([
          ...SPEC_ERRORS,
          ...Object.keys(DOCS_FILE_ERRORS),
          ...Object.keys(STORED_CONTENT_ERRORS),
          ...Object.keys(TENANCY_ERRORS),
        ]).toContain(name);
    }
  });

  it('decodes the docs file upload errors into typed client errors with their 4xx status', () => {
    for (const [name, { status }] of Object.entries({
      ...DOCS_FILE_ERRORS,
      ...STORED_CONTENT_ERRORS,
      ...TENANCY_ERRORS,
    })) {
      expect(status >= 400 && status < 500, name).toBe(true);
      expect(statusOf(name as keyof typeof DOCS_FILE_ERRORS)).toBe(status);
      const decoded = errorFromResponse(status, JSON.stringify({ error: name, content: 'why' }));
      expect(decoded).toBeInstanceOf(RegistryNamedError);
      expect((decoded as RegistryNamedError).errorName).toBe(name);
    }
  });

  it('names every error beside the catalogue once, documents it in the client README and the OpenAPI document', async () => {
    const readme = await readFile(
      new URL('../../../../packages/registry-client/README.md', import.meta.url),
      'utf8',
    );
    const openapi = JSON.stringify(buildOpenApiDocument());
    const groups = [DOCS_FILE_ERRORS, STORED_CONTENT_ERRORS, TENANCY_ERRORS];
    const names = [...SPEC_ERRORS, ...groups.flatMap((group) => Object.keys(group))];
    expect(new Set(names).size).toBe(names.length);
    for (const [name, { status, description }] of groups.flatMap((group) => Object.entries(group))) {
      expect(description.length, name).toBeGreaterThan(10);
      expect(readme, `README documents ${name}`).toMatch(
        new RegExp(`\\|\\s*${name}\\s*\\|\\s*${status}\\s*\\|`),
      );
      expect(openapi, `openapi names ${name}`).toContain(name);
    }
  });
});
