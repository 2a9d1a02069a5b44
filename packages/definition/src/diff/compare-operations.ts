/**
 * Compares one matched pair of operations: an HTTP endpoint (parameters, request bodies,
 * responses, errors, auth, servers), a WebSocket channel (parameters and messages) or a webhook
 * (headers and payload). Parameters and request bodies are data the client sends; responses,
 * errors, server messages and webhook payloads are data it reads.
 */
import type { Endpoint, Webhook, WebSocketChannel } from '../ir/index.js';
import { cookieParametersOf } from '../ir/read-types.js';
import { compareCallable, compareDocs, compareParameters } from './compare-callable.js';
import { compareRequests } from './compare-requests.js';
import { compareErrors, compareResponses } from './compare-responses.js';
import { compareReferences } from './compare-shapes.js';
import { ALWAYS, child, type DiffContext, NEVER, type Site } from './context.js';
import { compareDescription } from './doc-fields.js';

/** Compares two endpoints matched by method and path (or by OpenRPC method name). */
export function compareEndpoints(ctx: DiffContext, before: Endpoint, after: Endpoint, site: Site): void {
  const request: Site = { ...site, direction: 'request' };
  const response: Site = { ...site, direction: 'response' };
  compareCallable(ctx, before, after, site, 'endpoint');
  // Cookie names are case-sensitive (RFC 6265), unlike header names.
  compareParameters(
    ctx,
    [...cookieParametersOf(before)],
    [...cookieParametersOf(after)],
    child(request, 'cookieParameters'),
    'cookie',
  );
  compareRequests(ctx, before.requests, after.requests, child(request, 'request'));
  compareResponses(ctx, before.responses, after.responses, child(response, 'responses'));
  compareErrors(ctx, before, after, child(response, 'errors'));
}

/** Compares two WebSocket channels matched by path. */
export function compareChannels(
  ctx: DiffContext,
  before: WebSocketChannel,
  after: WebSocketChannel,
  site: Site,
): void {
  compareCallable(ctx, before, after, site, 'channel');
  const key = (message: { origin: string; type: string }) => `${message.origin}:${message.type}`;
  const afterByKey = new Map(after.messages.map((message) => [key(message), message]));
  const beforeKeys = new Set(before.messages.map(key));
  for (const old of before.messages) {
    const at: Site = {
      ...child(child(site, 'messages'), key(old)),
      direction: old.origin === 'client' ? 'request' : 'response',
    };
    const next = afterByKey.get(key(old));
    if (!next) {
      // Clients sending it are refused; clients waiting for it wait forever.
      ctx.emit(at, 'message-removed', 'removed', ALWAYS, `${old.origin} message \`${old.type}\` was removed`);
      continue;
    }
    compareDescription(ctx, old, next, at, `${old.origin} message \`${old.type}\``);
    compareReferences(ctx, old.body, next.body, child(at, 'body'));
  }
  for (const added of after.messages) {
    if (beforeKeys.has(key(added))) continue;
    // A new server message type is ignored by clients that dispatch on `type`: not breaking.
    ctx.emit(
      child(child(site, 'messages'), key(added)),
      'message-added',
      'added',
      NEVER,
      `${added.origin} message \`${added.type}\` was added`,
    );
  }
}

/** Compares two webhooks matched by method and event name. The receiver reads the payload. */
export function compareWebhooks(ctx: DiffContext, before: Webhook, after: Webhook, site: Site): void {
  const response: Site = { ...site, direction: 'response' };
  compareDocs(ctx, before, after, site, 'webhook');
  compareParameters(ctx, before.headers, after.headers, child(response, 'headers'), 'header', true);
  if (before.payload.contentType !== after.payload.contentType) {
    ctx.emit(
      child(response, 'payload'),
      'body-changed',
      'changed',
      ALWAYS,
      `payload content type changed from ${before.payload.contentType} to ${after.payload.contentType}`,
    );
  }
  compareReferences(ctx, before.payload.shape, after.payload.shape, child(response, 'payload'));
}
