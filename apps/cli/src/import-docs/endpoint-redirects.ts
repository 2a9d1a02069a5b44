/**
 * An imported endpoint page's old URL leads to its operation's page in the API reference, not to
 * the reference's root: the page's slug is known only once the converted project is loaded (the
 * reference slugs its operations), so `sextant init --from` points these redirects there after
 * loading it. An operation the reference does not have keeps the redirect to the root.
 */
import { type DocsDefinition, type HttpMethod, type NavItem, walkNavigation } from '@sextant/definition';
import type { LoadedDocsProject } from '@sextant/docs-project';
import { findEndpoint } from '@sextant/request';
import type { DocsYmlDraft, EndpointRedirect } from './draft.js';

/** Every endpoint page of the site, each version's too: its full slug and where its operation is. */
function endpointPages(definition: DocsDefinition): { slug: string; apiId: string; endpointId: string }[] {
  const pages: { slug: string; apiId: string; endpointId: string }[] = [];
  const visit = (item: NavItem) => {
    if (item.type === 'endpoint')
      pages.push({ slug: item.slug, apiId: item.apiId, endpointId: item.endpointId });
  };
  walkNavigation(definition.navigation, visit);
  for (const version of definition.versions ?? []) walkNavigation(version.navigation ?? [], visit);
  return pages;
}

/**
 * Points each of `redirects` in `draft` (still at its API reference's root) at the reference's
 * page of its operation; true when one changed.
 * @example pointAtEndpointPages(draft, imported.endpointRedirects ?? [], loaded)
 */
export function pointAtEndpointPages(
  draft: DocsYmlDraft,
  redirects: readonly EndpointRedirect[],
  { definition, project }: Pick<LoadedDocsProject, 'definition' | 'project'>,
): boolean {
  if (redirects.length === 0 || !draft.redirects) return false;
  const pages = endpointPages(definition);
  let changed = false;
  for (const { source, endpoint } of redirects) {
    const redirect = draft.redirects.find((entry) => entry.source === source);
    if (!redirect) continue;
    // The pages of the reference the redirect leads to (in its version).
    const root = redirect.destination.replace(/^\/+|\/+$/g, '');
    const inReference = pages.flatMap((page) => {
      const found = project.apis[page.apiId]?.endpoints[page.endpointId];
      return found && page.slug.startsWith(`${root}/`) ? [{ slug: page.slug, endpoint: found }] : [];
    });
    let operation: ReturnType<typeof findEndpoint>;
    try {
      operation = findEndpoint(
        inReference.map((page) => page.endpoint),
        { method: endpoint.method as HttpMethod, path: endpoint.path },
      );
    } catch {
      continue;
    }
    const page = inReference.find((candidate) => candidate.endpoint === operation);
    if (!page) continue;
    redirect.destination = `/${page.slug}`;
    changed = true;
  }
  return changed;
}
