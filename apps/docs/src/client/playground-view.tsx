/**
 * The lazily loaded playground chunk: mounts G's `EndpointPlayground` or `WebSocketPlayground`
 * (from `@sextant/playground`) with the page's definition slice. Never part of the first load.
 */
import { EndpointPlayground, WebSocketPlayground } from '@sextant/playground';
import '@sextant/playground/styles.css';
import type { PageView, SiteView } from '../shared/page-data.js';

export interface PlaygroundViewProps {
  page: Extract<PageView, { kind: 'endpoint' | 'channel' }>;
  site: SiteView;
  explorerId: string;
  onClose: () => void;
}

export default function PlaygroundView({ page, site, explorerId, onClose }: PlaygroundViewProps) {
  const common = {
    definition: page.definition,
    mode: site.mode,
    proxyBaseUrl: site.proxyBaseUrl,
    apiReferenceId: page.definition.id,
    slug: [site.basePath.replace(/^\//, ''), page.slug].filter(Boolean).join('/'),
    onClose,
  } as const;
  return page.kind === 'endpoint' ? (
    <EndpointPlayground {...common} endpointId={explorerId} siteKey={site.title} />
  ) : (
    <WebSocketPlayground {...common} channelId={explorerId} />
  );
}
