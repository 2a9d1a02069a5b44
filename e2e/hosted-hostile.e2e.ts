/**
 * A hostile tenant on a hosted server (registry + docs host, two organizations, each on its own
 * host) tries every path it has to a script on a docs origin, in Chromium: a favicon whose bytes
 * are an HTML page with a script (served as an icon, sniff-proof, sandboxed), the same file
 * declared `text/html` (refused), an SVG file with a script opened directly, markdown that sets
 * `id="sx-data"` and carries script-ish links and handlers, and docs definitions posted straight
 * to the registry API with `javascript:` links, logo targets and redirects and `data:` scripts
 * (refused with InvalidDocsDefinitionError), and registering a path under the other tenant's
 * host (refused). No dialog opens, no payload's console marker appears, no CSP violation fires.
 */
import { createHash } from 'node:crypto';
import { type DocsDefinition, defaultDocsConfig } from '@sextant/definition';
import { createRegistryClient, type RegistryClient, RegistryNamedError } from '@sextant/registry-client';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';

const MARKER = 'HOSTILE-RAN';
const VICTIM = 'victim.hostile.test';
const ATTACKER = 'attacker.hostile.test';
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An "icon" whose bytes are an HTML page that would announce itself if it ran. */
const HTML_ICON = Buffer.from(
  `<!doctype html><html><body><script>console.log('${MARKER}');alert('${MARKER}')</script></body></html>`,
);
/** An SVG that would run a script if opened as a document of the site. */
const SCRIPTED_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" onload="console.log('${MARKER}')"><script>alert('${MARKER}')</script><circle r="4"/></svg>`,
);
const HOSTILE_MARKDOWN = [
  '# Welcome',
  '',
  '<div id="sx-data">{"slug":"hijacked"}</div>',
  '<a id="sx-root" name="sx-data" href="#sx-data">anchor to the page data</a>',
  '<form id="sx-data"><input name="slug" value="hijacked"></form>',
  '',
  `[script link](javascript:console.log('${MARKER}'))`,
  '',
  `<a href="data:text/html,<script>alert('${MARKER}')</script>">data link</a>`,
  `<a href="  JaVaScRiPt:alert('${MARKER}')">spaced link</a>`,
  `<img src="x" onerror="console.log('${MARKER}')">`,
  `<svg><script>alert('${MARKER}')</script></svg>`,
  `<iframe src="javascript:alert('${MARKER}')"></iframe>`,
  `<details open ontoggle="console.log('${MARKER}')"><summary>toggle</summary>x</details>`,
  '',
  '## Second heading',
].join('\n');

function definition(
  title: string,
  markdown: string,
  config: Partial<DocsDefinition['config']> = {},
): DocsDefinition {
  return {
    docsVersion: 1,
    config: { ...defaultDocsConfig(title), ...config },
    navigation: [{ type: 'page', title: 'Home', slug: '', pageId: 'home' }],
    pages: { home: { id: 'home', title: 'Home', slug: '', layout: 'guide', markdown } },
    homeSlug: '',
  };
}

let app: FastifyInstance;
let browser: Browser;
let port: string;
let victim: RegistryClient;
let attacker: RegistryClient;
let attackerOrg: string;

/** Publishes `docs` with `files` (path → bytes, declared with `contentType`) at `url`. */
async function publish(
  client: RegistryClient,
  orgId: string,
  url: string,
  docs: DocsDefinition,
  files: { path: string; bytes: Buffer; contentType: string }[] = [],
): Promise<void> {
  const init = await client.initDocsRegistrationV2({
    body: {
      orgId,
      domain: url,
      files: files.map((file) => ({
        path: file.path,
        sha256: sha(file.bytes),
        size: file.bytes.length,
        contentType: file.contentType,
      })),
    },
  });
  for (const status of init.files)
    if (status.status === 'upload') {
      const file = files.find((entry) => entry.path === status.path);
      if (file)
        await client.uploadDocsFile({ params: { uploadId: status.upload.uploadId }, body: file.bytes });
    }
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: docs },
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

beforeAll(async () => {
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: [VICTIM, ATTACKER] },
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  port = new URL(origin).port;
  const a = await app.registry.createOrganization('victim-org');
  const b = await app.registry.createOrganization('attacker-org');
  victim = createRegistryClient({ baseUrl: origin, token: a.token, maxRetries: 0 });
  attacker = createRegistryClient({ baseUrl: origin, token: b.token, maxRetries: 0 });
  attackerOrg = b.orgId;
  await publish(
    victim,
    a.orgId,
    `${VICTIM}:${port}`,
    definition('Victim docs', '# Victim\n\nThe real docs.'),
  );
  await publish(
    attacker,
    b.orgId,
    `${ATTACKER}:${port}`,
    definition('Attacker docs', HOSTILE_MARKDOWN, { favicon: { type: 'file', path: 'favicon.ico' } }),
    [
      { path: 'favicon.ico', bytes: HTML_ICON, contentType: 'image/x-icon' },
      { path: 'images/scripted.svg', bytes: SCRIPTED_SVG, contentType: 'image/svg+xml' },
    ],
  );
  browser = await launchBrowser([`--host-resolver-rules=MAP *.hostile.test 127.0.0.1`]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A page that records dialogs, the payloads' console marker and CSP violations. */
async function hostilePage(context: BrowserContext): Promise<{ page: Page; ran: () => Promise<string[]> }> {
  const page = await context.newPage();
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text().includes(MARKER)) seen.push(`console: ${message.text()}`);
  });
  await context.addInitScript(() => {
    const record = (event: SecurityPolicyViolationEvent) => {
      const store = window as unknown as { __violations?: string[] };
      store.__violations = [...(store.__violations ?? []), `${event.violatedDirective} ${event.blockedURI}`];
    };
    document.addEventListener('securitypolicyviolation', record);
  });
  const ran = async () => {
    const violations = await page
      .evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])
      .catch(() => [] as string[]);
    return [...seen, ...violations.map((violation) => `csp violation: ${violation}`)];
  };
  return { page, ran };
}

describe('a hostile tenant in Chromium', () => {
  it('markdown with id="sx-data", script links and handlers: the page hydrates with its own data, nothing runs', async () => {
    const context = await browser.newContext();
    const { page, ran } = await hostilePage(context);
    const response = await page.goto(`http://${ATTACKER}:${port}/`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 60_000 });
    // The author's ids are prefixed: nothing in the content claims an id of the site's own.
    expect(await page.locator('.sx-prose [id^="sx-"]').count()).toBe(0);
    expect(await page.locator('.sx-prose [id="user-content-sx-data"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[name="sx-data"]').count()).toBe(0);
    expect(await page.locator('.sx-prose form, .sx-prose iframe, .sx-prose svg').count()).toBe(0);
    // In-page anchors still land on their heading.
    expect(await page.locator('#h-second-heading').count()).toBe(1);
    for (const link of await page.locator('main a').all())
      await link.click({ timeout: 2000 }).catch(() => undefined);
    await page.goto(`http://${ATTACKER}:${port}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForTimeout(300);
    expect(await ran()).toEqual([]);
    await context.close();
  });

  it('a favicon whose bytes are HTML with a script, opened directly, is an icon that runs nothing', async () => {
    const context = await browser.newContext();
    const { page, ran } = await hostilePage(context);
    for (const path of ['/favicon.ico', `/_sextant/files/${sha(HTML_ICON)}/favicon.ico`]) {
      const response = await page.goto(`http://${ATTACKER}:${port}${path}`);
      expect(response?.headers()['content-type'], path).toBe('image/x-icon');
      expect(response?.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(response?.headers()['content-security-policy'], path).toContain('sandbox');
      await page.waitForTimeout(300);
    }
    expect(await ran()).toEqual([]);
    await context.close();
  });

  it('an SVG file with a script, opened directly, runs nothing', async () => {
    const context = await browser.newContext();
    const { page, ran } = await hostilePage(context);
    const response = await page.goto(
      `http://${ATTACKER}:${port}/_sextant/files/${sha(SCRIPTED_SVG)}/scripted.svg`,
    );
    expect(response?.headers()['content-type']).toBe('image/svg+xml');
    await page.waitForTimeout(300);
    // The sandbox CSP blocks the SVG's script (a violation may be reported), and nothing ran.
    expect((await ran()).filter((entry) => !entry.startsWith('csp violation'))).toEqual([]);
    await context.close();
  });

  it("the victim's host serves the victim's docs, and nothing of the attacker's runs there", async () => {
    const context = await browser.newContext();
    const { page, ran } = await hostilePage(context);
    await page.goto(`http://${VICTIM}:${port}/`);
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 60_000 });
    expect(await page.locator('main').innerText()).toContain('The real docs.');
    for (const path of ['/guides', '/favicon.ico', `/_sextant/files/${sha(HTML_ICON)}/favicon.ico`]) {
      // Not the attacker's page, icon or file: a 404, or the victim's empty favicon (204).
      const response = await app.inject({ url: path, headers: { host: `${VICTIM}:${port}` } });
      expect(response.statusCode, path).not.toBe(200);
    }
    expect(await ran()).toEqual([]);
    await context.close();
  });
});

describe('the registry refuses what would run', () => {
  const hostileDefinitions: [string, DocsDefinition][] = [
    [
      'a javascript: navigation link',
      {
        ...definition('x', '# x'),
        navigation: [
          { type: 'page', title: 'Home', slug: '', pageId: 'home' },
          { type: 'link', title: 'Click', href: `javascript:alert('${MARKER}')` },
        ],
      },
    ],
    [
      'a javascript: logo target',
      definition('x', '# x', { logo: { href: `javascript:alert('${MARKER}')` } }),
    ],
    [
      'a javascript: redirect',
      definition('x', '# x', {
        redirects: [{ source: '/old', destination: `javascript:alert('${MARKER}')`, permanent: false }],
      }),
    ],
    [
      'a data: script',
      definition('x', '# x', {
        scripts: [
          {
            src: { type: 'url', url: `data:text/javascript,alert('${MARKER}')` },
            strategy: 'afterInteractive',
          },
        ],
      }),
    ],
    [
      'a data:text/html favicon',
      definition('x', '# x', {
        favicon: { type: 'url', url: `data:text/html;base64,${HTML_ICON.toString('base64')}` },
      }),
    ],
    [
      'a data:text/html logo',
      definition('x', '# x', {
        logo: { light: { type: 'url', url: `data:text/html;base64,${HTML_ICON.toString('base64')}` } },
      }),
    ],
  ];
  it.each(hostileDefinitions)('refuses %s with InvalidDocsDefinitionError', async (_name, docs) => {
    const init = await attacker.initDocsRegistrationV2({
      body: { orgId: attackerOrg, domain: `${ATTACKER}:${port}` },
    });
    const error = await refusal(
      attacker.finishDocsRegistrationV2({
        params: { id: init.docsRegistrationId },
        body: { docsDefinition: docs },
      }),
    );
    expect(error.errorName).toBe('InvalidDocsDefinitionError');
    expect(error.status).toBe(400);
  });

  it('refuses a favicon declared text/html', async () => {
    const error = await refusal(
      attacker.initDocsRegistrationV2({
        body: {
          orgId: attackerOrg,
          domain: `${ATTACKER}:${port}`,
          files: [
            { path: 'favicon.ico', sha256: sha(HTML_ICON), size: HTML_ICON.length, contentType: 'text/html' },
          ],
        },
      }),
    );
    expect(error.errorName).toBe('DocsFileTypeNotAllowedError');
  });

  it("refuses the attacker a path under the victim's host", async () => {
    const error = await refusal(
      attacker.initDocsRegistrationV2({ body: { orgId: attackerOrg, domain: `${VICTIM}:${port}/guides` } }),
    );
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(500);
  });

  it('the refused definitions left the published site as it was', async () => {
    const response = await app.inject({ url: '/', headers: { host: `${ATTACKER}:${port}` } });
    const html = response.body;
    expect(html).toContain('Attacker docs');
    expect(html).not.toMatch(/javascript:|data:text\/html|data:text\/javascript/i);
  });
});
