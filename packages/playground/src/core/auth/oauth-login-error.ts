/**
 * Why an OAuth login failed, in words a reader can act on (issue #28 item 8): credentials the
 * token endpoint rejected keep SPEC §8's "Failed to login with the provided credentials" with the
 * server's own reason; a token endpoint that is missing, broken, unreachable or answers without a
 * token says so with its status and address, and switches the card to the plain bearer input
 * (SPEC §8's fallback), since no credentials would help.
 */
import { OAuthLoginError } from '../../errors.js';

import { PROXY_ERROR_HEADER, proxyReason } from '../request/request-lifecycle.js';
import { statusLine } from '../response/answer-details.js';

/** The message shown when the token endpoint rejects the credentials (SPEC §8), before its reason. */
export const OAUTH_LOGIN_FAILED = 'Failed to login with the provided credentials';

/** `rejected`: the credentials; `endpoint`: the token endpoint's answer; `unreachable`: no answer; `no-token`: an answer without a token. */
export type OAuthLoginFailure = 'rejected' | 'endpoint' | 'unreachable' | 'no-token';

export { OAuthLoginError };

/**
 * The error a token endpoint's answer means, or undefined when it is a success to read the token from.
 * @example await tokenResponseError(new Response('', { status: 404 }), 'https://auth.example.com/token')
 * // OAuthLoginError('endpoint', 'The token endpoint answered 404 Not Found (https://auth.example.com/token)')
 */
export async function tokenResponseError(
  response: Response,
  url: string,
): Promise<OAuthLoginError | undefined> {
  const proxyCode = response.headers.get(PROXY_ERROR_HEADER);
  if (proxyCode)
    return new OAuthLoginError(
      'unreachable',
      `Could not reach the token endpoint (${url}): ${await proxyReason(response, proxyCode)}`,
    );
  if (response.ok) return undefined;
  const status = statusLine({ status: response.status, statusText: response.statusText });
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    const reason = oauthErrorText(await response.json().catch(() => undefined));
    return new OAuthLoginError('rejected', `${OAUTH_LOGIN_FAILED}: ${reason ? `${reason} ` : ''}(${status})`);
  }
  return new OAuthLoginError('endpoint', `The token endpoint answered ${status} (${url})`);
}

/** A fetch that threw (network, CORS, abort) as a login error naming the address. */
export function unreachableTokenEndpoint(url: string, error: unknown): OAuthLoginError {
  const reason = error instanceof Error ? error.message : String(error);
  return new OAuthLoginError('unreachable', `Could not reach the token endpoint (${url}): ${reason}`);
}

/** An answer that is not JSON, or holds no token where the scheme says. */
export function noTokenIn(locator: string): OAuthLoginError {
  return new OAuthLoginError('no-token', `The token endpoint's answer has no access token at ${locator}`);
}

/** RFC 6749 §5.2's `error_description`, else `error`, cut to one short line. */
function oauthErrorText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { error, error_description: description } = body as Record<string, unknown>;
  const text =
    typeof description === 'string' && description ? description : typeof error === 'string' ? error : '';
  const line = text.replace(/\s+/g, ' ').trim();
  return line ? line.slice(0, 200) : undefined;
}
