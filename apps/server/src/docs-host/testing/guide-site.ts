/**
 * A hosted site of long guide pages for cache tests, and its publish over the registry's API:
 * a home and `pages` guides (`/guide-0` …), each of 20 paragraphs (~47 KB of HTML rendered)
 * naming the site's title and the page, so a test tells sites and pages apart in a body.
 */
import type { DocsDefinitionInput } from '@sextant/definition';
import { guidePagesDefinition } from '@sextant/definition/testing';
import { createRegistryClient } from '@sextant/registry-client';

/**
 * @example guideSite('Alpha', 12).pages['guide-3'].markdown // '# Alpha guide-3 …'
 */
export function guideSite(title: string, pages: number): DocsDefinitionInput {
  const slugs = Array.from({ length: pages }, (_, i) => `guide-${i}`);
  const paragraph = (i: number) =>
    `Paragraph ${i} of ${title}: ${'words that make the page long '.repeat(8)}\n\n`;
  return guidePagesDefinition(title, [
    { slug: '', title, markdown: `# ${title}\n\n${paragraph(0)}` },
    ...slugs.map((slug, n) => ({
      slug,
      title: slug,
      markdown: `# ${title} ${slug}\n\n${Array.from({ length: 20 }, (_, i) => paragraph(i * pages + n)).join('')}`,
    })),
  ]);
}

/**
 * Publishes `guideSite(title, pages)` at `domain` for `orgId` through the server on `port`.
 * @example await publishGuideSite({ port, token, orgId: 'cache', domain: 'a.test', title: 'Alpha', pages: 12 })
 */
export async function publishGuideSite(options: {
  port: number;
  token: string;
  orgId: string;
  domain: string;
  title: string;
  pages: number;
}): Promise<void> {
  const client = createRegistryClient({ baseUrl: `http://127.0.0.1:${options.port}`, token: options.token });
  const init = await client.initDocsRegistrationV2({
    body: { orgId: options.orgId, domain: options.domain, files: [] },
  });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: guideSite(options.title, options.pages) },
  });
}
