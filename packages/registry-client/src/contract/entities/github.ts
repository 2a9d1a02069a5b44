/** Zod schemas of the GitHub records the registry keeps: repositories and pull requests. */
import { z } from 'zod';
import { idSchema, timestampSchema } from './common.js';

export const repositorySchema = z.strictObject({
  owner: z.string().min(1).max(100),
  name: z.string().min(1).max(100),
  orgId: idSchema.optional(),
  defaultBranch: z.string().min(1).max(200).default('main'),
  isPrivate: z.boolean().default(false),
  description: z.string().max(2000).optional(),
  url: z.string().max(2000).optional(),
});
export const repositoryListBodySchema = z.strictObject({
  owner: z.string().max(100).optional(),
  orgId: idSchema.optional(),
  page: z.number().int().optional(),
  pageSize: z.number().int().min(1).max(1000).optional(),
});
export const repositoryListSchema = z.strictObject({
  repositories: z.array(repositorySchema),
  hasMore: z.boolean(),
});
export const pullRequestStateSchema = z.enum(['open', 'closed', 'merged']);
export const pullRequestSchema = z.strictObject({
  owner: z.string().min(1).max(100),
  repo: z.string().min(1).max(100),
  number: z.number().int().min(1),
  title: z.string().max(1000),
  author: z.string().max(200).optional(),
  state: pullRequestStateSchema,
  url: z.string().max(2000).optional(),
  createdAt: timestampSchema.optional(),
  mergedAt: timestampSchema.optional(),
  closedAt: timestampSchema.optional(),
});
export const pullRequestListBodySchema = z.strictObject({
  owner: z.string().max(100).optional(),
  repo: z.string().max(100).optional(),
  state: z.array(pullRequestStateSchema).optional(),
  author: z.string().max(200).optional(),
  page: z.number().int().optional(),
  pageSize: z.number().int().min(1).max(1000).optional(),
});
export const pullRequestListSchema = z.strictObject({
  pullRequests: z.array(pullRequestSchema),
  hasMore: z.boolean(),
});
export const ownerRepoParamsSchema = z.strictObject({ owner: z.string().min(1), repo: z.string().min(1) });
export const pullRequestParamsSchema = ownerRepoParamsSchema.extend({
  number: z.coerce.number<number>().int().min(1),
});
