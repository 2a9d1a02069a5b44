/**
 * AsyncAPI 2.x channels: the map key is the address; `publish` (the client sends → origin
 * `client`) and `subscribe` (the server sends → origin `server`) each carry one message or a
 * `oneOf` of messages. `servers` lists server names (2.2+).
 */
import type { Location } from '../document/document-set.js';
import { firstTagName } from '../import/navigation-groups.js';
import type { MessageOrigin } from '../ir/endpoint.js';
import { isObject, pointerAt } from '../schema/index.js';
import { type ChannelDraft, idFromAddress } from './build-channel.js';
import { type ConvertedMessage, convertMessage } from './channel-parts.js';
import { type AsyncApiContext, type Json, objectAt, optionalObjectAt, text } from './context.js';
import { securityRequirements } from './security.js';

const OPERATIONS: [key: 'publish' | 'subscribe', origin: MessageOrigin][] = [
  ['publish', 'client'],
  ['subscribe', 'server'],
];

/** The channels of a 2.x document. */
export function channelsV2(context: AsyncApiContext, root: Json, rootAt: Location): ChannelDraft[] {
  const channelsAt = pointerAt(rootAt, 'channels');
  const channels = optionalObjectAt(context, root.channels, channelsAt, '`channels`')?.value ?? {};
  return Object.keys(channels).map((address) => {
    const { value: channel, at } = objectAt(
      context,
      channels[address],
      pointerAt(channelsAt, address),
      'a channel',
    );
    const messages: ConvertedMessage[] = [];
    const operationAuth: string[] = [];
    let tag: string | undefined;
    for (const [key, origin] of OPERATIONS) {
      const operation = optionalObjectAt(context, channel[key], pointerAt(at, key), `\`${key}\``);
      if (!operation) continue;
      tag ??= firstTagName(operation.value.tags);
      operationAuth.push(
        ...securityRequirements(context, operation.value.security, pointerAt(operation.at, 'security')),
      );
      const base = text(operation.value.operationId) ?? `${idFromAddress(address)}_${key}`;
      messages.push(
        ...operationMessages(
          context,
          operation.value.message,
          pointerAt(operation.at, 'message'),
          origin,
          base,
        ),
      );
    }
    return {
      idBase: idFromAddress(address),
      title: address,
      address,
      channel,
      at,
      serverNames: Array.isArray(channel.servers)
        ? channel.servers.filter((s): s is string => typeof s === 'string')
        : undefined,
      messages,
      operationAuth,
      tag,
    };
  });
}

/** One message or a `oneOf` list of messages. */
function operationMessages(
  context: AsyncApiContext,
  raw: unknown,
  at: Location,
  origin: MessageOrigin,
  base: string,
): ConvertedMessage[] {
  if (raw === undefined) return [];
  const { value, at: resolvedAt } = objectAt(context, raw, at, 'a message');
  if (Array.isArray(value.oneOf)) {
    return value.oneOf.map((entry, index) =>
      convertMessage(context, entry, pointerAt(resolvedAt, 'oneOf', index), origin, `${base}_${index + 1}`),
    );
  }
  if (!isObject(value)) return [];
  return [convertMessage(context, raw, at, origin, base)];
}
