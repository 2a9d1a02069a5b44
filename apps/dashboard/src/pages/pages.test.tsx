// @vitest-environment happy-dom
/**
 * Every dashboard page against one real registry (PGlite, in a process of its own, reached over
 * HTTP as the built dashboard reaches it): each page's cases are in `<page>.cases.tsx` beside it,
 * each in an organization of its own (a server start is most of a page test's time, so they share
 * one). The server seeds the Ask AI log, Try-it analytics and page feedback the insight pages read.
 */

import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { INSIGHTS_SITE, startPageServer, stopPageServer } from '../testing/page-server.js';
import { AI_LOG_QUESTIONS, aiLogPageCases } from './ai-log.cases.js';
import { ANALYTICS_SEED, analyticsPageCases } from './analytics.cases.js';
import { apisPageCases } from './apis.cases.js';
import { githubPageCases } from './github.cases.js';
import { releasesPageCases } from './releases.cases.js';
import { signInPageCases } from './sign-in.cases.js';
import { sitesPageCases } from './sites.cases.js';
import { templatesPageCases } from './templates.cases.js';

beforeAll(() =>
  startPageServer({ insights: { docsUrl: INSIGHTS_SITE, ...ANALYTICS_SEED, questions: AI_LOG_QUESTIONS } }),
);
afterAll(stopPageServer);
afterEach(cleanup);

signInPageCases();
sitesPageCases();
apisPageCases();
releasesPageCases();
githubPageCases();
templatesPageCases();
analyticsPageCases();
aiLogPageCases();
