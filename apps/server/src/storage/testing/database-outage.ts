/**
 * What the database-loss tests share (storage/database-loss.postgres.test.ts, the server in
 * process; e2e/database-loss.e2e.ts, `sextant serve` as a child on a private cluster): a small
 * published docs site, HTTP over real keep-alive sockets, steady traffic (two page readers, one
 * writer, one /readyz poller) recorded with timestamps, the rules the traffic must keep
 * ({@link trafficProblems}) and a bounded poll ({@link within}).
 */
import { Agent, request as httpRequest } from 'node:http';
import { defaultDocsConfig } from '@sextant/definition';
import { endpoint, petStore } from '../../registry/testing/fixtures.js';

/** The docs site's host. */
export const OUTAGE_HOST = 'loss.docs.test';
/** Longest a recovery may take: writes back, /readyz 200, the LISTEN connection back. */
export const RECOVERY_LIMIT_MS = 5000;
/** Pages a reader has seen: home, an endpoint page, their markdown, the search index. */
export const KNOWN_PAGES = [
  '/',
  '/api/get-pet',
  '/api/get-pet.md',
  '/index.md',
  '/_sextant/search-index.json',
];

/** An HTTP answer, read whole. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** HTTP to one server on loopback. */
export interface ServerHttp {
  call(method: string, path: string, headers?: Record<string, string>, body?: string): Promise<Answer>;
  close(): void;
}

/** Requests to `127.0.0.1:port` over keep-alive sockets (15 s timeout each). */
export function serverHttp(port: number): ServerHttp {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  return {
    call: (method, path, headers = {}, body) =>
      new Promise((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, method, path, headers, agent, timeout: 15_000 },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
          },
        );
        req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
        req.on('error', reject);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
}

/** GET a page of the docs site. */
export const getPage = (http: ServerHttp, path: string) => http.call('GET', path, { host: OUTAGE_HOST });

/** A write that needs the database: the token's lookup, then a transaction storing a definition. */
export const writeDefinition = (http: ServerHttp, token: string, orgId: string) =>
  http.call(
    'POST',
    '/registry/api/register',
    { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    JSON.stringify({ orgId, apiId: 'pets', definition: petStore([]) }),
  );

/** Publishes a home page and the API reference with one endpoint page (`/api/get-pet`) at {@link OUTAGE_HOST}. */
export async function publishOutageSite(http: ServerHttp, token: string, orgId: string): Promise<void> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const post = async (path: string, body: unknown) => {
    const answer = await http.call('POST', path, headers, JSON.stringify(body));
    if (answer.status !== 200) throw new Error(`POST ${path}: ${answer.status} ${answer.body}`);
    return JSON.parse(answer.body) as Record<string, string>;
  };
  const api = await post('/registry/api/register', {
    orgId,
    apiId: 'pets',
    definition: petStore([endpoint('listPets', '/pets'), endpoint('getPet', '/pets/{id}')]),
  });
  const init = await post('/v2/registry/docs/v2/init', { orgId, domain: OUTAGE_HOST });
  const getPet = {
    type: 'endpoint',
    title: 'Get pet',
    slug: 'api/get-pet',
    apiId: 'pets',
    endpointId: 'getPet',
  };
  await post(`/v2/registry/docs/register/${init.docsRegistrationId}`, {
    apiDefinitionIds: { pets: api.apiDefinitionId },
    docsDefinition: {
      docsVersion: 1,
      config: defaultDocsConfig('Loss'),
      navigation: [
        { type: 'page', title: 'Loss', slug: '', pageId: 'home' },
        {
          type: 'apiReference',
          title: 'API',
          slug: 'api',
          apiId: 'pets',
          children: [{ ...getPet, method: 'GET' }],
        },
      ],
      pages: { home: { id: 'home', title: 'Loss', slug: '', layout: 'guide', markdown: '# Loss' } },
      homeSlug: '',
    },
  });
}

/** The registry's docs invalidations as they arrive (`GET /docs-cache/events`). */
export interface InvalidationWatch {
  /** The whole cache was dropped (as when the LISTEN connection came back) after `since`. */
  droppedAllAfter(since: number): boolean;
  close(): void;
}

/**
 * Follows the registry's invalidation stream. The LISTEN connection's return drops every docs
 * cache (NOTIFYs may have been missed): a test waits for that before it reads the pages again.
 */
export function watchInvalidations(port: number): Promise<InvalidationWatch> {
  const dropped: number[] = [];
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/docs-cache/events', agent: false },
      (response) => {
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          const frames = buffer.split('\n\n');
          buffer = frames.pop() ?? '';
          for (const frame of frames)
            if (frame.includes('event: invalidate') && frame.includes('"all"')) dropped.push(Date.now());
        });
        response.on('error', () => undefined);
        resolve({
          droppedAllAfter: (since) => dropped.some((at) => at > since),
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Before a loss: waits until the LISTEN connection is back from the previous loss (its return
 * drops the docs caches, as NOTIFYs may have been missed), reads every known page, so each is
 * cached again, and waits for the traffic's reads sent before then (one that reloaded a page
 * from the database while it was not cached yet may still be waiting for it). From then on every
 * read is of a page the server knows. Throws when a page does not answer 200.
 */
export async function warmPages(
  http: ServerHttp,
  invalidations: InvalidationWatch,
  traffic: Traffic,
  previousLoss: number | undefined,
): Promise<void> {
  if (previousLoss !== undefined)
    await within("the caches dropped on the LISTEN connection's return", RECOVERY_LIMIT_MS, async () =>
      invalidations.droppedAllAfter(previousLoss),
    );
  for (const path of KNOWN_PAGES) {
    const { status } = await getPage(http, path);
    if (status !== 200) throw new Error(`${path} answered ${status} before the loss`);
  }
  const warmed = Date.now();
  await within('reads sent before the pages were cached', RECOVERY_LIMIT_MS, async () =>
    traffic.readsAnsweredBefore(warmed),
  );
}

/** Traffic recorded while it runs. */
export interface Traffic {
  /** When the traffic started (problems and timelines count from it). */
  startedAt: number;
  reads: { at: number; path: string; status: number }[];
  /** Each write: when it was sent, when its answer came, the answer. */
  writes: { at: number; doneAt: number; answer: Answer }[];
  probes: { at: number; doneAt: number; status: number }[];
  /** Some write issued after `since` succeeded. */
  writeSucceededAfter(since: number): boolean;
  /** Every read sent before `time` has its answer. */
  readsAnsweredBefore(time: number): boolean;
  /** Milliseconds from `since` to the first successful write's answer and the first /readyz 200 sent after it. */
  recoveredAfter(since: number): { write?: number; ready?: number };
  /** Stops every loop and waits for the requests in flight. */
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts two page readers (every 5 ms), a writer (every 40 ms) and a /readyz poller (every 100 ms). */
export function startTraffic(http: ServerHttp, token: string, orgId: string): Traffic {
  const traffic: Omit<Traffic, 'stop' | 'writeSucceededAfter' | 'readsAnsweredBefore' | 'recoveredAfter'> = {
    startedAt: Date.now(),
    reads: [],
    writes: [],
    probes: [],
  };
  let running = true;
  const loop = async (step: () => Promise<void>, gapMs: number) => {
    while (running) {
      await step();
      await pause(gapMs);
    }
  };
  let next = 0;
  // A request that fails outright (no HTTP answer) is recorded as status 0.
  const pending = new Set<{ at: number }>();
  const read = async () => {
    const path = KNOWN_PAGES[next++ % KNOWN_PAGES.length] as string;
    const sent = { at: Date.now() };
    pending.add(sent);
    const { status } = await getPage(http, path).catch(() => ({ status: 0 }));
    pending.delete(sent);
    traffic.reads.push({ at: sent.at, path, status });
  };
  const write = async () => {
    const at = Date.now();
    const answer = await writeDefinition(http, token, orgId).catch(
      (error: Error): Answer => ({ status: 0, headers: {}, body: error.message }),
    );
    traffic.writes.push({ at, doneAt: Date.now(), answer });
  };
  const probe = async () => {
    const at = Date.now();
    const { status } = await http.call('GET', '/readyz').catch(() => ({ status: 0 }));
    traffic.probes.push({ at, doneAt: Date.now(), status });
  };
  const loops = [loop(read, 5), loop(read, 5), loop(write, 40), loop(probe, 100)];
  return {
    ...traffic,
    writeSucceededAfter: (since) =>
      traffic.writes.some((entry) => entry.at > since && entry.answer.status === 200),
    readsAnsweredBefore: (time) => [...pending].every((sent) => sent.at >= time),
    recoveredAfter(since) {
      const write = traffic.writes.find((entry) => entry.at > since && entry.answer.status === 200);
      const ready = traffic.probes.find((probe) => probe.at > since && probe.status === 200);
      return {
        ...(write ? { write: write.doneAt - since } : {}),
        ...(ready ? { ready: ready.doneAt - since } : {}),
      };
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * What the traffic broke, as readable lines (none when it kept every rule): a read of a known
 * page that was not 200; a failed write that was not 503 UnavailableError with Retry-After; a
 * write sent and answered during the outage (`outage.from`–`outage.to`, when nothing could
 * reach the database) that did not fail; no /readyz 503 during the outage.
 */
export function trafficProblems(traffic: Traffic, outage: { from: number; to: number }): string[] {
  const problems: string[] = [];
  for (const read of traffic.reads.filter((entry) => entry.status !== 200).slice(0, 5))
    problems.push(`+${read.at - traffic.startedAt} ms: read ${read.path} answered ${read.status}`);
  for (const { at, answer } of traffic.writes.filter((entry) => entry.answer.status !== 200).slice(0, 50)) {
    let name: unknown;
    try {
      name = (JSON.parse(answer.body) as { error?: unknown }).error;
    } catch {
      name = answer.body.slice(0, 80);
    }
    if (answer.status !== 503 || name !== 'UnavailableError' || answer.headers['retry-after'] !== '1')
      problems.push(
        `+${at - traffic.startedAt} ms: write answered ${answer.status} ${String(name)} (retry-after ${answer.headers['retry-after']})`,
      );
  }
  // Sent and answered while nothing could reach the database (one sent just before the end may
  // reach it after).
  const during = traffic.writes.filter((entry) => entry.at > outage.from && entry.doneAt < outage.to);
  if (during.length < 3) problems.push(`only ${during.length} writes during the outage`);
  for (const entry of during.filter((write) => write.answer.status === 200))
    problems.push(
      `+${entry.at - traffic.startedAt} ms: a write sent during the outage succeeded (answered at +${entry.doneAt - traffic.startedAt} ms)`,
    );
  if (!traffic.probes.some((probe) => probe.at > outage.from && probe.at < outage.to && probe.status === 503))
    problems.push('/readyz never answered 503 during the outage');
  return problems;
}

/**
 * Polls `check` every 25 ms (a rejection counts as false); resolves with the time it took, or
 * rejects naming `what` after `limitMs`.
 */
export async function within(what: string, limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await pause(25);
  }
  throw new Error(`${what}: not within ${limitMs} ms`);
}
