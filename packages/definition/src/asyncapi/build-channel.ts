/**
 * A channel read from either AsyncAPI version (a draft) → the IR `WebSocketChannel`: path
 * parts and parameters from the address, binding headers and query, environments and auth
 * from its ws servers, messages de-duplicated by (type, origin).
 */
import type { Location } from '../document/document-set.js';
import type { AuthSchemeId } from '../ir/auth.js';
import type { ChannelExample, ChannelReply, Environment, WebSocketChannel } from '../ir/endpoint.js';
import { parsePath } from '../openapi/paths.js';
import { availabilityOf, pascalCase, pointerAt, type SchemaObject } from '../schema/index.js';
import {
  addressParameterNames,
  bindingParameters,
  type ConvertedMessage,
  channelParameters,
} from './channel-parts.js';
import type { AsyncApiContext, Json } from './context.js';
import { channelServers, serverAuth } from './servers.js';

/** What both readers extract from a channel before it is built. */
export interface ChannelDraft {
  /** Base of the channel id (made unique when built). */
  idBase: string;
  title: string;
  address: string | undefined;
  channel: Json;
  at: Location;
  /** Server names the channel is restricted to (undefined: all). */
  serverNames: string[] | undefined;
  messages: ConvertedMessage[];
  /** Auth ids required by the channel's operations (3.0 operation security). */
  operationAuth: AuthSchemeId[];
  tag: string | undefined;
  /** AsyncAPI 3 operation replies on this channel's messages. */
  replies?: ChannelReply[];
}

/** Builds the IR channel of a draft. */
export function buildChannel(context: AsyncApiContext, draft: ChannelDraft): WebSocketChannel {
  const { channel, at } = draft;
  const hint = pascalCase(draft.idBase);
  if (draft.address === undefined)
    context.sink.warn(at, 'channel without an address; shown at the server root');
  const address = draft.address ?? '';
  const servers = channelServers(context, draft.serverNames);
  const environments: Environment[] = [];
  for (const server of servers) if (server.environment) environments.push(server.environment);
  if (servers.length > 0 && environments.length === 0) {
    context.sink.warn(
      at,
      'the channel is only available on servers that are not ws/wss; the playground cannot connect to it',
    );
  }
  const messages: WebSocketChannel['messages'] = [];
  const examples: ChannelExample[] = [];
  const seen = new Set<string>();
  for (const converted of draft.messages) {
    const key = `${converted.message.origin}|${converted.message.type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    messages.push(converted.message);
    examples.push(...converted.examples);
  }
  const result: WebSocketChannel = {
    id: context.channelIds.take(draft.idBase),
    title: draft.title,
    path: parsePath(address),
    pathParameters: channelParameters(
      context,
      channel.parameters,
      pointerAt(at, 'parameters'),
      addressParameterNames(address),
      hint,
    ),
    queryParameters: bindingParameters(
      context,
      channel.bindings,
      pointerAt(at, 'bindings'),
      'query',
      `${hint}Query`,
    ),
    requestHeaders: bindingParameters(
      context,
      channel.bindings,
      pointerAt(at, 'bindings'),
      'headers',
      `${hint}Header`,
    ),
    environments,
    auth: [
      ...new Set([...serverAuth(servers.filter((server) => server.environment)), ...draft.operationAuth]),
    ],
    messages,
    examples,
  };
  const description = typeof channel.description === 'string' ? channel.description : undefined;
  if (description) result.description = description;
  const availability = availabilityOf(channel as SchemaObject);
  if (availability) result.availability = availability;
  if (draft.replies?.length) result.replies = draft.replies;
  return result;
}

/** An id base from a channel address or key: `/chat/{roomId}` → `chat_roomId`. */
export function idFromAddress(address: string): string {
  return (
    address
      .replace(/[{}]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'root'
  );
}
