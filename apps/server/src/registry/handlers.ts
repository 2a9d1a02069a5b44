/** Every route's handler, keyed by route name; the type checks that no call of the table is missing. */
import type { RouteName } from '@sextant/registry-client';
import { aiQuestionLogHandlers } from './ai-question-log.js';
import { analyticsHandlers } from './analytics.js';
import { apiDefinitionHandlers } from './api-definitions.js';
import type { Handlers } from './context.js';
import { docsHandlers } from './docs.js';
import { docsFileForUrlHandlers } from './docs-file-for-url.js';
import { domainClaimHandlers } from './domain-claims.js';
import { githubHandlers } from './github.js';
import { organizationHandlers } from './organizations.js';
import { releaseHandlers } from './releases.js';
import { snippetHandlers } from './snippets.js';
import { tokenHandlers } from './tokens.js';
import { versionHandlers } from './versions.js';

export const handlers: Handlers<RouteName> = {
  ...apiDefinitionHandlers,
  ...docsHandlers,
  ...docsFileForUrlHandlers,
  ...releaseHandlers,
  ...githubHandlers,
  ...versionHandlers,
  ...snippetHandlers,
  ...tokenHandlers,
  ...organizationHandlers,
  ...domainClaimHandlers,
  ...analyticsHandlers,
  ...aiQuestionLogHandlers,
};
