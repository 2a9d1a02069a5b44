/** Zod schemas every part of the registry contract shares: ids, timestamps, versions, paging, empty bodies. */
import { z } from 'zod';

/** A non-empty identifier (organization, API, generator...). */
export const idSchema = z.string().min(1).max(200);

/** An ISO-8601 timestamp as sent on the wire. */
export const timestampSchema = z.string();

/** Semantic version text, e.g. `1.2.3` or `2.0.0-rc.1` (checked by the server: InvalidVersionError). */
export const versionSchema = z.string().min(1).max(100);

/** 1-based page number; values below 1 give InvalidPageError. */
export const pageQuerySchema = z.coerce.number<number>().int().optional();

/** A boolean passed in a query string. */
export const queryBooleanSchema = z.enum(['true', 'false']).optional();

export const emptySchema = z.strictObject({});
export const idParamsSchema = z.strictObject({ id: z.string().min(1) });
