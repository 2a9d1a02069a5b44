/** Zod schemas of API tokens: generated per organization (the secret shown once) and revoked. */
import { z } from 'zod';
import { idSchema } from './common.js';

export const generateTokenBodySchema = z.strictObject({
  orgId: idSchema,
  description: z.string().max(500).optional(),
});
export const generateTokenResponseSchema = z.strictObject({
  tokenId: z.string(),
  /** The secret: shown once, stored only as a hash. */
  token: z.string(),
});
export const revokeTokenBodySchema = z.strictObject({ tokenId: idSchema });
