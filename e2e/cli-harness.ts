/**
 * Runs the `sextant` command as a user does — a subprocess of the project's Node 24 running the
 * built package's bin, dist/sextant/bin/sextant.js (the e2e global setup builds it when stale) —
 * for the e2e/cli-*.e2e.ts tests: one-shot runs with their exit code
 * and output, and long-running ones (dev, serve) whose output can be awaited and which stop on
 * a signal. Also small spec and project fixtures written to a temporary folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@sextant/definition/testing';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const NODE = join(ROOT, 'node_modules/.bin/node');
/** `SEXTANT_E2E_BIN`: a copy of the built bin to run instead (dist/ may be rebuilt under a long test). */
export const BIN = process.env.SEXTANT_E2E_BIN ?? join(ROOT, 'dist/sextant/bin/sextant.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
}

function spawnNode(args: string[], options: CliOptions): ChildProcess {
  return spawn(NODE, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A free TCP port on 127.0.0.1 (for a server started with --port). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs `sextant …args` to completion. */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  const child = spawnNode([BIN, ...args], options);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/** A long-running `sextant` process (dev, serve). */
export interface RunningCli {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved as they arrived. */
  output: () => string;
  /** Resolves with the first match of `pattern` in the output (from `from` on), or rejects after `timeoutMs`. */
  waitFor: (pattern: RegExp, timeoutMs?: number, from?: number) => Promise<RegExpMatchArray>;
  /** Sends `signal` and resolves with the exit code (or the signal name when killed by it). */
  stop: (signal?: NodeJS.Signals) => Promise<number | string | null>;
  /**
   * The first group of `pattern` in the process's credentials file, once it is there: tokens made
   * at start (`--create-org`, `--create-operator-token`) go there, never into the log.
   * @example await serve.credential(/admin token of organization acme: (\S+)/)
   */
  credential: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
}

let credentialFiles = 0;

/** Starts `sextant …args` in the background. */
export function startCli(args: string[], options: CliOptions = {}): RunningCli {
  return startNode([BIN, ...args], options);
}

/** Starts `node …args` (the project's Node 24) in the background. */
export function startNode(args: string[], options: CliOptions = {}): RunningCli {
  const credentialsFile =
    options.env?.SEXTANT_CREDENTIALS_FILE ??
    join(tmpdir(), `sextant-e2e-credentials-${process.pid}-${++credentialFiles}`);
  const child = spawnNode(args, {
    ...options,
    env: { SEXTANT_CREDENTIALS_FILE: credentialsFile, ...options.env },
  });
  let output = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | string | null>((resolvePromise) =>
    child.on('exit', (code, signal) => resolvePromise(code ?? signal)),
  );
  return {
    child,
    output: () => output,
    waitFor(pattern, timeoutMs = 90_000, from = 0) {
      return new Promise((resolvePromise, reject) => {
        const check = () => {
          const match = output.slice(from).match(pattern);
          if (match) {
            cleanup();
            resolvePromise(match);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for ${pattern}; output so far:\n${output}`));
        }, timeoutMs);
        const onExit = () => {
          cleanup();
          reject(new Error(`the process exited while waiting for ${pattern}; output:\n${output}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
          child.off('exit', onExit);
        };
        waiters.add(check);
        child.on('exit', onExit);
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    async credential(pattern, timeoutMs = 60_000) {
      return waitFor(async () => pattern.exec(await readFile(credentialsFile, 'utf8').catch(() => ''))?.[1], {
        timeout: timeoutMs,
        interval: 100,
        message: () => `${pattern} in ${credentialsFile}; output so far:\n${output}`,
      });
    },
  };
}

/** A fresh temporary folder. */
export function tempDir(prefix = 'sextant-cli-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** A small OpenAPI 3.1 spec: GET /pets/{petId} returning Pet, GET /pets with a `limit` query parameter. */
export function petSpec(
  options: { limitRequired?: boolean; extraField?: boolean; title?: string } = {},
): string {
  return `openapi: 3.1.0
info:
  title: ${options.title ?? 'Pets'}
  version: 1.2.0
servers:
  - url: http://localhost:4010
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      summary: Get a pet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The pet
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
  /pets:
    get:
      operationId: listPets
      summary: List pets
      parameters:
        - { name: limit, in: query, required: ${options.limitRequired ? 'true' : 'false'}, schema: { type: integer } }
      responses:
        '200': { description: ok }
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: { type: integer }
        name: { type: string }${options.extraField ? '\n        tag: { type: string }' : ''}
`;
}

/** Writes `files` (relative path → text) under `dir`. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
}
