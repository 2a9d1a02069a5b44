/**
 * `EndpointPlayground`: the API explorer for one endpoint. It creates the headless controller
 * once per endpoint (a new endpoint is a new controller: the form resets; with
 * `keepStateOnPage` the controller outlives a close, so a reopened explorer shows what the
 * reader typed), follows the docs site's API-key injection, and shows it as a modal `Dialog`
 * (`@sextant/ui`: focus moves in and stays, the page behind is inert, Escape closes unless focus
 * is in an editable control, and focus returns to Try it). Ctrl/Cmd+Enter sends. It lays out the
 * top bar, auth card, form and the Request / Response cards in draggable panes, or in two tabs
 * on small screens.
 */
import type { ApiDefinition, Endpoint } from '@sextant/definition';
import { Dialog, TabList, TabPanel } from '@sextant/ui';
import { useEffect, useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import {
  ApiKeyInjectionStore,
  loginErrorFromSearch,
  withoutLoginError,
} from '../core/auth/api-key-injection.js';
import { decodeFormState, FORM_PARAM } from '../core/endpoint/deep-link.js';
import {
  EndpointController,
  type EndpointControllerOptions,
  type PlaygroundFeatures,
} from '../core/endpoint/endpoint-controller.js';
import { isShallowNavigation, withoutExplorerParams } from '../core/endpoint/url-params.js';
import { type AnalyticsSink, consoleAnalyticsSink, noopAnalyticsSink } from '../core/shared/analytics.js';
import { escapeClosesExplorer } from '../core/view/editable-focus.js';
import { MediaQueryStore, NARROW_QUERY } from '../core/view/media-query.js';
import { type PaneSplit, paneDefaults } from '../core/view/pane-split.js';
import { AuthCard } from './auth-card.js';
import { RequestCard } from './request-card.js';
import { RequestForm } from './request-form.js';
import { ResponseCard } from './response-card.js';
import { TopBar } from './top-bar.js';
import { useStore } from './use-store.js';

/** Props of {@link EndpointPlayground}; see packages/playground/README.md. */
export interface EndpointPlaygroundProps {
  /** The definition slice holding the endpoint (from `sliceDefinition`). */
  definition: ApiDefinition;
  endpointId: string;
  /** `hosted` disables Send for localhost targets. */
  mode: 'local' | 'hosted';
  /** Origin of the proxy (`/proxy/...`); '' for the page's own origin. */
  proxyBaseUrl: string;
  /** The API reference id of the current docs page; equal to `definition.id` means shallow navigation. */
  apiReferenceId?: string;
  /** Slug of the endpoint's reference page, for "View in API Reference" (`/{slug}`). */
  slug?: string;
  /** Called after the explorer parameter was removed from the address. */
  onClose?: () => void;
  /** Navigation hook for "View in API Reference" and login/logout; defaults to the browser's. */
  onNavigate?: (href: string, options: { shallow: boolean }) => void;
  features?: PlaygroundFeatures;
  /** Analytics sink; defaults to the console in local mode and nothing in hosted mode. */
  analytics?: AnalyticsSink;
  /** Origin of the docs site's API for API-key injection: default '' (same origin); null disables it. */
  apiKeyInjectionBaseUrl?: string | null;
  /** Scopes remembered credentials and history to one docs site (defaults to the definition id). */
  siteKey?: string;
  /** Loads an endpoint the slice lacks (the OAuth token endpoint). */
  resolveEndpoint?: (endpointId: string) => Promise<Endpoint | undefined>;
  /** SDK snippet templates (registry JSON); their languages join the switcher unless `features.sdkSnippets` is false. */
  snippetTemplates?: unknown;
  /** Default split of the form and the cards: 50 % each, or 300 px for the form in `pixel` mode. */
  split?: PaneSplit;
  /** Loads the endpoint's SDK snippet templates after mount (the docs host's snippet-templates call). */
  loadSnippetTemplates?: () => Promise<unknown>;
  /**
   * Keep the endpoint's form, auth and last response for the page's life: closing and reopening
   * the explorer (Escape, ×) on the same page shows the form as the reader left it.
   */
  keepStateOnPage?: boolean;
}

const EXPLORER_TABS = [
  { id: 'request', label: 'Request' },
  { id: 'response', label: 'Response' },
] as const;

/** Controllers kept for the page's life (`keepStateOnPage`), by definition and endpoint. */
const keptControllers = new Map<string, EndpointController>();

function controllerFor(key: string, keep: boolean, options: () => EndpointControllerOptions) {
  const kept = keep ? keptControllers.get(key) : undefined;
  if (kept) return kept;
  const controller = new EndpointController(options());
  if (keep) keptControllers.set(key, controller);
  return controller;
}

/** The endpoint playground (API explorer). */
export function EndpointPlayground(props: EndpointPlaygroundProps) {
  return <EndpointPlaygroundInner key={`${props.definition.id}:${props.endpointId}`} {...props} />;
}

function EndpointPlaygroundInner(props: EndpointPlaygroundProps) {
  const [controller] = useState(() =>
    controllerFor(`${props.definition.id}:${props.endpointId}`, props.keepStateOnPage === true, () => ({
      definition: props.definition,
      endpointId: props.endpointId,
      mode: props.mode,
      proxyBaseUrl: props.proxyBaseUrl,
      features: props.features,
      analytics: props.analytics ?? (props.mode === 'local' ? consoleAnalyticsSink : noopAnalyticsSink),
      storage: browserStorage(),
      sessionStorage: browserStorage('sessionStorage'),
      siteKey: props.siteKey,
      initialForm: initialFormFromUrl(),
      resolveEndpoint: props.resolveEndpoint,
      snippetTemplates: props.snippetTemplates,
    })),
  );
  const [injection] = useState(() =>
    props.apiKeyInjectionBaseUrl === null
      ? undefined
      : new ApiKeyInjectionStore({ baseUrl: props.apiKeyInjectionBaseUrl ?? '' }),
  );
  const [narrowQuery] = useState(() => new MediaQueryStore(NARROW_QUERY));
  const narrow = useStore(narrowQuery);
  const view = useStore(controller.view);
  const [loginError, setLoginError] = useState<string | undefined>();

  const navigate = (href: string, shallow = false) => {
    if (props.onNavigate) props.onNavigate(href, { shallow });
    else if (shallow) {
      window.history.pushState(null, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    } else window.location.assign(href);
  };

  const close = () => {
    window.history.replaceState(window.history.state, '', withoutExplorerParams(window.location.href));
    props.onClose?.();
  };

  const closeRef = useLatest(close);

  useEffect(() => {
    void controller.checkOAuthFallback();
    // Back from the OAuth provider: trade the code for a token (or show why not).
    void controller.completeAuthorization();
    const error = loginErrorFromSearch(window.location.search);
    if (error) {
      setLoginError(error);
      window.history.replaceState(window.history.state, '', withoutLoginError(window.location.href));
    }
  }, [controller]);

  const loadTemplates = props.loadSnippetTemplates;
  useEffect(
    () => (loadTemplates ? controller.loadSnippetTemplates(loadTemplates) : undefined),
    [controller, loadTemplates],
  );

  useEffect(() => (injection ? controller.followInjection(injection) : undefined), [controller, injection]);
  // Keep the injection store subscribed (it refreshes every 5 minutes while enabled).
  useEffect(() => (injection ? injection.subscribe(() => {}) : undefined), [injection]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        void controller.requestSend();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [controller]);

  const referenceHref = props.slug !== undefined ? `/${props.slug.replace(/^\/+/, '')}` : undefined;
  const shallow = isShallowNavigation(props.apiReferenceId, props.definition.id);
  const types = props.definition.types;
  const panes = paneDefaults(props.split);

  const left = (
    <div className="sx-pg-pane sx-pg-left">
      {loginError && (
        <div className="sx-pg-alert sx-pg-error" role="alert">
          {loginError}
          <button type="button" className="sx-pg-link-button" onClick={() => setLoginError(undefined)}>
            Dismiss
          </button>
        </div>
      )}
      <AuthCard controller={controller} injection={injection} navigate={(href) => navigate(href)} />
      <RequestForm form={controller.form} types={types} />
    </div>
  );

  return (
    <Dialog
      className="sx-playground"
      aria-label={`API Explorer: ${controller.endpoint.title}`}
      onClose={() => closeRef.current()}
      closeOnEscape={escapeClosesExplorer}
      initialFocus="dialog"
    >
      <TopBar controller={controller} onClose={close} compact={narrow} />
      <div className="sx-pg-subbar">
        <h1 className="sx-pg-title">{controller.endpoint.title}</h1>
        {referenceHref && (
          <a
            className="sx-pg-link"
            href={referenceHref}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              close();
              navigate(referenceHref, shallow);
            }}
          >
            View in API Reference
          </a>
        )}
      </div>
      {narrow ? (
        <div className="sx-pg-tabs">
          <TabList
            idBase="sx-pg-explorer"
            label="Explorer"
            className="sx-pg-tablist"
            tabClassName="sx-pg-tab"
            tabs={EXPLORER_TABS}
            selected={view.mobileTab}
            onSelect={(tab) => controller.view.set({ mobileTab: tab })}
          />
          <TabPanel idBase="sx-pg-explorer" id={view.mobileTab} active className="sx-pg-tabpanel">
            {view.mobileTab === 'request' ? (
              <>
                {left}
                <RequestCard controller={controller} />
              </>
            ) : (
              <ResponseCard request={controller.request} />
            )}
          </TabPanel>
        </div>
      ) : (
        <Group orientation="horizontal" className="sx-pg-panels">
          <Panel id="sx-pg-left" defaultSize={panes.left} minSize={240}>
            {left}
          </Panel>
          <Separator className="sx-pg-separator" id="sx-pg-separator-main" />
          <Panel id="sx-pg-right" {...(panes.right ? { defaultSize: panes.right } : {})} minSize={280}>
            <Group orientation="vertical" className="sx-pg-panels">
              <Panel id="sx-pg-request" defaultSize="40" minSize={120}>
                <div className="sx-pg-pane">
                  <RequestCard controller={controller} />
                </div>
              </Panel>
              <Separator className="sx-pg-separator sx-pg-separator-h" id="sx-pg-separator-cards" />
              <Panel id="sx-pg-response" defaultSize="60" minSize={120}>
                <div className="sx-pg-pane">
                  <ResponseCard request={controller.request} />
                </div>
              </Panel>
            </Group>
          </Panel>
        </Group>
      )}
    </Dialog>
  );
}

function useLatest<T>(value: T): { current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}

function browserStorage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined;
  }
}

function initialFormFromUrl() {
  if (typeof window === 'undefined') return undefined;
  const encoded = new URLSearchParams(window.location.search).get(FORM_PARAM);
  return encoded ? decodeFormState(encoded) : undefined;
}
