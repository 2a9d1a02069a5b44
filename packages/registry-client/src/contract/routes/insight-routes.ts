/** Registry routes: what readers did: the playground's analytics and the Ask AI question log. */
import * as ai from '../entities/ai.js';
import * as a from '../entities/analytics.js';
import { member, type RouteSpec, route } from './route-spec.js';

export const insightRoutes = {
  getPlaygroundAnalytics: route({
    method: 'POST',
    path: '/analytics/get-playground-analytics',
    summary:
      "Try-it requests of the organization's docs sites: totals, status classes, latency percentiles, hourly series and per endpoint.",
    auth: 'token',
    body: a.playgroundAnalyticsBodySchema,
    response: a.playgroundAnalyticsSchema,
    errors: [...member, 'OrgIdNotFound'],
  }),
  getAiQuestionLog: route({
    method: 'POST',
    path: '/ai/get-question-log',
    summary:
      "Questions readers asked the organization's docs sites' Ask AI (site, Slack, Discord), newest first: answer, cited sources, feedback.",
    auth: 'token',
    body: ai.questionLogBodySchema,
    response: ai.questionLogSchema,
    errors: [...member, 'OrgIdNotFound', 'InvalidPageError'],
  }),
} as const satisfies Record<string, RouteSpec>;
