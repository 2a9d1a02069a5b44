/**
 * AsyncAPI 3.0 channels and operations. Channels hold `address`, `messages` (a map),
 * `parameters`, `servers` (`$ref`s to servers) and `bindings`; operations point at a channel
 * and some of its messages with an `action`: `send` (the application — the API server — sends:
 * origin `server`) or `receive` (the API receives what the reader sends: origin `client`).
 * An operation's `reply` (its channel, the operation's own by default, its messages and address)
 * gives the reply's messages the other side's origin and becomes the channel's `replies`.
 * A message no operation uses keeps origin `server` with a warning.
 */
import { type Location, locationKey, refOf } from '../document/document-set.js';
import { firstTagName } from '../import/navigation-groups.js';
import type { ChannelReply, MessageOrigin } from '../ir/endpoint.js';
import { isObject, pointerAt } from '../schema/index.js';
import { type ChannelDraft, idFromAddress } from './build-channel.js';
import { convertMessage } from './channel-parts.js';
import { type AsyncApiContext, type Json, objectAt, optionalObjectAt, text } from './context.js';
import { lastTokenOf } from './pointer-token.js';
import { securityRequirements } from './security.js';

interface ChannelUse {
  /** Origins per message key. */
  origins: Map<string, Set<MessageOrigin>>;
  auth: string[];
  tag: string | undefined;
  replies: ReplyUse[];
}

/** An operation's reply, by channel and message keys (types are known once messages are read). */
interface ReplyUse {
  operation: string;
  requestKeys: string[];
  replyChannelKey: string;
  replyKeys: string[];
  origin: MessageOrigin;
  address?: ChannelReply['address'];
}

const noUse = (): ChannelUse => ({ origins: new Map(), auth: [], tag: undefined, replies: [] });

/** The channels of a 3.0 document, with message origins from its operations. */
export function channelsV3(context: AsyncApiContext, root: Json, rootAt: Location): ChannelDraft[] {
  const channelsAt = pointerAt(rootAt, 'channels');
  const channels = optionalObjectAt(context, root.channels, channelsAt, '`channels`')?.value ?? {};
  const uses = operationUses(context, root, rootAt, channels, channelsAt);
  return Object.keys(channels).map((key) => {
    const { value: channel, at } = objectAt(context, channels[key], pointerAt(channelsAt, key), 'a channel');
    const use: ChannelUse = uses.get(key) ?? noUse();
    const messagesAt = pointerAt(at, 'messages');
    const messageMap = optionalObjectAt(context, channel.messages, messagesAt, '`messages`')?.value ?? {};
    const messages = Object.keys(messageMap).flatMap((messageKey) => {
      let origins = use.origins.get(messageKey);
      if (!origins || origins.size === 0) {
        context.sink.warn(
          pointerAt(messagesAt, messageKey),
          'no operation sends or receives this message; shown as sent by the server',
        );
        origins = new Set(['server']);
      }
      return [...origins].map((origin) =>
        convertMessage(
          context,
          messageMap[messageKey],
          pointerAt(messagesAt, messageKey),
          origin,
          messageKey,
        ),
      );
    });
    const serverNames = Array.isArray(channel.servers)
      ? channel.servers
          .map((entry) => {
            const ref = refOf(entry);
            return ref === undefined ? undefined : lastTokenOf(context.docs.refTarget(ref, at).pointer);
          })
          .filter((name): name is string => name !== undefined)
      : undefined;
    const address = typeof channel.address === 'string' ? channel.address : undefined;
    return {
      idBase: idFromAddress(key),
      title: text(channel.title) ?? address ?? key,
      address,
      channel,
      at,
      serverNames,
      messages,
      operationAuth: use.auth,
      tag: firstTagName(channel.tags) ?? use.tag,
      replies: use.replies.map((reply) => channelReply(context, reply, key, channels, channelsAt)),
    };
  });
}

/** A reply use → the IR reply, message keys read as the message types the channel pages show. */
function channelReply(
  context: AsyncApiContext,
  reply: ReplyUse,
  channelKey: string,
  channels: Json,
  channelsAt: Location,
): ChannelReply {
  const typesOf = (key: string, messageKeys: string[]) => {
    const at = pointerAt(channelsAt, key);
    const channel = context.docs.deref(channels[key], at);
    const messages =
      isObject(channel.value) && isObject(channel.value.messages) ? channel.value.messages : {};
    return messageKeys.map((messageKey) => {
      const found = context.docs.deref(messages[messageKey], pointerAt(channel.at, 'messages', messageKey));
      return isObject(found.value) ? messageType(found.value, messageKey) : messageKey;
    });
  };
  const out: ChannelReply = {
    operation: reply.operation,
    requests: typesOf(channelKey, reply.requestKeys),
    replies: typesOf(reply.replyChannelKey, reply.replyKeys),
    origin: reply.origin,
  };
  if (reply.replyChannelKey !== channelKey) {
    const other = context.docs.deref(
      channels[reply.replyChannelKey],
      pointerAt(channelsAt, reply.replyChannelKey),
    );
    const value = isObject(other.value) ? other.value : {};
    out.channel = text(value.title) ?? text(value.address) ?? reply.replyChannelKey;
  }
  if (reply.address) out.address = reply.address;
  return out;
}

/** For each channel key: which of its messages are sent and received, and by whom. */
function operationUses(
  context: AsyncApiContext,
  root: Json,
  rootAt: Location,
  channels: Json,
  channelsAt: Location,
): Map<string, ChannelUse> {
  const uses = new Map<string, ChannelUse>();
  const operationsAt = pointerAt(rootAt, 'operations');
  const operations = optionalObjectAt(context, root.operations, operationsAt, '`operations`')?.value ?? {};
  for (const name of Object.keys(operations)) {
    const { value: operation, at } = objectAt(
      context,
      operations[name],
      pointerAt(operationsAt, name),
      'an operation',
    );
    if (operation.action !== 'send' && operation.action !== 'receive') {
      context.sink.warn(
        pointerAt(at, 'action'),
        'operation `action` must be send or receive; operation ignored',
      );
      continue;
    }
    const channelRef = refOf(operation.channel);
    if (channelRef === undefined) {
      context.sink.warn(pointerAt(at, 'channel'), 'operation without a `channel` $ref; ignored');
      continue;
    }
    const target = context.docs.refTarget(channelRef, pointerAt(at, 'channel'));
    context.docs.valueAt(target, pointerAt(at, 'channel'), channelRef);
    const channelKey = lastTokenOf(target.pointer);
    if (!(channelKey in channels)) {
      context.sink.warn(
        pointerAt(at, 'channel'),
        `operation channel "${channelRef}" is not under \`channels\`; ignored`,
      );
      continue;
    }
    const use: ChannelUse = uses.get(channelKey) ?? noUse();
    uses.set(channelKey, use);
    const origin: MessageOrigin = operation.action === 'send' ? 'server' : 'client';
    use.auth.push(...securityRequirements(context, operation.security, pointerAt(at, 'security')));
    use.tag ??= firstTagName(operation.tags);
    const requestKeys = operationMessageKeys(
      context,
      operation,
      at,
      channels[channelKey],
      pointerAt(channelsAt, channelKey),
    );
    for (const messageKey of requestKeys) addOrigin(use, messageKey, origin);
    if (operation.reply === undefined) continue;
    const reply = operationReply(
      context,
      operation.reply,
      pointerAt(at, 'reply'),
      channelKey,
      channels,
      channelsAt,
    );
    if (!reply) continue;
    const replyOrigin: MessageOrigin = origin === 'server' ? 'client' : 'server';
    const replyUse = uses.get(reply.channelKey) ?? noUse();
    uses.set(reply.channelKey, replyUse);
    for (const messageKey of reply.messageKeys) addOrigin(replyUse, messageKey, replyOrigin);
    const replyEntry: ReplyUse = {
      operation: name,
      requestKeys,
      replyChannelKey: reply.channelKey,
      replyKeys: reply.messageKeys,
      origin: replyOrigin,
    };
    if (reply.address) replyEntry.address = reply.address;
    use.replies.push(replyEntry);
  }
  return uses;
}

function addOrigin(use: ChannelUse, messageKey: string, origin: MessageOrigin): void {
  const origins = use.origins.get(messageKey) ?? new Set<MessageOrigin>();
  origins.add(origin);
  use.origins.set(messageKey, origins);
}

/**
 * An operation's `reply`: its channel (the operation's own when it names none), its message keys
 * (all of that channel's when it lists none) and its address. A malformed reply is warned about
 * and left out.
 */
function operationReply(
  context: AsyncApiContext,
  raw: unknown,
  at: Location,
  operationChannelKey: string,
  channels: Json,
  channelsAt: Location,
): { channelKey: string; messageKeys: string[]; address?: ChannelReply['address'] } | undefined {
  const resolved = context.docs.deref(raw, at);
  if (!isObject(resolved.value)) {
    context.sink.warn(at, 'operation `reply` must be an object; ignored');
    return undefined;
  }
  const reply = resolved.value;
  let channelKey = operationChannelKey;
  if (reply.channel !== undefined) {
    const ref = refOf(reply.channel);
    const key =
      ref === undefined
        ? undefined
        : lastTokenOf(context.docs.refTarget(ref, pointerAt(resolved.at, 'channel')).pointer);
    if (key === undefined || !(key in channels)) {
      context.sink.warn(
        pointerAt(resolved.at, 'channel'),
        'reply `channel` is not a $ref to a channel under `channels`; reply ignored',
      );
      return undefined;
    }
    channelKey = key;
  }
  const messageKeys = operationMessageKeys(
    context,
    reply,
    resolved.at,
    channels[channelKey],
    pointerAt(channelsAt, channelKey),
  );
  const out: { channelKey: string; messageKeys: string[]; address?: ChannelReply['address'] } = {
    channelKey,
    messageKeys,
  };
  const address = context.docs.deref(reply.address, pointerAt(resolved.at, 'address')).value;
  if (isObject(address)) {
    const location = text(address.location);
    const description = text(address.description);
    if (location || description)
      out.address = { ...(location ? { location } : {}), ...(description ? { description } : {}) };
  }
  return out;
}

/** A message's type: its `name`, else its `messageId`, else its key (as `convertMessage` reads it). */
function messageType(message: Json, key: string): string {
  return text(message.name) ?? text(message.messageId) ?? key;
}

/** The channel message keys an operation lists (all of the channel's when it lists none). */
function operationMessageKeys(
  context: AsyncApiContext,
  operation: Json,
  at: Location,
  rawChannel: unknown,
  channelAt: Location,
): string[] {
  const channel = context.docs.deref(rawChannel, channelAt);
  const messages = isObject(channel.value) && isObject(channel.value.messages) ? channel.value.messages : {};
  const messagesAt = pointerAt(channel.at, 'messages');
  const keys = Object.keys(messages);
  if (!Array.isArray(operation.messages) || operation.messages.length === 0) return keys;
  // A message may be referenced at its channel position or at its component; match either.
  const byLocation = new Map<string, string>();
  for (const key of keys) {
    const position = pointerAt(messagesAt, key);
    byLocation.set(locationKey(position), key);
    byLocation.set(locationKey(context.docs.deref(messages[key], position).at), key);
  }
  const out: string[] = [];
  operation.messages.forEach((entry, index) => {
    const ref = refOf(entry);
    const entryAt = pointerAt(at, 'messages', index);
    if (ref === undefined) return;
    const target = context.docs.refTarget(ref, entryAt);
    const key =
      byLocation.get(locationKey(target)) ??
      byLocation.get(locationKey(context.docs.deref(entry, entryAt).at));
    if (key === undefined)
      context.sink.warn(entryAt, `operation message "${ref}" is not a message of its channel; ignored`);
    else out.push(key);
  });
  return out;
}
