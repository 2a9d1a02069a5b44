/**
 * AsyncAPI servers → IR environments and auth requirements. Only WebSocket servers (`ws`,
 * `wss`) become environments; others (mqtt, kafka, amqp, ...) are reported once as a warning
 * and skipped. 2.x servers have a `url` (with or without a scheme); 3.0 servers have `host`
 * and `pathname`. Server variables become environment variables.
 */
import type { Location } from '../document/document-set.js';
import { environmentsOf } from '../import/environments.js';
import type { AuthSchemeId } from '../ir/auth.js';
import { pointerAt } from '../schema/schema-predicates.js';
import { type AsyncApiContext, type Json, objectAt, type ServerInfo, text } from './context.js';
import { securityRequirements } from './security.js';

const WEBSOCKET_PROTOCOLS = new Set(['ws', 'wss']);

/** Converts the document's `servers` map into `context.servers`. */
export function readServers(context: AsyncApiContext, servers: unknown, at: Location): void {
  if (servers === undefined) return;
  const map = objectAt(context, servers, at, '`servers`').value;
  for (const name of Object.keys(map)) {
    const { value: server, at: serverAt } = objectAt(context, map[name], pointerAt(at, name), 'a server');
    const info: ServerInfo = {
      name,
      auth: securityRequirements(context, server.security, pointerAt(serverAt, 'security')),
    };
    const protocol = (text(server.protocol) ?? '').toLowerCase();
    if (!WEBSOCKET_PROTOCOLS.has(protocol)) {
      context.sink.warn(
        serverAt,
        `server "${name}" uses the ${protocol || 'unspecified'} protocol; only ws and wss servers can be tried, so it is skipped`,
      );
      context.servers.set(name, info);
      continue;
    }
    const url = serverUrl(server, protocol);
    if (url === undefined) {
      context.sink.warn(serverAt, `server "${name}" has no \`url\` or \`host\`; skipped`);
      context.servers.set(name, info);
      continue;
    }
    const [environment] = environmentsOf(
      context.docs,
      context.sink,
      context.schemas,
      [
        {
          url,
          description: server.description ?? server.title ?? server.summary,
          variables: server.variables,
        },
      ],
      serverAt,
    );
    if (environment) info.environment = environment;
    context.servers.set(name, info);
  }
}

/** The server's URL with its scheme: 2.x `url` (scheme optional), 3.0 `host` + `pathname`. */
function serverUrl(server: Json, protocol: string): string | undefined {
  const raw =
    text(server.url) ?? (text(server.host) ? `${server.host}${text(server.pathname) ?? ''}` : undefined);
  if (raw === undefined) return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `${protocol}://${raw}`;
}

/** The servers a channel is available on: the listed names, or every server when none are listed. */
export function channelServers(context: AsyncApiContext, names: string[] | undefined): ServerInfo[] {
  if (names === undefined || names.length === 0) return [...context.servers.values()];
  return names
    .map((name) => context.servers.get(name))
    .filter((info): info is ServerInfo => info !== undefined);
}

/** Auth ids of a set of servers, de-duplicated in order. */
export function serverAuth(servers: ServerInfo[]): AuthSchemeId[] {
  return [...new Set(servers.flatMap((server) => server.auth))];
}
