/**
 * Zod schemas of Ask AI's question log (issue #19): what readers asked a docs site's assistant (in
 * the site, Slack or Discord), its answer, the passages it cited and the reader's feedback, read
 * by the organization's members.
 */
import { z } from 'zod';
import { idSchema } from './common.js';

/** Most questions one call returns. */
export const MAX_QUESTION_LOG_LIMIT = 100;

export const questionLogBodySchema = z.strictObject({
  orgId: idSchema,
  /** Only this docs URL (host plus optional path, as stored: `docs.acme.com/docs`): the site. */
  url: z.string().min(1).max(2000).optional(),
  /** Only answers with this feedback (`none`: not rated). */
  feedback: z.enum(['up', 'down', 'none']).optional(),
  /** Only questions asked there. */
  location: z.enum(['docs', 'slack', 'discord']).optional(),
  /** Only failed answers (true) or only answered ones (false). */
  failed: z.boolean().optional(),
  /** 1-based page of `limit` questions, newest first. Default 1. */
  page: z.number().int().optional(),
  /** Default 50, at most 100. */
  limit: z.number().int().min(1).max(MAX_QUESTION_LOG_LIMIT).optional(),
});

export const loggedQuestionSchema = z.strictObject({
  id: z.string(),
  askedAt: z.string(),
  docsUrl: z.string(),
  location: z.enum(['docs', 'slack', 'discord']),
  question: z.string(),
  answer: z.string(),
  sources: z.array(z.strictObject({ title: z.string(), url: z.string() })),
  feedback: z.enum(['up', 'down']).nullable(),
  /** The answer failed (the provider's error, a timeout): `answer` holds what came before. */
  failed: z.boolean(),
  /** The failure's error code. */
  errorCode: z.string().nullable(),
  /** The site chat: the page (slug) the reader was on, when they asked about it. */
  page: z.string().nullable(),
});
export type LoggedQuestionJson = z.infer<typeof loggedQuestionSchema>;

export const questionLogSchema = z.strictObject({
  questions: z.array(loggedQuestionSchema),
  hasMore: z.boolean(),
});
