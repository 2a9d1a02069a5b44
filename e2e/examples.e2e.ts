/**
 * Examples that read like the spec (issue 16), in headless Chromium on a docs project written
 * here: an endpoint whose body properties carry `example`s and whose API declares bearer auth.
 * The reference page's snippet shows where the token goes (`Authorization: Bearer <token>`), and
 * under it one response tab per status: the spec's example, or a schema-valid one where it has none;
 * in the playground, Use example fills the body from the property examples (after Clear form),
 * and the request preview shows the placeholder until the visitor enters a token.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsServer, findSlug, openDocsPage, startDocsServer, watchedPage } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

const SPEC = `openapi: 3.0.3
info: { title: Members, version: '1' }
servers: [{ url: 'https://api.example.com' }]
components:
  securitySchemes:
    token: { type: http, scheme: bearer }
security: [{ token: [] }]
paths:
  /members:
    post:
      operationId: createMember
      summary: Create a member
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [email, team]
              properties:
                email: { type: string, format: email, example: ada@example.org }
                team: { type: string, example: analytical-engines }
                nickname: { type: string, example: countess }
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string, example: mem_123 }
        '409':
          description: Already a member
          content:
            application/json:
              schema:
                type: object
                required: [code, message]
                properties:
                  code: { type: integer, minimum: 400, maximum: 499 }
                  message: { type: string }
  /teams:
    post:
      operationId: createTeam
      summary: Create a team
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                name: { type: string }
            examples:
              engines: { summary: Analytical engines, value: { name: analytical-engines } }
              looms: { summary: Jacquard looms, value: { name: jacquard-looms } }
      responses:
        '204': { description: Created }
`;

const DOCS_YML = `title: Members
navigation:
  - api: Members API
    spec: api.yaml
    slug: api
`;

let browser: Browser;
let server: DocsServer;
let root: string;
let slug: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sextant-examples-'));
  await mkdir(root, { recursive: true });
  await writeFile(join(root, 'docs.yml'), DOCS_YML);
  await writeFile(join(root, 'api.yaml'), SPEC);
  server = await startDocsServer(root);
  const { project, error } = await server.app.docsHost.current();
  if (!project) throw error;
  slug = findSlug(project.definition.navigation, 'createMember') ?? '';
  expect(slug).not.toBe('');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.app.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('examples on the reference page and in the playground', () => {
  it('the reference snippet shows the bearer placeholder and the property examples', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/${slug}`);
    const text = await page.locator('#sx-content').innerText();
    expect(text).toContain('Authorization: Bearer <token>');
    expect(text).toContain('"email": "ada@example.org"');
    expect(text).toContain('"team": "analytical-engines"');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reference page shows the response tabs, one per status, beside the endpoint', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/${slug}`);
    const aside = page.getByRole('complementary', { name: 'Code examples' });
    const tabs = aside.getByRole('tablist', { name: 'Response' }).getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['201', '409']);
    const card = aside.getByRole('region', { name: 'Response' });
    expect(await card.getByRole('tabpanel').innerText()).toContain('"id": "mem_123"');
    await tabs.nth(1).click();
    const conflict = JSON.parse(await card.getByRole('tabpanel').innerText()) as {
      code: number;
      message: string;
    };
    expect(conflict.code).toBeGreaterThanOrEqual(400);
    expect(conflict.code).toBeLessThanOrEqual(499);
    expect(typeof conflict.message).toBe('string');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('several named examples: a picker shows the picked one; one example gets no card of its own', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/${slug}`);
    const aside = page.getByRole('complementary', { name: 'Code examples' });
    expect(await aside.getByLabel('Example', { exact: true }).count()).toBe(0);
    const teams = findSlug(
      (await server.app.docsHost.current()).project?.definition.navigation ?? [],
      'createTeam',
    );
    await openDocsPage(page, `${server.url}/${teams}`);
    const picker = aside.getByLabel('Example', { exact: true });
    expect(await picker.locator('option').allInnerTexts()).toEqual(['Analytical engines', 'Jacquard looms']);
    const shown = () =>
      aside.locator('.sx-examples > div:not([hidden]) .sx-code-panel:not([hidden])').innerText();
    expect(await shown()).toContain('"name": "analytical-engines"');
    await picker.selectOption({ label: 'Jacquard looms' });
    expect(await shown()).toContain('"name": "jacquard-looms"');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Use example fills the body from property examples; the preview keeps the placeholder until a token is entered', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/${slug}`);
    await page.getByRole('button', { name: 'Try it' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Clear form' }).click();
    expect(await dialog.getByLabel('email', { exact: true }).inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Use example' }).click();
    expect(await dialog.getByLabel('email', { exact: true }).inputValue()).toBe('ada@example.org');
    expect(await dialog.getByLabel('team', { exact: true }).inputValue()).toBe('analytical-engines');
    const preview = dialog.locator('.sx-pg-card', {
      has: page.getByRole('heading', { name: 'Request', exact: true }),
    });
    await expect.poll(() => preview.innerText()).toContain('Bearer <token>');
    await dialog.getByLabel('Bearer token').fill('sk_test_1');
    // The entered token is what the preview shows (redacted, SPEC §5), never the placeholder's stand-in.
    await expect.poll(() => preview.innerText()).not.toContain('sk_test_1');
    expect(errors).toEqual([]);
    await context.close();
  });
});
