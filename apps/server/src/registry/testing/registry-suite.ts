/**
 * The integration suite: the typed client against a real server over HTTP, every call of the
 * route table, run once on PGlite and once on PostgreSQL (the `*.test.ts` files beside the
 * plugin pick the database). Steps share state in order, like a real publish would; the cases,
 * by topic, are in `registry-cases/` and run in the order below.
 */
import { routes } from '@sextant/registry-client';
import { expect, it } from 'vitest';
import { definitionCases } from './registry-cases/definition-cases.js';
import { docsCases } from './registry-cases/docs-cases.js';
import { docsFileCases } from './registry-cases/docs-file-cases.js';
import { githubCases } from './registry-cases/github-cases.js';
import { organizationCases } from './registry-cases/organization-cases.js';
import { releaseCases } from './registry-cases/release-cases.js';
import { snippetCases } from './registry-cases/snippet-cases.js';
import { RegistrySuiteContext } from './registry-cases/suite-context.js';
import { tokenCases } from './registry-cases/token-cases.js';
import type { createFakeDns, TestServer } from './servers.js';

export { expectNamed } from './expect-named.js';

/**
 * Defines the suite; `server()` returns the started server (set up in beforeAll), in local mode,
 * whose DNS resolver for domain claims is `dns`.
 */
export function registrySuite(server: () => TestServer, dns: ReturnType<typeof createFakeDns>): void {
  const s = new RegistrySuiteContext(server, dns);
  tokenCases(s);
  definitionCases(s);
  docsCases(s);
  releaseCases(s);
  githubCases(s);
  snippetCases(s);
  docsFileCases(s);
  organizationCases(s);

  it('publishes its OpenAPI 3.1 document and every call was exercised', async () => {
    const { server, calls } = s;
    const response = await fetch(`${server().baseUrl}/openapi.json`);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    for (const spec of Object.values(routes)) {
      expect(
        document.paths[spec.path]?.[spec.method.toLowerCase()],
        `${spec.method} ${spec.path}`,
      ).toBeDefined();
    }
    expect([...calls].filter((name) => name in routes).sort()).toEqual(Object.keys(routes).sort());
  });
}
