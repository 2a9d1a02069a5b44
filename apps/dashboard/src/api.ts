/**
 * How the SPA talks to the server: the dashboard API (session, and the reads the registry has
 * no call for) with `fetch`, and the registry's own routes through the typed client. Both send
 * the session cookie (same origin) and the session's CSRF header; nothing is kept in storage.
 */
import {
  CSRF_HEADER_NAME,
  createRegistryClient,
  DASHBOARD_API,
  errorBodySchema,
  type RegistryClient,
  RegistryClientError,
  RegistryNamedError,
} from '@sextant/registry-client';
import type { z } from 'zod';
import { DashboardApiError } from './errors.js';

export { DashboardApiError };

/** The human message of an error `content` (a string, or `{ message }`). */
function contentMessage(content: unknown, fallback: string): string {
  if (typeof content === 'string') return content;
  if (content && typeof content === 'object' && 'message' in content && typeof content.message === 'string')
    return content.message;
  return fallback;
}

/** One line for any failure the dashboard shows. */
export function errorMessage(error: unknown): string {
  if (error instanceof RegistryNamedError) return contentMessage(error.content, error.errorName);
  if (error instanceof RegistryClientError) {
    const body = errorBodySchema.safeParse(error.body);
    if (body.success) return contentMessage(body.data.content, body.data.error);
    return error.status === undefined ? `The server did not answer: ${error.message}` : error.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** True when a failure means the session is gone (signed out, expired, token revoked). */
export function isSignedOut(error: unknown): boolean {
  if (error instanceof DashboardApiError) return error.status === 401;
  if (error instanceof RegistryClientError) return error.status === 401;
  return false;
}

interface CallInit {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  csrf?: string;
}

/** Calls the dashboard API and validates the answer with `schema`. */
export async function dashboardCall<T extends z.ZodType>(
  schema: T,
  path: string,
  init: CallInit = {},
): Promise<z.output<T>> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(init.query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.csrf) headers[CSRF_HEADER_NAME] = init.csrf;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const query = search.toString();
  let response: Response;
  try {
    response = await fetch(`${DASHBOARD_API}${path}${query ? `?${query}` : ''}`, {
      method: init.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch (error) {
    throw new DashboardApiError('NetworkError', `The server did not answer: ${(error as Error).message}`, 0);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const body = errorBodySchema.safeParse(json);
    throw new DashboardApiError(
      body.success ? body.data.error : 'HttpError',
      body.success ? contentMessage(body.data.content, body.data.error) : `HTTP ${response.status}`,
      response.status,
    );
  }
  return schema.parse(json);
}

/** The registry client of a session: same origin, the CSRF header on every call. */
export function sessionRegistryClient(csrf: string): RegistryClient {
  return createRegistryClient({
    baseUrl: window.location.origin,
    headers: { [CSRF_HEADER_NAME]: csrf },
    maxRetries: 1,
    timeoutInSeconds: 30,
  });
}
