/**
 * Spawning a server for the start-up bench and measuring it from outside: time from spawn to the
 * first 200 of a URL, and the resident memory of its whole process tree (the process and every
 * descendant, from /proc: VmRSS summed), as `ps` would show a user.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A spawned server process group. */
export interface Started {
  child: ChildProcess;
  output: () => string;
  /** SIGTERM to the group, SIGKILL after 10 s; resolves when it has exited. */
  stop: () => Promise<void>;
}

export function start(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Started {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => text,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-(child.pid as number), name);
        } catch {
          // Already gone.
        }
      };
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Milliseconds from `since` until `url` answers 200 (the body read), polling every 20 ms. */
export async function untilOk(
  url: string,
  since: number,
  started: Started,
  timeoutMs = 120_000,
): Promise<number> {
  for (;;) {
    if (started.child.exitCode !== null)
      throw new Error(
        `the process exited (${started.child.exitCode}) before ${url} answered:\n${started.output()}`,
      );
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - since > timeoutMs)
      throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sums a /proc status field (in kB) over `pid` and all its descendants, in MB (Linux). */
function treeStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const pattern = new RegExp(`${field}:\\s+(\\d+)`);
  let kb = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.pop() as number;
    try {
      const status = readFileSync(`/proc/${current}/status`, 'utf8');
      kb += Number(pattern.exec(status)?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${current}/task`)) {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, 'utf8').trim();
        if (children) queue.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return kb / 1024;
}

/** Resident memory of `pid` and all its descendants, in MB (Linux /proc). */
export function treeRssMb(pid: number): number {
  return treeStatusMb(pid, 'VmRSS');
}

/**
 * Peak resident memory of `pid` and its descendants since each started (VmHWM summed), in MB.
 * A process that replaced itself (execve: the sextant bin's start flags) counts from the exec on.
 */
export function treePeakRssMb(pid: number): number {
  return treeStatusMb(pid, 'VmHWM');
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
