/**
 * The hosts of the environments (servers) of every registered API definition, as `host:port`:
 * what the proxy may call when its allowlist comes from the registry. Definitions never change
 * or disappear once registered, so the set only grows; `reload` reads the definitions it has
 * not seen yet (each is unpacked once per process, then dropped). Reloads are serialised and
 * spaced, so a stream of refused targets cannot turn into a stream of queries.
 */
import type { ApiDefinition, Environment } from '@sextant/definition';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/index.js';
import { unpackJson } from './compression.js';

/** The registered environment hosts, kept in step with the table on demand. */
export interface EnvironmentHosts {
  /** True when `hostPort` (`host:port`, lower-case, IPv6 in brackets) is a registered environment's. */
  has(hostPort: string): boolean;
  /**
   * Reads the definitions registered since the last read. A call made while a read is under
   * way waits for the next one, so it sees everything committed before it was made. Resolves
   * true when new hosts were added.
   */
  reload(): Promise<boolean>;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'ws:': 80, 'wss:': 443 };
/** Server variables with enums can multiply; past this many URLs only the defaults count. */
const MAX_EXPANSIONS = 256;
/** Sequence numbers can commit out of order; rows this far below the highest seen are read again. */
const SEQ_OVERLAP = 1000n;

/** Every URL an environment can take: its base URL, and each combination of enumerated variables. */
function environmentUrls(environment: Environment): string[] {
  const { urlTemplate, variables } = environment;
  if (!urlTemplate || !variables?.length) return [environment.baseUrl];
  let urls = [urlTemplate];
  for (const variable of variables) {
    const values = variable.enum?.length ? variable.enum : [variable.default];
    if (urls.length * values.length > MAX_EXPANSIONS) return [environment.baseUrl];
    urls = urls.flatMap((url) => values.map((value) => url.replaceAll(`{${variable.name}}`, value)));
  }
  return [environment.baseUrl, ...urls];
}

/**
 * The `host:port` of every environment of a definition's endpoints and WebSocket channels.
 * A server variable with an enum contributes each of its values; one without an enum only its
 * default (a free-form host part cannot be listed).
 * @example environmentHostsOf(definition) // ['api.example.com:443', 'eu.api.example.com:443']
 */
export function environmentHostsOf(definition: Pick<ApiDefinition, 'endpoints' | 'websockets'>): string[] {
  const hosts = new Set<string>();
  const operations = [
    ...Object.values(definition.endpoints ?? {}),
    ...Object.values(definition.websockets ?? {}),
  ];
  for (const { environments } of operations) {
    for (const environment of environments ?? []) {
      for (const text of environmentUrls(environment)) {
        let url: URL;
        try {
          url = new URL(text);
        } catch {
          continue;
        }
        const port = url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol];
        if (port === undefined || !url.hostname) continue;
        const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
        hosts.add(`${host}:${port}`);
      }
    }
  }
  return [...hosts];
}

/**
 * Creates the host set over the registry's table (`database` waits for it to open);
 * `minIntervalMs` spaces the reads.
 * @example const hosts = createEnvironmentHosts(async () => db); await hosts.reload(); hosts.has('api.example.com:443');
 */
export function createEnvironmentHosts(
  database: () => Promise<Kysely<Database>>,
  minIntervalMs = 250,
): EnvironmentHosts {
  const hosts = new Set<string>();
  const seen = new Set<string>();
  let highestSeq = 0n;
  let lastStart = Number.NEGATIVE_INFINITY;
  let running: Promise<boolean> | undefined;
  let queued: Promise<boolean> | undefined;

  const read = async (): Promise<boolean> => {
    const db = await database();
    const floor = highestSeq > SEQ_OVERLAP ? highestSeq - SEQ_OVERLAP : 0n;
    const rows = await db
      .selectFrom('api_definitions')
      .select(['id', 'seq'])
      .where('seq', '>', floor.toString())
      .execute();
    const before = hosts.size;
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      const stored = await db
        .selectFrom('api_definitions')
        .select('definition_gz')
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (!stored) continue;
      const definition = await unpackJson<Pick<ApiDefinition, 'endpoints' | 'websockets'>>(
        stored.definition_gz,
      );
      for (const host of environmentHostsOf(definition)) hosts.add(host);
      seen.add(row.id);
      if (BigInt(row.seq) > highestSeq) highestSeq = BigInt(row.seq);
    }
    return hosts.size > before;
  };

  return {
    has: (hostPort) => hosts.has(hostPort),
    reload() {
      queued ??= (async () => {
        await running?.catch(() => false);
        const wait = lastStart + minIntervalMs - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        queued = undefined;
        lastStart = Date.now();
        running = read();
        try {
          return await running;
        } finally {
          running = undefined;
        }
      })();
      return queued;
    },
  };
}
