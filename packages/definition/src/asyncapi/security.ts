/**
 * AsyncAPI security schemes → IR auth schemes, where they map onto something a WebSocket
 * handshake can carry: `httpApiKey` (header or query) → header / queryParameter, `http` bearer
 * → bearerAuth, `http` basic and `userPassword` → basicAuth, `oauth2` and `openIdConnect` → a
 * bearer token input. Others (X509, SASL, symmetric encryption, apiKey in user/password) are
 * reported and skipped. 2.x requirements name schemes (`[{ name: [] }]`); 3.0 lists `$ref`s.
 */
import type { Location } from '../document/document-set.js';
import { refOf } from '../document/document-set.js';
import type { AuthScheme, AuthSchemeId } from '../ir/auth.js';
import { isObject, pointerAt } from '../schema/schema-predicates.js';
import { type AsyncApiContext, type Json, objectAt, text } from './context.js';
import { lastTokenOf } from './pointer-token.js';

/** Converts `components.securitySchemes` into `context.auths`. */
export function readSecuritySchemes(context: AsyncApiContext, schemes: unknown, at: Location): void {
  if (!isObject(schemes)) return;
  for (const id of Object.keys(schemes)) {
    const { value: scheme, at: schemeAt } = objectAt(
      context,
      schemes[id],
      pointerAt(at, id),
      'a security scheme',
    );
    const auth = convertScheme(context, id, scheme, schemeAt);
    if (auth) context.auths[id] = auth;
  }
}

function convertScheme(
  context: AsyncApiContext,
  id: string,
  scheme: Json,
  at: Location,
): AuthScheme | undefined {
  const description = text(scheme.description);
  const type = text(scheme.type);
  let auth: AuthScheme | undefined;
  if (type === 'httpApiKey') {
    const name = text(scheme.name);
    if (name && scheme.in === 'header') auth = { type: 'header', id, headerWireValue: name };
    else if (name && scheme.in === 'query') auth = { type: 'queryParameter', id, queryParameterName: name };
  } else if (type === 'http') {
    const httpScheme = (text(scheme.scheme) ?? '').toLowerCase();
    if (httpScheme === 'bearer') auth = { type: 'bearerAuth', id };
    else if (httpScheme === 'basic') auth = { type: 'basicAuth', id };
  } else if (type === 'userPassword') {
    auth = { type: 'basicAuth', id };
  } else if (type === 'oauth2' || type === 'openIdConnect') {
    auth = { type: 'bearerAuth', id, tokenName: 'Access token' };
  }
  if (!auth) {
    context.sink.warn(
      at,
      `security scheme "${id}" (${type ?? 'no type'}) cannot be used from a WebSocket playground; ignored`,
    );
    return undefined;
  }
  if (description) auth.description = description;
  return auth;
}

/** Scheme ids of a `security` list: 2.x `[{ name: scopes }]` or 3.0 `[{ $ref }]` / inline schemes. */
export function securityRequirements(
  context: AsyncApiContext,
  security: unknown,
  at: Location,
): AuthSchemeId[] {
  if (!Array.isArray(security)) return [];
  const ids: AuthSchemeId[] = [];
  security.forEach((entry, index) => {
    const ref = refOf(entry);
    if (ref !== undefined) {
      const target = context.docs.refTarget(ref, pointerAt(at, index));
      context.docs.valueAt(target, pointerAt(at, index), ref);
      const id = lastTokenOf(target.pointer);
      if (context.auths[id]) ids.push(id);
      return;
    }
    if (!isObject(entry)) return;
    for (const id of Object.keys(entry)) if (context.auths[id]) ids.push(id);
  });
  return [...new Set(ids)];
}
