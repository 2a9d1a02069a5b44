/**
 * Seeds an organization's Ask AI question log, Try-it analytics and page feedback with the writers
 * the AI, analytics and feedback routes use. For the dashboard's tests: their registry runs in a
 * child process, and those routes need a docs site, a model and a browser to be reached.
 */
import { type AiLocation, importOpenApi } from '@sextant/definition';
import type { FastifyInstance } from 'fastify';
import { rateQuestion, recordQuestion } from '../../ai/question-log.js';
import { createAnalyticsStore } from '../../analytics/index.js';
import { recordPageFeedback } from '../../analytics/page-feedback.js';
import { type PlaygroundEvent, resolveEvents } from '../../analytics/playground-events.js';

/** What to seed; every entry belongs to `docsUrl`. */
export interface InsightsSeed {
  docsUrl: string;
  /** Asked in this order (the log lists the last first). */
  questions?: {
    question: string;
    answer: string;
    location: AiLocation;
    sources?: { title: string; url: string }[];
    errorCode?: string;
    page?: string;
    feedback?: 'up' | 'down';
  }[];
  /** Try-it requests, each sent and answered (`status` null: no answer) now. */
  requests?: { endpointId: string; method: string; path: string; status: number | null; latencyMs: number }[];
  /** "Was this page helpful?" answers. */
  pageFeedback?: { page: string; title: string; helpful: boolean }[];
}

export async function seedInsights(app: FastifyInstance, orgId: string, seed: InsightsSeed): Promise<void> {
  const { db } = await app.registry.database();
  const owner = { orgId, docsUrl: seed.docsUrl };
  for (const [index, entry] of (seed.questions ?? []).entries()) {
    const id = `question-${String(index).padStart(4, '0')}`;
    await recordQuestion(db, {
      id,
      ...owner,
      model: 'seeded',
      location: entry.location,
      question: entry.question,
      answer: entry.answer,
      sources: entry.sources ?? [],
      ...(entry.errorCode ? { errorCode: entry.errorCode } : {}),
      ...(entry.page === undefined ? {} : { page: entry.page }),
    });
    if (entry.feedback) await rateQuestion(db, owner, id, entry.feedback);
  }
  const requests = seed.requests ?? [];
  // As a beacon reports them, resolved against a definition holding their endpoints.
  const beacon = requests.flatMap((request): PlaygroundEvent[] => [
    { type: 'request_sent', endpointId: request.endpointId, method: request.method },
    {
      type: 'request_received',
      endpointId: request.endpointId,
      method: request.method,
      status: request.status,
      outcome: request.status === null ? 'failed' : 'loaded',
      timeMs: request.latencyMs,
      sizeBytes: 0,
    },
  ]);
  await createAnalyticsStore(db).record(
    owner,
    resolveEvents(beacon, { seeded: definitionOf(requests) }).events,
  );
  for (const answer of seed.pageFeedback ?? []) await recordPageFeedback(db, owner, answer);
}

/** An API definition with one operation per endpoint of `requests` (its id, method and path). */
function definitionOf(requests: NonNullable<InsightsSeed['requests']>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { endpointId, method, path } of requests)
    paths[path] = { ...paths[path], [method.toLowerCase()]: { operationId: endpointId, responses: {} } };
  const document = JSON.stringify({ openapi: '3.1.0', info: { title: 'Seeded', version: '1' }, paths });
  return importOpenApi({ entry: 'openapi.json', read: () => document }).definition;
}
