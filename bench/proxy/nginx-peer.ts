/**
 * nginx as the proxy benchmark's peer: a plain reverse proxy written in C, in front of the same
 * loopback upstream, so one run shows how close to the machine's limit any proxy gets. One worker
 * process (`master_process off`), like Sextant's single proxy process; keep-alive to the upstream,
 * no buffering, no access log. nginx does none of Sextant's checks (target resolution and
 * classification, header allowlist, caps): it is the floor a relay's cost can reach, not a rival.
 *
 * Debian's `nginx-light` is installed with apt-get when missing (as the test setup installs
 * Chromium); set NGINX to use another binary, or NGINX=off to skip the peer.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface NginxPeer {
  port: number;
  /** CPU time (user + system, µs) the nginx process has used so far. */
  cpu: () => Promise<number>;
  stop: () => Promise<void>;
}

const DEFAULT_BINARY = '/usr/sbin/nginx';

/** The nginx binary, installing Debian's nginx-light first when it is missing; undefined to skip. */
function nginxBinary(): string | undefined {
  const configured = process.env.NGINX;
  if (configured === 'off') return undefined;
  if (configured) return configured;
  if (existsSync(DEFAULT_BINARY)) return DEFAULT_BINARY;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  console.log('nginx (the peer proxy) is missing: installing Debian package nginx-light');
  const result = spawnSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light`,
    { shell: true, stdio: 'inherit' },
  );
  return result.status === 0 && existsSync(DEFAULT_BINARY) ? DEFAULT_BINARY : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function config(dir: string, port: number, upstreamPort: number): string {
  return `worker_processes 1;
master_process off;
daemon off;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 1000000;
  upstream bench_upstream {
    server 127.0.0.1:${upstreamPort};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://bench_upstream;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
    }
  }
}
`;
}

/** User + system CPU of a process from /proc, in µs (clock ticks of 10 ms on Linux). */
async function processCpu(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10_000;
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    const open = await fetch(`http://127.0.0.1:${port}/json`).then(
      (r) => r.arrayBuffer().then(() => r.ok),
      () => false,
    );
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('nginx did not answer within 5 s');
}

/** Starts nginx in front of the upstream; undefined when there is no nginx to run. */
export async function startNginx(upstreamPort: number): Promise<NginxPeer | undefined> {
  const binary = nginxBinary();
  if (!binary) return undefined;
  const dir = await mkdtemp(join(tmpdir(), 'sextant-bench-nginx-'));
  const port = await freePort();
  await writeFile(join(dir, 'nginx.conf'), config(dir, port, upstreamPort));
  const child = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'inherit' });
  await waitForPort(port, child);
  const pid = child.pid as number;
  return {
    port,
    cpu: () => processCpu(pid),
    stop: async () => {
      child.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
