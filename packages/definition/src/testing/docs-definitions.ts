/**
 * Docs definitions for tests that publish a site: typed as the registry's input
 * (`DocsDefinitionInput`), so a fixture the one schema would refuse fails `tsc` first.
 */
import type { z } from 'zod';
import type { docsConfigSchema } from '../docs/schema/config.js';
import type { DocsDefinitionInput } from '../docs/schema/definition.js';

/** A guide page: its slug ('' the home), its title, its markdown. */
export interface GuidePageFixture {
  slug: string;
  title: string;
  markdown: string;
}

/**
 * A site of guide pages, one navigation entry each (a page's id is its slug, `home` for '');
 * `config` is merged over `{ title }` (the registry fills in the other defaults).
 * @example guidePagesDefinition('Acme', [{ slug: '', title: 'Acme', markdown: '# Acme' }]).pages.home.id // 'home'
 */
export function guidePagesDefinition(
  title: string,
  pages: readonly GuidePageFixture[],
  config: Partial<z.input<typeof docsConfigSchema>> = {},
): DocsDefinitionInput {
  const id = (slug: string) => slug || 'home';
  return {
    docsVersion: 1,
    config: { title, ...config },
    navigation: pages.map((page) => ({
      type: 'page',
      title: page.title,
      slug: page.slug,
      pageId: id(page.slug),
    })),
    pages: Object.fromEntries(
      pages.map((page) => [
        id(page.slug),
        { id: id(page.slug), title: page.title, slug: page.slug, layout: 'guide', markdown: page.markdown },
      ]),
    ),
    homeSlug: pages[0]?.slug ?? '',
  };
}
