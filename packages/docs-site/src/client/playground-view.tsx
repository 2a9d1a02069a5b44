/**
 * The lazily loaded playground chunk: mounts G's `EndpointPlayground` or `WebSocketPlayground`
 * (from `@sextant/playground`) with the page's definition slice. Never part of the first load.
 * The endpoint's SDK snippet templates come from the docs host (the registry in hosted mode,
 * the docs project in local mode).
 */
import { errorReplyMessage, UnexpectedStatusError } from '@sextant/definition/errors';
import './zod-jitless.js';
import { EndpointPlayground, WebSocketPlayground } from '@sextant/playground';
import '@sextant/playground/styles.css';
import { useCallback } from 'react';
import type { PageView, SiteView } from '../shared/page-data.js';
import { beaconAnalyticsSink } from './analytics-beacon.js';

export interface PlaygroundViewProps {
  page: Extract<PageView, { kind: 'endpoint' | 'channel' }>;
  site: SiteView;
  explorerId: string;
  onClose: () => void;
}

/** The docs host's snippet-templates call (apps/server/src/docs-host/snippet-templates). */
async function fetchSnippetTemplates(apiId: string, endpointId: string): Promise<unknown> {
  const query = new URLSearchParams({ api: apiId, endpoint: endpointId, page: window.location.pathname });
  const response = await fetch(`/_sextant/snippet-templates?${query}`, {
    headers: { accept: 'application/json' },
  });
  const body = (await response.json().catch(() => ({}))) as { templates?: unknown; error?: string };
  if (!response.ok)
    throw new UnexpectedStatusError('the snippet templates', response.status, errorReplyMessage(body));
  return body.templates ?? [];
}

/** One sink per page visit and base path: its queue outlives a playground's close and reopen. */
const sinks = new Map<string, ReturnType<typeof beaconAnalyticsSink>>();
function analyticsFor(site: SiteView) {
  if (!site.analytics) return undefined;
  if (!sinks.has(site.basePath)) sinks.set(site.basePath, beaconAnalyticsSink(site.basePath));
  return sinks.get(site.basePath);
}

export default function PlaygroundView({ page, site, explorerId, onClose }: PlaygroundViewProps) {
  const apiId = page.apiId;
  const loadSnippetTemplates = useCallback(
    () => fetchSnippetTemplates(apiId, explorerId),
    [apiId, explorerId],
  );
  const common = {
    definition: page.definition,
    mode: site.mode,
    proxyBaseUrl: site.proxyBaseUrl,
    apiReferenceId: page.definition.id,
    slug: [site.basePath.replace(/^\//, ''), page.slug].filter(Boolean).join('/'),
    onClose,
    ...(analyticsFor(site) ? { analytics: analyticsFor(site) } : {}),
  } as const;
  return page.kind === 'endpoint' ? (
    <EndpointPlayground
      {...common}
      endpointId={explorerId}
      siteKey={site.title}
      // The site's login routes live under its base path (docs.acme.com/docs/api/auth/…).
      apiKeyInjectionBaseUrl={site.basePath}
      loadSnippetTemplates={loadSnippetTemplates}
      keepStateOnPage
    />
  ) : (
    <WebSocketPlayground {...common} channelId={explorerId} />
  );
}
