/** The shape of one registry route and the pieces the route files share. */
import { z } from 'zod';
import type { NamedErrorName } from '../errors.js';

/**
 * Who may call: anyone, any valid token, or anyone with an optional token (used to pick the org).
 * A `token` route then checks the caller may touch what it names (member, admin or operator).
 */
export type RouteAuth = 'public' | 'token' | 'optional';

/** One registry call. */
export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with `{name}` parameters, exactly as in SPEC §7. */
  path: string;
  summary: string;
  auth: RouteAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  errors: readonly NamedErrorName[];
  /** Largest accepted body in bytes; 1 MiB when absent. */
  bodyLimit?: number;
  /** The body is raw bytes (`application/octet-stream`), not JSON; the route has no `body` schema. */
  rawBody?: true;
}

export const MB = 1024 * 1024;
export const route = <const T extends RouteSpec>(spec: T): T => spec;
export const versionParams = z.strictObject({ version: z.string().min(1) });
export const generatorVersionParams = z.strictObject({ id: z.string().min(1), version: z.string().min(1) });
export const member = ['UnauthorizedError', 'UserNotInOrgError'] as const;
/** A resource with no owning organization (made before owners existed) is changed by operators only. */
export const owned = [...member, 'OperatorRoleRequiredError'] as const;
export const urlErrors = ['InvalidURLError', 'DomainNotRegisteredError'] as const;
export const fileDeclarationErrors = ['DocsFileTooLargeError', 'DocsFileTypeNotAllowedError'] as const;
