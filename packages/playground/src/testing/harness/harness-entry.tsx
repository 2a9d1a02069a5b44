/**
 * Browser entry of the playground's e2e harness: mounts `EndpointPlayground` or
 * `WebSocketPlayground` from the config the harness page embeds, the way the docs site would
 * (explorer parameter in the URL, onClose unmounting it). Used until, and beside, the docs
 * site's own pages.
 */
import type { ApiDefinition } from '@sextant/definition';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  EndpointPlayground,
  type PlaygroundAnalyticsEvent,
  type PlaygroundFeatures,
  WebSocketPlayground,
} from '../../index.js';
import '@sextant/ui/styles.css';
import '../../playground.css';

/** What a harness page embeds as `window.__PLAYGROUND_HARNESS__`. */
export interface HarnessConfig {
  kind: 'endpoint' | 'channel';
  definition: ApiDefinition;
  id: string;
  mode: 'local' | 'hosted';
  proxyBaseUrl: string;
  features?: PlaygroundFeatures;
  slug?: string;
  injection?: boolean;
  split?: 'percent' | 'pixel';
}

declare global {
  interface Window {
    __PLAYGROUND_HARNESS__: HarnessConfig;
    __PLAYGROUND_EVENTS__: PlaygroundAnalyticsEvent[];
  }
}

function Harness() {
  const config = window.__PLAYGROUND_HARNESS__;
  const [open, setOpen] = useState(() => new URLSearchParams(window.location.search).has('explorer'));
  const [channelId, setChannelId] = useState(config.id);
  window.__PLAYGROUND_EVENTS__ = window.__PLAYGROUND_EVENTS__ ?? [];
  const analytics = (event: PlaygroundAnalyticsEvent) => window.__PLAYGROUND_EVENTS__.push(event);
  const onClose = () => setOpen(false);
  return (
    <main>
      <h1>Playground harness</h1>
      {!open && (
        <button
          type="button"
          onClick={() => {
            const url = new URL(window.location.href);
            url.searchParams.set('explorer', config.id);
            window.history.pushState(null, '', url);
            setOpen(true);
          }}
        >
          Try it
        </button>
      )}
      {config.kind === 'channel' && (
        <nav aria-label="Channels">
          {Object.keys(config.definition.websockets).map((id) => (
            <button key={id} type="button" data-channel={id} onClick={() => setChannelId(id)}>
              Channel {id}
            </button>
          ))}
        </nav>
      )}
      {open &&
        (config.kind === 'endpoint' ? (
          <EndpointPlayground
            definition={config.definition}
            endpointId={config.id}
            mode={config.mode}
            proxyBaseUrl={config.proxyBaseUrl}
            apiReferenceId={config.definition.id}
            slug={config.slug ?? 'reference'}
            onClose={onClose}
            features={config.features ?? {}}
            analytics={analytics}
            {...(config.split ? { split: config.split } : {})}
            {...(config.injection ? { apiKeyInjectionBaseUrl: '' } : { apiKeyInjectionBaseUrl: null })}
          />
        ) : (
          <WebSocketPlayground
            definition={config.definition}
            channelId={channelId}
            mode={config.mode}
            proxyBaseUrl={config.proxyBaseUrl}
            onClose={onClose}
            features={config.features ?? {}}
            analytics={analytics}
          />
        ))}
    </main>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Harness />
    </StrictMode>,
  );
