/**
 * Test support: a docs site made of one imported spec (its API at the root of the navigation),
 * and the slug of an endpoint page in it, for tests that render pages from a real import.
 */
import {
  type ApiDefinition,
  buildDocsDefinition,
  defaultDocsConfig,
  importDefinition,
  walkNavigation,
} from '@sextant/definition';
import { createDocsSite, type DocsSite, type DocsSiteOptions } from '../server/site.js';

export interface SpecSite {
  definition: ApiDefinition;
  site: DocsSite;
  /** The slug of the endpoint's page ('' when the site has none). */
  endpointSlug(endpointId: string): string;
}

export function specSite(spec: unknown, entry = 'spec.json', options?: DocsSiteOptions): SpecSite {
  const text = JSON.stringify(spec);
  const { definition } = importDefinition({ entry, read: () => text });
  const docs = buildDocsDefinition({
    config: defaultDocsConfig('Docs'),
    apis: { api: definition },
    navigation: [{ type: 'api', title: 'API', apiId: 'api' }],
  });
  return {
    definition,
    site: createDocsSite(docs, { api: definition }, '1', options),
    endpointSlug(endpointId) {
      let slug = '';
      walkNavigation(docs.navigation, (item) => {
        if (item.type === 'endpoint' && item.endpointId === endpointId) slug = item.slug;
      });
      return slug;
    },
  };
}
