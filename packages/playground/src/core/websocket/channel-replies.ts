/**
 * AsyncAPI 3 replies in the WebSocket playground (`WebSocketChannel.replies`): which server
 * messages answer a client message the reader composes, and which client message a received
 * one answers. Only replies the server sends count: the playground is the client.
 */
import type { WebSocketChannel } from '@sextant/definition';

export interface ExpectedReply {
  /** Display names (else types) of the messages that answer. */
  messages: string[];
  /** The channel they arrive on, when it is not this one. */
  channel?: string;
}

function nameOf(channel: WebSocketChannel, type: string): string {
  return channel.messages.find((message) => message.type === type)?.displayName ?? type;
}

/**
 * The replies to expect after sending a client message of `type`.
 * @example expectedReplies(channel, 'ping') // [{ messages: ['pong'] }]
 */
export function expectedReplies(channel: WebSocketChannel, type: string): ExpectedReply[] {
  return (channel.replies ?? [])
    .filter((reply) => reply.origin === 'server' && reply.requests.includes(type) && reply.replies.length > 0)
    .map((reply) => ({
      messages: reply.replies.map((answer) => nameOf(channel, answer)),
      ...(reply.channel ? { channel: reply.channel } : {}),
    }));
}

/**
 * The client messages (display names) a received message of `type` answers on this channel.
 * @example repliesTo(channel, 'pong') // ['ping']
 */
export function repliesTo(channel: WebSocketChannel, type: string): string[] {
  const requests = (channel.replies ?? [])
    .filter((reply) => reply.origin === 'server' && !reply.channel && reply.replies.includes(type))
    .flatMap((reply) => reply.requests);
  return [...new Set(requests)].map((request) => nameOf(channel, request));
}
