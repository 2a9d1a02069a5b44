/**
 * What operations share: docs (title, description, availability), parameter lists, the auth
 * schemes that authorise them and the servers they can be sent to.
 */
import type { Endpoint, Environment, Parameter, WebSocketChannel } from '../ir/index.js';
import { compareMembers } from './compare-members.js';
import { compareReferences } from './compare-shapes.js';
import { ALWAYS, child, type DiffContext, NEVER, type Site } from './context.js';
import { compareDocFields } from './doc-fields.js';

type Documented = { title?: string; description?: string; availability?: string };

/** Title, description and availability of an operation. */
export function compareDocs(
  ctx: DiffContext,
  before: Documented,
  after: Documented,
  site: Site,
  name: string,
): void {
  if ((before.title ?? '') !== (after.title ?? '')) {
    ctx.emit(
      site,
      'title-changed',
      'docs',
      NEVER,
      `${name} title changed from "${before.title}" to "${after.title}"`,
    );
  }
  compareDocFields(ctx, before, after, site, `the ${name}`);
}

/** Path, query or header parameters (`direction` of the site: request, or response for response headers). */
export function compareParameters(
  ctx: DiffContext,
  before: Parameter[],
  after: Parameter[],
  site: Site,
  noun: string,
  caseInsensitive = false,
): void {
  compareMembers(ctx, before, after, site, {
    noun,
    added: 'parameter-added',
    removed: 'parameter-removed',
    required: 'parameter-required',
    optional: 'parameter-optional',
    caseInsensitive,
    compareShapes: compareReferences,
  });
}

/** Which schemes authorise the operation. Any one suffices, so removing one breaks its users. */
function compareAuthList(
  ctx: DiffContext,
  before: string[],
  after: string[],
  site: Site,
  name: string,
): void {
  const at = child(site, 'auth');
  if (before.length === 0 && after.length > 0) {
    ctx.emit(
      at,
      'operation-auth-changed',
      'changed',
      ALWAYS,
      `${name} now requires authentication (${after.join(', ')})`,
    );
    return;
  }
  if (before.length > 0 && after.length === 0) {
    ctx.emit(at, 'operation-auth-changed', 'changed', NEVER, `${name} no longer requires authentication`);
    return;
  }
  for (const scheme of before) {
    if (!after.includes(scheme)) {
      ctx.emit(
        at,
        'operation-auth-changed',
        'removed',
        ALWAYS,
        `${name} no longer accepts auth scheme \`${scheme}\``,
      );
    }
  }
  for (const scheme of after) {
    if (!before.includes(scheme)) {
      ctx.emit(
        at,
        'operation-auth-changed',
        'added',
        NEVER,
        `${name} also accepts auth scheme \`${scheme}\``,
      );
    }
  }
}

/** Servers the operation can be sent to, matched by base URL. Informational: never breaking. */
function compareEnvironments(
  ctx: DiffContext,
  before: Environment[],
  after: Environment[],
  site: Site,
): void {
  const at = child(site, 'environments');
  const urlsBefore = new Set(before.map((environment) => environment.baseUrl));
  const urlsAfter = new Set(after.map((environment) => environment.baseUrl));
  for (const url of urlsBefore) {
    if (!urlsAfter.has(url))
      ctx.emit(at, 'environment-removed', 'removed', NEVER, `server ${url} was removed`);
  }
  for (const url of urlsAfter) {
    if (!urlsBefore.has(url)) ctx.emit(at, 'environment-added', 'added', NEVER, `server ${url} was added`);
  }
}

/** What endpoints and channels share: docs, path/query/header parameters, auth and servers. */
export function compareCallable(
  ctx: DiffContext,
  before: Endpoint | WebSocketChannel,
  after: Endpoint | WebSocketChannel,
  site: Site,
  name: string,
): void {
  const request: Site = { ...site, direction: 'request' };
  compareDocs(ctx, before, after, site, name);
  const lists = [
    ['pathParameters', 'path parameter'],
    ['queryParameters', 'query parameter'],
    ['requestHeaders', 'header'],
  ] as const;
  for (const [field, noun] of lists) {
    compareParameters(
      ctx,
      before[field],
      after[field],
      child(request, field),
      noun,
      field === 'requestHeaders',
    );
  }
  compareAuthList(ctx, before.auth, after.auth, request, name);
  compareEnvironments(ctx, before.environments, after.environments, site);
}
