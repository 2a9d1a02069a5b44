/**
 * `sextant init` then `sextant dev` as a docs author uses them: the page is served over HTTP,
 * a saved edit reaches the open page (server-sent `reload` event) within a second or two and
 * the re-fetched page shows it, a broken spec prints its file, line and pointer in the terminal
 * and in the page, fixing it recovers, and SIGTERM stops the server with exit 0. A single spec
 * file can be previewed too.
 */

import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { waitFor } from '@sextant/definition/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { petSpec, type RunningCli, runCli, startCli, tempDir, writeFiles } from './cli-harness.js';
import { launchBrowser } from './support/browser.js';

let dir: string;
let project: string;
let dev: RunningCli;
let url: string;

/** Collects server-sent events from the dev server's live-reload stream. */
async function openEvents(
  base: string,
): Promise<{ events: { name: string; at: number }[]; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${base}/_sextant/dev/events`, { signal: controller.signal });
  const events: { name: string; at: number }[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (const match of buffer.matchAll(/event: (\w+)\n/g))
          events.push({ name: match[1]!, at: Date.now() });
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      }
    } catch {
      // Aborted.
    }
  })();
  return { events, close: () => controller.abort() };
}

beforeAll(async () => {
  dir = await tempDir();
  project = join(dir, 'site');
  await writeFiles(dir, { 'pets.yaml': petSpec() });
  const init = await runCli(['init', project, '--spec', join(dir, 'pets.yaml')]);
  expect(init.code, init.stderr).toBe(0);
  dev = startCli(['dev', project, '--port', '0', '--no-registry']);
  url = (await dev.waitFor(/Sextant dev\s+(http:\/\/127\.0\.0\.1:\d+)/))[1]!;
});

/** Servers started inside tests: killed here too, so a failing test leaves no process behind. */
const started: RunningCli[] = [];
function startDev(args: string[]): RunningCli {
  const cli = startCli(args);
  started.push(cli);
  return cli;
}

afterAll(async () => {
  await dev?.stop('SIGKILL');
  for (const cli of started) await cli.stop('SIGKILL');
});

describe('sextant dev', () => {
  it('serves the scaffolded project over HTTP, with the live-reload script', async () => {
    expect(dev.output()).toMatch(/✓ Pets Docs: 1 page, 1 API \(2 endpoints\)/);
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Pets Docs</title>');
    expect(html).toContain('<script src="/_sextant/dev/live-reload.js" defer></script>');
    const script = await fetch(`${url}/_sextant/dev/live-reload.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain("addEventListener('reload'");
  });

  it('a saved edit reloads the open page within two seconds', async () => {
    const stream = await openEvents(url);
    await waitFor(() => stream.events.some((event) => event.name === 'hello'), {
      message: 'the hello event',
    });
    const page = join(project, 'pages/welcome.md');
    const saved = Date.now();
    await writeFile(page, (await readFile(page, 'utf8')).replace('# Pets Docs', '# Pets Docs, edited live'));
    const reload = await waitFor(() => stream.events.find((event) => event.name === 'reload'), {
      message: 'the reload event',
    });
    stream.close();
    expect(reload.at - saved).toBeLessThan(2000);
    const html = await (await fetch(`${url}/`)).text();
    expect(html).toContain('Pets Docs, edited live');
    const { version } = (await (await fetch(`${url}/_sextant/dev/version`)).json()) as { version: number };
    expect(version).toBeGreaterThanOrEqual(1);
  });

  it('the page open in Chromium reloads itself after a save', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${url}/`, { waitUntil: 'load' });
      // The live-reload stream is open once the server counted the page's connection.
      await page.waitForFunction(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => entry.name.includes('/_sextant/dev/live-reload.js')),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const welcome = join(project, 'pages/welcome.md');
      const saved = Date.now();
      await writeFile(welcome, `${await readFile(welcome, 'utf8')}\nA line added while the page was open.\n`);
      await page.waitForFunction(
        () => document.body.textContent?.includes('A line added while the page was open.'),
        undefined,
        {
          timeout: 5000,
        },
      );
      expect(Date.now() - saved).toBeLessThan(3000);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('a broken spec or docs.yml: located error in the terminal and the page; fixing it recovers', async () => {
    const spec = join(project, 'api/pets.yaml');
    const good = await readFile(spec, 'utf8');
    const from = dev.output().length;
    await writeFile(
      spec,
      good.replace("$ref: '#/components/schemas/Pet'", "$ref: '#/components/schemas/Missing'"),
    );
    const [line] = await dev.waitFor(/error: .*\n/, 10_000, from);
    expect(line).toMatch(
      /pets\.yaml:\d+ at \/paths\/~1pets~1\{petId\}\/get\/responses\/200\/content\/application~1json\/schema: .*Missing/,
    );
    // The site still serves; the API's page shows the located error.
    const apiPage = await fetch(`${url}/pets`);
    expect(apiPage.status).toBe(200);
    const apiHtml = await apiPage.text();
    expect(apiHtml).toContain('could not be loaded');
    expect(apiHtml).toMatch(/pets\.yaml:\d+ at \/paths/);
    const fixedFrom = dev.output().length;
    await writeFile(spec, good);
    await dev.waitFor(/✓ Pets Docs: 1 page, 1 API \(2 endpoints\)/, 10_000, fixedFrom);

    const config = join(project, 'docs.yml');
    const goodConfig = await readFile(config, 'utf8');
    const configFrom = dev.output().length;
    await writeFile(config, goodConfig.replace('searchbarPlacement: HEADER', 'searchbarPlacement: FLOATING'));
    const [configLine] = await dev.waitFor(/error: .*\n/, 10_000, configFrom);
    expect(configLine).toMatch(/docs\.yml:\d+ at \/layout\/searchbarPlacement: /);
    const broken = await fetch(`${url}/`);
    expect(broken.status).toBe(500);
    const brokenHtml = await broken.text();
    expect(brokenHtml).toContain('The docs project cannot be loaded');
    expect(brokenHtml).toMatch(/docs\.yml:\d+ at \/layout\/searchbarPlacement/);
    expect(brokenHtml).toContain('live-reload.js');
    const recoveredFrom = dev.output().length;
    await writeFile(config, goodConfig);
    await dev.waitFor(/✓ Pets Docs/, 10_000, recoveredFrom);
    expect((await fetch(`${url}/`)).status).toBe(200);
  });

  it('previews a single spec file; a log growing beside the spec reloads nothing, an edit of the spec does; SIGTERM exits 0', async () => {
    const single = startDev(['dev', join(dir, 'pets.yaml'), '--port', '0', '--no-registry']);
    const singleUrl = (await single.waitFor(/Sextant dev\s+(http:\/\/127\.0\.0\.1:\d+)/))[1]!;
    const html = await (await fetch(`${singleUrl}/`)).text();
    expect(html).toMatch(/<title>[^<]*<\/title>/);
    expect(html).toContain('Get a pet');

    const stream = await openEvents(singleUrl);
    await waitFor(() => stream.events.some((event) => event.name === 'hello'), {
      message: 'the hello event',
    });
    const log = join(dir, 'dev.log');
    for (let line = 0; line < 30; line++) {
      await appendFile(log, `${new Date().toISOString()} GET / 200\n`);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(stream.events.filter((event) => event.name === 'reload')).toEqual([]);
    const spec = join(dir, 'pets.yaml');
    await writeFile(spec, (await readFile(spec, 'utf8')).replace('Get a pet', 'Get one pet'));
    await waitFor(() => stream.events.find((event) => event.name === 'reload'), {
      message: 'the reload event',
    });
    stream.close();
    expect(await (await fetch(`${singleUrl}/`)).text()).toContain('Get one pet');
    expect(await single.stop('SIGTERM')).toBe(0);
    expect(await dev.stop('SIGTERM')).toBe(0);
  });

  it('opens its local registry after the first page and publishes the project into it', async () => {
    const withRegistry = startDev(['dev', join(dir, 'pets.yaml'), '--port', '0']);
    const base = (await withRegistry.waitFor(/Sextant dev\s+(http:\/\/127\.0\.0\.1:\d+)/))[1]!;
    expect((await fetch(`${base}/`)).status).toBe(200);
    await withRegistry.waitFor(/Local registry: organization \S+, admin token sxt_/, 60_000);
    await withRegistry.waitFor(/published 1 API definition\(s\) and the docs to the local registry/, 60_000);
    expect(await withRegistry.stop('SIGTERM')).toBe(0);
  });

  it('stopped while it starts (the registry not open yet): exit 0 and nothing said after "Stopping…"', async () => {
    const early = startDev(['dev', join(dir, 'pets.yaml'), '--port', '0']);
    await early.waitFor(/Watching /);
    expect(await early.stop('SIGTERM')).toBe(0);
    const afterStop = early.output().split('Stopping…')[1] ?? '';
    expect(afterStop).not.toMatch(/error:|warning:|Local registry/);
  });

  it('a port in use is a one-line error, exit 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const run = await runCli(['dev', join(dir, 'pets.yaml'), '--port', String(port)]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`^error: port ${port} is in use`, 'm'));
    } finally {
      taken.close();
    }
  });

  it('a missing path is a one-line error, exit 1', async () => {
    const run = await runCli(['dev', join(dir, 'nowhere'), '--port', '0']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: .*nowhere: no such file or folder\n$/);
  });
});
