/**
 * The endpoint playground on the demo docs published to a hosted server (`sextant serve`:
 * registry, proxy and docs host, multi-tenant by host): the SDK languages come from the
 * registry's snippet templates, and Send Request is disabled for the demo's localhost target
 * with the tooltip "Cannot send requests to localhost". Screenshot of that state.
 */
import { resolve } from 'node:path';
import { loadDocsProject, projectSnippetTemplates } from '@sextant/docs-project';
import { createRegistryClient } from '@sextant/registry-client';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findSlug,
  SCREENSHOT_DIR,
  seriousAxeViolations,
  snippetLanguagesOnceLoaded,
  watchedPage,
} from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

const EXAMPLES = resolve(import.meta.dirname, '../examples');
let app: FastifyInstance;
let browser: Browser;
let origin: string;
let slug = '';

beforeAll(async () => {
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: true, wsProxy: false, docsHost: true },
    // The operator approves the host the docs are published at (any port of 127.0.0.1).
    registry: { allowDomains: ['127.0.0.1'] },
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const { orgId, token } = await app.registry.createOrganization('demo-docs');
  const client = createRegistryClient({ baseUrl: origin, token, maxRetries: 0 });
  const loaded = await loadDocsProject(EXAMPLES, {
    tolerateApiErrors: true,
    fetchText: async (url) => (await fetch(new URL(url, origin))).text(),
  });
  const templates = await projectSnippetTemplates(EXAMPLES);
  const apiDefinitionIds: Record<string, string> = {};
  for (const [key, definition] of Object.entries(loaded.project.apis)) {
    const apiId = definition.endpoints.getPlant ? 'plants' : key;
    const sdks = apiId === 'plants' ? [...new Set(templates.map((t) => t.sdk.language))] : [];
    const configured =
      sdks.length > 0
        ? {
            ...definition,
            snippetsConfiguration: {
              apiId,
              sdks: sdks.map((language) => ({
                language,
                package: templates.find((t) => t.sdk.language === language)?.sdk.package ?? language,
              })),
            },
          }
        : definition;
    const registered = await client.registerApiDefinition({
      body: { orgId, apiId, definition: configured as never },
    });
    apiDefinitionIds[key] = registered.apiDefinitionId;
    if (sdks.length > 0)
      await client.registerSnippetTemplateBatch({ body: { orgId, apiId, snippets: templates } });
  }
  const domain = new URL(origin).host;
  const { docsRegistrationId } = await client.initDocsRegistrationV2({ body: { orgId, domain } });
  await client.finishDocsRegistrationV2({
    params: { id: docsRegistrationId },
    body: { docsDefinition: loaded.definition, apiDefinitionIds },
  });
  slug = findSlug(loaded.definition.navigation, 'getPlant') ?? '';
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('endpoint playground on hosted docs', () => {
  it("offers the registry's SDK languages and disables Send for the localhost target with the tooltip", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const { page, errors } = await watchedPage(context);
    await page.goto(`${origin}/${slug}`);
    // The first page of a fresh checkout waits for the client bundle build.
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 90_000 });
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await snippetLanguagesOnceLoaded(page, 'Go')).toEqual([
      'cURL',
      'TypeScript',
      'Python',
      'Ruby',
      'Go',
    ]);
    await page.getByLabel('Snippet language').selectOption('go');
    await page.getByTestId('snippet').filter({ hasText: 'client.Plants.Get(' }).waitFor();
    expect(await page.getByTestId('send').isDisabled()).toBe(true);
    await page.locator('.sx-pg-send-wrap').hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toBe('Cannot send requests to localhost');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/playground-docs-hosted-localhost.png` });
    // A public base URL lifts the restriction.
    await page.getByLabel('Base URL').fill('https://plants.example.com');
    expect(await page.getByTestId('send').isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious axe violations in the open explorer', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${origin}/${slug}?explorer=getPlant`);
    await page.getByRole('dialog').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
