/**
 * The package as a user gets it: `npm run pack` writes dist/sextant.tgz, which is installed with
 * `npm install --omit=dev` into a folder under the OS temp dir (outside the repository). From a
 * folder holding a spec whose server is a loopback upstream, `npx sextant dev openapi.yaml` (its
 * log appended beside the spec) serves pages, the playground sends through the proxy to the
 * upstream in Chromium, and the page does not reload while the log grows; `npx sextant serve`
 * answers /healthz; nothing is written inside the installed package. On the machine's old Node
 * the bin says which version it needs, in one line; a global install works; and `sextant dev`
 * runs on a real Node 22 fetched from the npm registry.
 *
 * The install (and Node 22) are cached under the temp dir, keyed by the tarball's hash.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, openSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { appendFile, copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE, ROOT } from './cli-harness.js';
import { launchBrowser } from './support/browser.js';

const run = promisify(execFile);
const CACHE = join(tmpdir(), 'sextant-install-e2e');
const TARBALL = join(ROOT, 'dist/sextant.tgz');
/** Where the package installs: scoped, so `npx @sextant-docs/cli` never resolves to another package. */
const INSTALLED = 'node_modules/@sextant-docs/cli';
const UPSTREAM_MARK = 'from-the-loopback-upstream';

/** A PATH whose `node` is the project's Node 24 (and nothing else from the repository). */
async function pathWithNode(binary: string, name: string): Promise<string> {
  const dir = join(CACHE, `path-${name}`);
  await mkdir(dir, { recursive: true });
  const link = join(dir, 'node');
  // Made anew each run: a link left by another checkout points at its Node (or at nothing).
  await rm(link, { force: true });
  await symlink(binary, link);
  return `${dir}:${process.env.PATH}`;
}

/** Every file under `dir` with its size and mtime, to show that nothing was written there. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const info = statSync(path);
        out.push(`${path}:${info.size}:${info.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return out.sort();
}

/** A background process whose stdout and stderr are appended to `log`. */
function startLogged(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, log: string) {
  const fd = openSync(log, 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', fd, fd], detached: true });
  return child;
}

async function waitForLog(log: string, pattern: RegExp, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = await readFile(log, 'utf8').catch(() => '');
    const match = text.match(pattern);
    if (match) return match;
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}) before ${pattern}:\n${text}`);
    await sleep(150);
  }
  throw new Error(`timed out waiting for ${pattern}:\n${await readFile(log, 'utf8').catch(() => '')}`);
}

/** Stops the process group of `child` (npx runs sextant as its child). */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function spec(upstreamPort: number): string {
  return `openapi: 3.1.0
info: { title: Kennel, version: 1.0.0 }
servers:
  - url: http://127.0.0.1:${upstreamPort}
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema: { type: object }
`;
}

let tarballHash: string;
let appDir: string;
let env: NodeJS.ProcessEnv;
let upstream: Server;
let upstreamHits = 0;
let specDir: string;
let browser: Browser | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // A fresh tarball (the build is skipped when nothing changed).
  const packed = spawnSync(NODE, [join(ROOT, 'scripts/pack.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PATH: await pathWithNode(realpathSync(NODE), 'node24') },
  });
  expect(packed.status, `npm run pack failed:\n${packed.stdout}\n${packed.stderr}`).toBe(0);
  tarballHash = createHash('sha256')
    .update(await readFile(TARBALL))
    .digest('hex')
    .slice(0, 16);
  env = { ...process.env, NO_COLOR: '1', PATH: await pathWithNode(realpathSync(NODE), 'node24') };
  delete env.npm_config_prefix;
  appDir = join(CACHE, `app-${tarballHash}`);
  // Installs of older tarballs are not used again.
  for (const entry of readdirSync(CACHE))
    if (/^(app|global)-/.test(entry) && !entry.endsWith(tarballHash))
      await rm(join(CACHE, entry), { recursive: true, force: true });
  if (!existsSync(join(appDir, '.installed'))) {
    await rm(appDir, { recursive: true, force: true });
    await mkdir(appDir, { recursive: true });
    await copyFile(TARBALL, join(appDir, 'sextant.tgz'));
    await writeFile(join(appDir, 'package.json'), '{ "name": "install-check", "private": true }\n');
    const started = performance.now();
    await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', './sextant.tgz'], {
      cwd: appDir,
      env,
    });
    console.log(`npm install --omit=dev sextant.tgz: ${Math.round(performance.now() - started)} ms`);
    await writeFile(join(appDir, '.installed'), tarballHash);
  }
  upstream = createServer((request, response) => {
    upstreamHits += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ pets: [{ id: 1, name: 'Rex' }], note: UPSTREAM_MARK, path: request.url }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  specDir = await mkdtemp(join(appDir, 'project-'));
  await writeFile(join(specDir, 'openapi.yaml'), spec((upstream.address() as AddressInfo).port));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  for (const child of children) await stop(child);
  await new Promise((resolve) => upstream?.close(resolve));
  if (specDir) await rm(specDir, { recursive: true, force: true });
});

describe('the installed package (npm install --omit=dev dist/sextant.tgz)', () => {
  it('holds no TypeScript, no workspace reference and only runtime dependencies', async () => {
    const installed = join(appDir, INSTALLED);
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as {
      name: string;
      dependencies: Record<string, string>;
      bin: Record<string, string>;
    };
    expect(manifest.name).toBe('@sextant-docs/cli');
    expect(manifest.bin).toEqual({ sextant: 'bin/sextant.js' });
    const names = Object.keys(manifest.dependencies);
    expect(names.filter((name) => name.startsWith('@sextant/'))).toEqual([]);
    for (const devOnly of ['vite', 'tsx', 'typescript', 'rolldown', 'vitest', '@vitejs/plugin-react'])
      expect(names).not.toContain(devOnly);
    // Browser-only libraries live in the prebuilt client, never in the server's dependencies.
    for (const browserOnly of ['codemirror', '@codemirror/lang-json', 'react-resizable-panels', 'recharts'])
      expect(names).not.toContain(browserOnly);
    expect(
      Object.values(manifest.dependencies).filter((range) => /^(file|workspace|link):/.test(range)),
    ).toEqual([]);
    expect(snapshot(installed).filter((line) => /\.tsx?:/.test(line))).toEqual([]);
    for (const devOnly of ['vite', 'tsx', 'typescript', 'rolldown'])
      expect(existsSync(join(appDir, 'node_modules', devOnly)), devOnly).toBe(false);
  });

  it('sextant dev: pages, a request through the proxy in Chromium, no reload while the log grows', async () => {
    const before = snapshot(join(appDir, 'node_modules'));
    const log = join(specDir, 'sextant-dev.log');
    const dev = startLogged('npx', ['sextant', 'dev', 'openapi.yaml', '--port', '0'], specDir, env, log);
    children.push(dev);
    const url = (await waitForLog(log, /Sextant dev\s+(http:\/\/127\.0\.0\.1:\d+)/, dev))[1]!;
    for (const path of ['/', '/api-reference/list-pets']) {
      const response = await fetch(url + path);
      expect(response.status, `${path}; the log:\n${await readFile(log, 'utf8')}`).toBe(200);
      expect(await response.text(), path).not.toMatch(/is not defined/);
    }
    // The dashboard ships prebuilt in the package (dashboard/): its page and its script are served.
    const dashboard = await fetch(`${url}/_sextant/dashboard`);
    expect(dashboard.status).toBe(200);
    const script = /src="(\/_sextant\/dashboard\/assets\/[^"]+\.js)"/.exec(await dashboard.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(url + script);
    expect([asset.status, asset.headers.get('content-type')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
    ]);

    browser = await launchBrowser();
    const page = await browser.newPage();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await page.goto(`${url}/api-reference/list-pets`);
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByTestId('send').click();
    await page
      .locator('.sx-pg-response[data-state="loaded"], .sx-pg-response[data-state="failed"]')
      .waitFor();
    expect(await page.getByRole('region', { name: 'Response body' }).innerText()).toContain(UPSTREAM_MARK);
    expect(upstreamHits).toBeGreaterThan(0);

    // The log beside the spec grows (as a shell's `>> sextant-dev.log` would): the page stays.
    await page.evaluate(() => {
      (window as unknown as { installMarker?: string }).installMarker = 'kept';
    });
    const seen = navigations;
    const version = await (await fetch(`${url}/_sextant/dev/version`)).text();
    for (let i = 0; i < 10; i += 1) {
      await appendFile(log, `a line the project does not use ${i}\n`);
      await sleep(200);
    }
    await sleep(1500);
    expect(await (await fetch(`${url}/_sextant/dev/version`)).text(), 'the dev server reloaded').toBe(
      version,
    );
    expect(navigations, 'the page navigated').toBe(seen);
    expect(
      await page.evaluate(() => (window as unknown as { installMarker?: string }).installMarker),
      'the page reloaded',
    ).toBe('kept');
    await page.close();
    await stop(dev);
    expect(snapshot(join(appDir, 'node_modules')), 'sextant dev wrote inside node_modules').toEqual(before);
  });

  it('sextant serve with its code read-only: embedded PGlite in its data directory answers /healthz', async () => {
    const before = snapshot(join(appDir, 'node_modules'));
    const dataDir = join(specDir, 'data');
    const log = join(specDir, 'sextant-serve.log');
    const modules = join(appDir, 'node_modules');
    const serveArgs = ['sextant', 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir];
    // The code on a read-only filesystem: node_modules bind-mounted read-only in a mount namespace
    // of its own (needs root, as in CI here); elsewhere the snapshot below is the check.
    const readOnly = `mount --bind "$0" "$0" && mount -o remount,bind,ro "$0"`;
    const canMount =
      spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', readOnly, modules]).status === 0;
    if (!canMount)
      console.warn(
        'install.e2e: cannot mount node_modules read-only here (unshare); checking that nothing is written instead',
      );
    const serve = canMount
      ? startLogged(
          'unshare',
          [
            '-m',
            '--propagation',
            'private',
            'sh',
            '-c',
            `${readOnly} && exec npx "$@"`,
            modules,
            ...serveArgs,
          ],
          specDir,
          env,
          log,
        )
      : startLogged('npx', serveArgs, specDir, env, log);
    children.push(serve);
    const url = (await waitForLog(log, /"url":"(http:\/\/127\.0\.0\.1:\d+)"/, serve))[1]!;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    await stop(serve);
    expect(existsSync(dataDir)).toBe(true);
    expect(snapshot(join(appDir, 'node_modules')), 'sextant serve wrote inside node_modules').toEqual(before);
  });

  it('on Node older than 22.12 the bin says which version it needs, in one line, and exits 1', async () => {
    const old = ['/usr/bin/node', '/usr/local/bin/node', '/bin/node'].find((candidate) => {
      if (!existsSync(candidate)) return false;
      const probe = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' });
      const [major = 0, minor = 0] = probe.stdout.trim().split('.').map(Number);
      return major < 22 || (major === 22 && minor < 12);
    });
    expect(old, 'no Node older than 22.12 on this machine to run the bin with').toBeDefined();
    const result = spawnSync(old!, [join(appDir, INSTALLED, 'bin/sextant.js'), '--version'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^sextant needs Node\.js 22\.12 or newer; this is Node\.js v\d+/);
  });

  it('a global install (npm install -g) gives a working sextant', async () => {
    const prefix = join(CACHE, `global-${tarballHash}`);
    if (!existsSync(join(prefix, '.installed'))) {
      await rm(prefix, { recursive: true, force: true });
      await run(
        'npm',
        ['install', '-g', '--prefix', prefix, '--omit=dev', '--no-audit', '--no-fund', TARBALL],
        {
          env,
        },
      );
      await writeFile(join(prefix, '.installed'), tarballHash);
    }
    const { stdout } = await run(join(prefix, 'bin/sextant'), ['--version'], { env });
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    // From a folder with no install of its own, npx finds the global one by its bin name.
    const elsewhere = await mkdtemp(join(tmpdir(), 'sextant-elsewhere-'));
    const global = { ...env, npm_config_prefix: prefix, PATH: `${join(prefix, 'bin')}:${env.PATH}` };
    const viaNpx = await run('npx', ['--no', '--', 'sextant', '--version'], { cwd: elsewhere, env: global });
    expect(viaNpx.stdout.trim()).toBe(stdout.trim());
    await rm(elsewhere, { recursive: true, force: true });
  }, 600_000);

  it('runs from the tarball in any folder without an install (npx --package), and by its scoped name where installed', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'sextant-elsewhere-'));
    const fromTarball = await run('npx', ['--yes', '--package', TARBALL, '--', 'sextant', '--version'], {
      cwd: elsewhere,
      env,
    });
    expect(fromTarball.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    await rm(elsewhere, { recursive: true, force: true });
    const nested = join(appDir, 'docs');
    await mkdir(nested, { recursive: true });
    for (const command of ['sextant', '@sextant-docs/cli']) {
      const local = await run('npx', ['--no', '--', command, '--version'], { cwd: nested, env });
      expect(local.stdout.trim(), command).toBe(fromTarball.stdout.trim());
    }
  }, 600_000);

  it('sextant dev runs on a real Node 22 (from the npm registry)', async () => {
    const dir = join(CACHE, 'node22');
    const binary = join(dir, 'node_modules/node/bin/node');
    if (!existsSync(join(dir, '.installed'))) {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'package.json'), '{ "name": "node22", "private": true }\n');
      try {
        await run('npm', ['install', '--no-audit', '--no-fund', 'node@^22.12'], { cwd: dir, env });
      } catch (error) {
        throw new Error(
          `Node 22 could not be obtained from the npm registry (npm install node@^22.12): ${error}`,
        );
      }
      await writeFile(join(dir, '.installed'), 'ok');
    }
    const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(version, 'the node package did not install a Node 22 binary').toMatch(/^v22\.(1[2-9]|[2-9]\d)\./);
    const log = join(specDir, 'sextant-dev-node22.log');
    const dev = startLogged(
      binary,
      [join(appDir, INSTALLED, 'bin/sextant.js'), 'dev', 'openapi.yaml', '--port', '0'],
      specDir,
      { ...env, PATH: await pathWithNode(binary, 'node22') },
      log,
    );
    children.push(dev);
    const url = (await waitForLog(log, /Sextant dev\s+(http:\/\/127\.0\.0\.1:\d+)/, dev))[1]!;
    expect((await fetch(`${url}/api-reference/list-pets`)).status).toBe(200);
    const proxied = await fetch(
      `${url}/proxy/http://127.0.0.1:${(upstream.address() as AddressInfo).port}/pets`,
    );
    expect(await proxied.text()).toContain(UPSTREAM_MARK);
    await stop(dev);
  });
});
