/**
 * The dashboard's own API (`/_sextant/dashboard/api/…`): the session routes and the few reads the
 * registry's contract has no call for (an organization's tokens, API definitions with their
 * versions, snippet templates). zod schemas shared by the server plugin and the SPA; everything
 * else the dashboard shows comes from the registry's own routes through `@sextant/registry-client`.
 */
import { z } from 'zod';
import { orgRoleSchema } from './entities/tenancy.js';

export const DASHBOARD_PATH = '/_sextant/dashboard';
export const DASHBOARD_API = `${DASHBOARD_PATH}/api`;
/** The header carrying the session's CSRF token on every call the dashboard makes. */
export const CSRF_HEADER_NAME = 'X-Sextant-CSRF';

const id = z.string().min(1).max(200);
const page = z.coerce.number<number>().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number<number>().int().min(1).max(200).default(25);

export const signInBodySchema = z.strictObject({ token: z.string().min(1).max(500) });
export const sessionSchema = z.strictObject({
  userId: z.string(),
  tokenId: z.string(),
  isOperator: z.boolean(),
  /** Send in the CSRF header on every call. */
  csrfToken: z.string(),
  orgs: z.array(z.strictObject({ orgId: z.string(), role: orgRoleSchema })),
  mode: z.enum(['local', 'hosted']),
});
export type Session = z.infer<typeof sessionSchema>;

export const orgPageQuerySchema = z.strictObject({ orgId: id, page, pageSize });
export const tokenRowSchema = z.strictObject({
  tokenId: z.string(),
  userId: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** The token this session was opened with. */
  current: z.boolean(),
});
export const tokenListSchema = z.strictObject({ tokens: z.array(tokenRowSchema), hasMore: z.boolean() });
export type TokenRow = z.infer<typeof tokenRowSchema>;

export const apiRowSchema = z.strictObject({
  apiId: z.string(),
  /** The newest version's title (the api id when it has none). */
  title: z.string(),
  /** The newest version's spec version (`info.version`), if it has one. */
  latestVersion: z.string().nullable(),
  versions: z.number(),
  latestId: z.string(),
  latestAt: z.string(),
});
export const apiListSchema = z.strictObject({ apis: z.array(apiRowSchema), hasMore: z.boolean() });
export type ApiRow = z.infer<typeof apiRowSchema>;

export const versionsQuerySchema = orgPageQuerySchema.extend({ apiId: id });
export const versionRowSchema = z.strictObject({
  apiDefinitionId: z.string(),
  title: z.string(),
  /** The spec's own version (`info.version`), if it has one. */
  version: z.string().nullable(),
  createdAt: z.string(),
  sizeBytes: z.number(),
  sha256: z.string(),
});
export const versionListSchema = z.strictObject({
  versions: z.array(versionRowSchema),
  hasMore: z.boolean(),
});
export type VersionRow = z.infer<typeof versionRowSchema>;

export const templateRowSchema = z.strictObject({
  apiId: z.string(),
  method: z.string(),
  path: z.string(),
  sdkType: z.string(),
  sdkPackage: z.string(),
  sdkVersion: z.string(),
  createdAt: z.string(),
});
export const templateListSchema = z.strictObject({
  templates: z.array(templateRowSchema),
  hasMore: z.boolean(),
});
export type TemplateRow = z.infer<typeof templateRowSchema>;

/** Every error of the dashboard API travels as the registry's do: `{ error, content }`. */
export const errorBodySchema = z.object({
  error: z.string(),
  content: z.unknown(),
});
