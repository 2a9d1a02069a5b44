/**
 * The dashboard in Chromium against a hosted server (registry + dashboard), on PGlite and on
 * PostgreSQL: a wrong token is refused with a clear message; signing in with an org token lists
 * the docs sites; a definition's history compares two published versions (the breaking change
 * first, MAJOR); a token generated in the dashboard works until it is revoked there, and a
 * dashboard session whose token is revoked ends. Hostile: the session cookie is httpOnly and
 * SameSite=Strict and never readable by the page; registry calls on the session without the CSRF
 * header, with a wrong one, or from another origin get 403; sign-in from another origin too.
 * Every page: axe (no serious or critical violation) and no horizontal scroll at 390 px.
 * With SEXTANT_SHOTS=<dir>, screenshots of every page at 1280 and 390 px (one dark) go there.
 */

import { mkdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { importDefinition } from '@sextant/definition';
import { createRegistryClient, type RegistryClient, RegistryNamedError } from '@sextant/registry-client';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsStore } from '../apps/server/src/analytics/analytics-store.js';
import type { ResolvedEvent } from '../apps/server/src/analytics/playground-events.js';
import { createdMember, createPostgresDatabase } from '../apps/server/src/registry/testing/servers.js';
import { seriousAxeViolations } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

const HOST = 'docs.acme.test';
const SHOTS = process.env.SEXTANT_SHOTS;

function petsSpec(version: string, withDelete: boolean, limitRequired: boolean): string {
  const deletePet = withDelete
    ? {
        delete: {
          operationId: 'deletePet',
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '204': { description: 'Deleted' } },
        },
      }
    : {};
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Pets', version },
    servers: [{ url: 'https://api.acme.test' }],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          parameters: [{ name: 'limit', in: 'query', required: limitRequired, schema: { type: 'integer' } }],
          responses: {
            '200': {
              description: 'Pets',
              content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
            },
          },
        },
      },
      '/pets/{petId}': {
        get: {
          operationId: 'getPet',
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'A pet' } },
        },
        ...deletePet,
      },
    },
  });
}

function definitionOf(text: string) {
  return importDefinition({ entry: 'openapi.json', read: () => text }).definition;
}

/** A raw HTTP call over a real socket, with exactly the headers given (cookies, Origin…). */
function raw(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: { error?: string; content?: unknown } }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      `${origin}${path}`,
      {
        method,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function refusal(call: Promise<unknown>): Promise<RegistryNamedError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RegistryNamedError);
  return error as RegistryNamedError;
}

async function signIn(page: Page, origin: string, token: string): Promise<void> {
  await page.goto(`${origin}/_sextant/dashboard`);
  await page.getByLabel('Org token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Docs sites', level: 1 }).waitFor();
}

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

const PAGES = [
  ['sites', 'Docs sites'],
  ['apis', 'API definitions'],
  ['apis/pets', 'pets: version history'],
  ['generators', 'Generators'],
  ['generators/acme-ts', 'acme-ts: releases'],
  ['cli', 'CLI releases'],
  ['github', 'GitHub'],
  ['templates', 'Snippet templates'],
  ['tokens', 'Tokens'],
  ['analytics', 'Analytics'],
  ['ai', 'AI question log'],
] as const;

type Database = { url?: string; drop?: () => Promise<void> } | { skipped: string };

function suite(name: string, database: () => Promise<Database>) {
  describe(`dashboard (${name})`, () => {
    let app: FastifyInstance;
    let browser: Browser;
    let origin: string;
    let admin: { token: string; orgId: string };
    let client: RegistryClient;
    let drop: (() => Promise<void>) | undefined;
    let skipped: string | undefined;

    beforeAll(async () => {
      const opened = await database();
      if ('skipped' in opened) {
        skipped = opened.skipped;
        return;
      }
      const { url } = opened;
      drop = opened.drop;
      app = await buildServer({
        mode: 'hosted',
        ...(url ? { databaseUrl: url } : {}),
        parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
        registry: { allowDomains: [HOST] },
        // The console answers on its own host only: here the loopback address the browser uses.
        consoleHost: '127.0.0.1',
        authInjection: false,
      });
      origin = await app.listen({ port: 0, host: '127.0.0.1' });
      await app.registry.ready();
      const created = await app.registry.createOrganization('acme');
      admin = { token: created.token, orgId: created.orgId };
      client = createRegistryClient({ baseUrl: origin, token: admin.token, maxRetries: 0 });
      const operator = createRegistryClient({
        baseUrl: origin,
        token: (await app.registry.createOperatorToken()).token,
        maxRetries: 0,
      });
      // Two published versions of one API: v2 drops DELETE /pets/{petId} and makes `limit` required.
      const v1 = await client.registerApiDefinition({
        body: {
          orgId: admin.orgId,
          apiId: 'pets',
          definition: definitionOf(petsSpec('1.0.0', true, false)) as never,
        },
      });
      const v2 = await client.registerApiDefinition({
        body: {
          orgId: admin.orgId,
          apiId: 'pets',
          definition: definitionOf(petsSpec('2.0.0', false, true)) as never,
        },
      });
      const { docsRegistrationId } = await client.initDocsRegistrationV2({
        body: { orgId: admin.orgId, domain: HOST },
      });
      await client.finishDocsRegistrationV2({
        params: { id: docsRegistrationId },
        body: {
          docsDefinition: {
            docsVersion: 1,
            config: { title: 'Acme docs' },
            navigation: [{ type: 'page', title: 'Home', slug: '', pageId: 'home' }],
            pages: { home: { id: 'home', title: 'Home', slug: '', layout: 'guide', markdown: '# Acme' } },
            homeSlug: '',
          },
          apiDefinitionIds: { pets: v2.apiDefinitionId },
        },
      });
      void v1;
      // Something on every page: a generator with a release, a CLI release, a repository with a PR.
      await client.upsertGenerator({
        body: {
          id: 'acme-ts',
          displayName: 'Acme TypeScript SDK',
          generatorType: 'sdk',
          generatorLanguage: 'typescript',
          dockerImage: 'acme/ts-sdk',
          orgId: admin.orgId,
        } as never,
      });
      await client.upsertGeneratorRelease({
        body: {
          generatorId: 'acme-ts',
          version: '1.1.0',
          irVersion: 1,
          changelogEntries: [{ type: 'break', summary: 'Pets are paged' }],
        },
      });
      await operator.upsertCliRelease({
        body: {
          version: '0.9.0',
          irVersion: 1,
          changelogEntries: [{ type: 'feat', summary: 'sextant dashboard' }],
        },
      });
      await client.upsertRepository({
        body: { owner: 'acme', name: 'pets-sdk', orgId: admin.orgId, description: 'The Pets SDK' } as never,
      });
      await client.upsertPullRequest({
        body: {
          owner: 'acme',
          repo: 'pets-sdk',
          number: 7,
          title: 'Regenerate for 2.0.0',
          state: 'open',
          author: 'bot',
        },
      });
      // Try-it events as the docs host stores them (the beacon route is the analytics part's own test):
      // 12 answers in the last hours, 8 2xx, 2 4xx, 1 5xx and 1 with no answer.
      const { db } = await app.registry.database();
      const received = (
        statusClass: ResolvedEvent['statusClass'],
        status: number | null,
        latencyMs: number,
      ) => ({
        endpointId: status === 404 ? 'getPet' : 'listPets',
        method: 'GET',
        path: status === 404 ? '/pets/{petId}' : '/pets',
        kind: 'received' as const,
        status,
        statusClass,
        latencyMs,
        sizeBytes: 120,
        errorKind: statusClass === 'failed' ? 'network' : null,
      });
      const events: ResolvedEvent[] = [
        ...Array.from({ length: 8 }, (_, i) => received('2xx', 200, 40 + i * 10)),
        received('4xx', 404, 30),
        received('4xx', 404, 35),
        received('5xx', 500, 900),
        received('failed', null, 5000),
      ];
      // Each answer follows its request's `sent` event (requests are counted from those).
      for (const event of [...events])
        events.push({ ...event, kind: 'sent', status: null, statusClass: null, latencyMs: null });
      const store = createAnalyticsStore(db);
      await store.record(
        { orgId: admin.orgId, docsUrl: HOST },
        events.slice(0, 6),
        new Date(Date.now() - 2 * 3_600_000),
      );
      await store.record({ orgId: admin.orgId, docsUrl: HOST }, events.slice(6), new Date());
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await browser?.close();
      await app?.close();
      await drop?.();
    });

    async function newContext(width = 1280): Promise<BrowserContext> {
      // bypassCSP only so axe can be injected; the CSP header itself is asserted separately.
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      context.setDefaultTimeout(15_000);
      return context;
    }

    it('serves the page with a strict CSP, nosniff and no framing', async () => {
      if (skipped) return;
      const response = await fetch(`${origin}/_sextant/dashboard`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(await response.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    });

    it('refuses a wrong token with a clear message, then signs in and lists the sites', async () => {
      if (skipped) return;
      const context = await newContext();
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${origin}/_sextant/dashboard`);
      await page.getByLabel('Org token').fill('sxt_not-a-real-token');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(async () => page.getByRole('alert').textContent()).toMatch(/token is not valid/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (SHOTS) {
        await mkdir(SHOTS, { recursive: true });
        await page.screenshot({ path: join(SHOTS, `${name}-sign-in-error-1280.png`) });
        await page.setViewportSize({ width: 390, height: 844 });
        expect(await noHorizontalScroll(page)).toBe(true);
        await page.screenshot({ path: join(SHOTS, `${name}-sign-in-error-390.png`) });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      await page.getByLabel('Org token').fill(admin.token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('link', { name: HOST }).waitFor();
      // The token is nowhere in the page's reach: not in the URL, storage or readable cookies.
      expect(page.url()).not.toContain(admin.token);
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
        'sxt_',
      );
      expect(await page.evaluate(() => document.cookie)).toBe('');
      const [cookie] = (await context.cookies()).filter((c) => c.name.includes('sx_dashboard'));
      expect(cookie).toMatchObject({ name: 'sx_dashboard', httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(cookie?.value).not.toContain(admin.token);
      expect(violations).toEqual([]);
      await context.close();
    });

    it("opens a definition's history: two versions' diff shows the breaking change first and MAJOR", async () => {
      if (skipped) return;
      const context = await newContext();
      const page = await context.newPage();
      await signIn(page, origin, admin.token);
      await page.getByRole('link', { name: 'API definitions' }).click();
      // APIs by their title and newest spec version (info.version), not by ids (issue #26).
      await page.getByRole('link', { name: 'Pets', exact: true }).waitFor();
      expect(await page.getByTestId('latest-version').first().textContent()).toBe('2.0.0');
      await page.getByRole('link', { name: 'Pets', exact: true }).click();
      await page.getByRole('heading', { name: 'Pets: version history' }).waitFor();
      expect(await page.getByTestId('spec-version').allTextContents()).toEqual(['2.0.0', '1.0.0']);
      expect(await page.locator('main').textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      await page.getByRole('button', { name: 'Compare versions' }).click();
      await expect.poll(async () => page.getByTestId('bump').textContent()).toBe('MAJOR');
      const breaking = page.getByRole('list', { name: 'Breaking changes' });
      const text = (await breaking.textContent()) ?? '';
      expect(text).toMatch(/DELETE \/pets\/\{petId\}/);
      expect(text).toMatch(/limit/);
      // Breaking changes come before any other change.
      const headings = await page.locator('#diff-heading ~ h3, section h3').allTextContents();
      expect(headings[0]).toBe('Breaking changes');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    });

    it('charts the analytics under the real CSP: totals as text, three charts, no violation', async () => {
      if (skipped) return;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      await signIn(page, origin, admin.token);
      await page.getByRole('link', { name: 'Analytics' }).click();
      await expect
        .poll(async () => page.getByRole('status', { name: 'Try-it requests' }).textContent())
        .toBe('12');
      expect(await page.getByTestId('analytics-2xx').textContent()).toBe('8');
      expect(await page.getByTestId('analytics-4xx').textContent()).toBe('2');
      expect(await page.getByTestId('analytics-5xx').textContent()).toBe('1');
      expect(await page.getByTestId('analytics-failed').textContent()).toBe('1');
      await expect.poll(async () => page.locator('svg.recharts-surface').count()).toBeGreaterThanOrEqual(3);
      const failing = page.getByRole('table');
      expect(await failing.textContent()).toMatch(/GET \/pets\/\{petId\}/);
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([]);
      if (SHOTS) {
        await mkdir(SHOTS, { recursive: true });
        await page.screenshot({ path: join(SHOTS, `${name}-analytics-data-1280.png`), fullPage: true });
      }
      await context.close();
    });

    it('generates a token (shown once), which works until it is revoked in the dashboard', async () => {
      if (skipped) return;
      const context = await newContext();
      const page = await context.newPage();
      await signIn(page, origin, admin.token);
      await page.getByRole('link', { name: 'Tokens' }).click();
      await page.getByLabel('Description (optional)').fill('ci publish');
      await page.getByRole('button', { name: 'Generate token' }).click();
      const secret = await page.getByLabel('New token').inputValue();
      expect(secret).toMatch(/^sxt_/);
      const generated = createRegistryClient({ baseUrl: origin, token: secret, maxRetries: 0 });
      expect((await generated.getDocsSitesForOrg({ body: { orgId: admin.orgId } })).docsSites).toHaveLength(
        1,
      );
      await page.getByRole('button', { name: 'Done' }).click();
      expect(await page.getByLabel('New token').count()).toBe(0);
      const row = page.locator('tr', { hasText: 'ci publish' });
      await row.getByRole('button', { name: /Revoke/ }).click();
      await row.getByRole('button', { name: 'Confirm revoke' }).click();
      await row.getByText('Revoked').waitFor();
      const error = await refusal(generated.getDocsSitesForOrg({ body: { orgId: admin.orgId } }));
      expect(error.errorName).toBe('UnauthorizedError');
      await context.close();
    });

    it('ends the dashboard session of a revoked token', async () => {
      if (skipped) return;
      const member = createdMember(await app.registry.addMember('dana', admin.orgId));
      const context = await newContext();
      const page = await context.newPage();
      await signIn(page, origin, member.token);
      const cookies = await context.cookies();
      const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const csrf = await page.evaluate(async () => {
        const response = await fetch('/_sextant/dashboard/api/session');
        return ((await response.json()) as { csrfToken: string }).csrfToken;
      });
      const headers = { cookie: cookieHeader, 'x-sextant-csrf': csrf, origin };
      expect(
        (await raw(origin, 'POST', '/dashboard/get-docs-sites-for-org', headers, { orgId: admin.orgId }))
          .status,
      ).toBe(200);
      await client.revokeToken({ body: { tokenId: member.tokenId } });
      const after = await raw(origin, 'POST', '/dashboard/get-docs-sites-for-org', headers, {
        orgId: admin.orgId,
      });
      expect(after.status).toBe(401);
      expect(after.json.error).toBe('UnauthorizedError');
      // The page finds out on its next call and goes back to sign-in.
      await page.getByRole('link', { name: 'Tokens' }).click();
      await page.getByRole('heading', { name: 'Sign in to the Sextant dashboard' }).waitFor();
      expect(await page.getByRole('status').first().textContent()).toMatch(/session ended/);
      await context.close();
    });

    it('refuses session calls without the CSRF header, with a wrong one, or from another origin (403)', async () => {
      if (skipped) return;
      const context = await newContext();
      const page = await context.newPage();
      await signIn(page, origin, admin.token);
      const cookieHeader = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const csrf = await page.evaluate(async () => {
        const response = await fetch('/_sextant/dashboard/api/session');
        return ((await response.json()) as { csrfToken: string }).csrfToken;
      });
      const body = { orgId: admin.orgId, description: 'csrf' };
      const cases: [string, Record<string, string>][] = [
        ['no CSRF header', { cookie: cookieHeader, origin }],
        ['a wrong CSRF header', { cookie: cookieHeader, origin, 'x-sextant-csrf': 'forged' }],
        ['another origin', { cookie: cookieHeader, origin: 'http://evil.test', 'x-sextant-csrf': csrf }],
        [
          'a cross-site fetch',
          { cookie: cookieHeader, 'sec-fetch-site': 'cross-site', 'x-sextant-csrf': csrf },
        ],
        ['neither Origin nor Sec-Fetch-Site', { cookie: cookieHeader, 'x-sextant-csrf': csrf }],
      ];
      for (const [label, headers] of cases) {
        const answer = await raw(origin, 'POST', '/tokens/generate', headers, body);
        expect({ label, status: answer.status, error: answer.json.error }).toEqual({
          label,
          status: 403,
          error: 'CsrfCheckFailedError',
        });
      }
      const ok = await raw(
        origin,
        'POST',
        '/tokens/generate',
        { cookie: cookieHeader, origin, 'x-sextant-csrf': csrf },
        body,
      );
      expect(ok.status).toBe(200);
      // Dashboard reads need it too; sign-in from another origin is refused.
      expect(
        (
          await raw(origin, 'GET', `/_sextant/dashboard/api/tokens?orgId=${admin.orgId}`, {
            cookie: cookieHeader,
          })
        ).status,
      ).toBe(403);
      const foreign = await raw(
        origin,
        'POST',
        '/_sextant/dashboard/api/session',
        { origin: 'http://evil.test' },
        { token: admin.token },
      );
      expect(foreign.status).toBe(403);
      // Sign-out ends the session: its cookie no longer works.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to the Sextant dashboard' }).waitFor();
      const gone = await raw(
        origin,
        'POST',
        '/tokens/generate',
        { cookie: cookieHeader, origin, 'x-sextant-csrf': csrf },
        body,
      );
      expect(gone.status).toBe(401);
      await context.close();
    });

    // Rendering does not depend on the database: the page sweep runs once (on PGlite) unless screenshots are asked for.
    it('every page: no serious axe violation, no horizontal scroll at 390 px, the nav collapses', async () => {
      if (skipped || (name !== 'PGlite' && !SHOTS)) return;
      for (const width of [1280, 390]) {
        const context = await newContext(width);
        const page = await context.newPage();
        await signIn(page, origin, admin.token);
        for (const [path, heading] of PAGES) {
          await page.goto(`${origin}/_sextant/dashboard#/${path}`);
          await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
          await page.waitForFunction(
            () => !document.querySelector('[role="status"]')?.textContent?.startsWith('Loading'),
          );
          if (path === 'apis/pets') await page.getByRole('button', { name: 'Compare versions' }).click();
          if (path === 'apis/pets') await page.getByTestId('bump').waitFor();
          if (path === 'github') await page.getByRole('button', { name: 'acme/pets-sdk' }).click();
          if (path === 'github') await page.getByText('Regenerate for 2.0.0').waitFor();
          // Every page's data loaded: no error box.
          expect({ path, alerts: await page.getByRole('alert').allTextContents() }).toEqual({
            path,
            alerts: [],
          });
          // axe at desktop width for every page (the narrow layout's menu is checked once below).
          if (width === 1280 || path === 'sites')
            expect({ path, width, violations: await seriousAxeViolations(page) }).toEqual({
              path,
              width,
              violations: [],
            });
          expect({ path, width, fits: await noHorizontalScroll(page) }).toEqual({ path, width, fits: true });
          if (SHOTS) {
            await mkdir(SHOTS, { recursive: true });
            await page.screenshot({
              path: join(SHOTS, `${name}-${path.replace('/', '-')}-${width}.png`),
              fullPage: true,
            });
          }
        }
        if (width === 390) {
          expect(await page.getByRole('link', { name: 'Tokens' }).isVisible()).toBe(false);
          await page.getByRole('button', { name: 'Menu' }).click();
          expect(await page.getByRole('link', { name: 'Tokens' }).isVisible()).toBe(true);
          expect(await seriousAxeViolations(page)).toEqual([]);
          // Dark mode (the toggle) passes axe too: contrast is checked in both themes.
          await page.getByRole('button', { name: 'Dark mode' }).click();
          expect(await seriousAxeViolations(page)).toEqual([]);
        } else if (SHOTS) {
          await page.getByRole('button', { name: 'Dark mode' }).click();
          await page.goto(`${origin}/_sextant/dashboard#/apis/pets`);
          await page.getByRole('button', { name: 'Compare versions' }).click();
          await page.getByTestId('bump').waitFor();
          await page.screenshot({ path: join(SHOTS, `${name}-apis-pets-1280-dark.png`), fullPage: true });
          await page.getByRole('button', { name: 'Dark mode' }).click();
        }
        await context.close();
      }
    });
  });
}

suite('PGlite', async () => ({}));
suite('PostgreSQL', async () => {
  const created = await createPostgresDatabase();
  return 'skipped' in created ? created : { url: created.url, drop: created.drop };
});
