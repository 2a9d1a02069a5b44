/**
 * The authorization card above the form: open or closed, one set of inputs per scheme kind,
 * the OAuth flows (a flow selector when the scheme declares several; client credentials and
 * password with Fetch / Refresh / Loading..., authorization code with Authorize and the redirect
 * URI to register; the no-longer-valid warning, the plain bearer fallback), the docs site's
 * Login / Logout when API-key injection is enabled, and the opt-in to remember credentials in
 * this browser. Rules live in the auth store and the
 * controller; this only renders and dispatches.
 */
import type { AuthScheme } from '@sextant/definition';
import { authRequirementsOf, requirementKey } from '@sextant/request';
import { Field, Select, type SelectOption } from '@sextant/ui';
import { useId } from 'react';
import { type ApiKeyInjectionStore, loginUrl, logoutUrl } from '../core/auth/api-key-injection.js';
import {
  type AuthState,
  authenticatedFor,
  isTokenNoLongerValid,
  oauthButtonLabel,
  TOKEN_NO_LONGER_VALID,
} from '../core/auth/auth-store.js';
import type { EndpointController } from '../core/endpoint/endpoint-controller.js';
import { useStore } from './use-store.js';

export function AuthCard({
  controller,
  injection,
  navigate,
}: {
  controller: EndpointController;
  injection: ApiKeyInjectionStore | undefined;
  navigate: (href: string) => void;
}) {
  const auth = useStore(controller.auth);
  const view = useStore(controller.view);
  const requirements = authRequirementsOf(controller.endpoint)
    .map((ids) => ({
      key: requirementKey(ids),
      schemes: ids
        .map((id) => controller.definition.auths[id])
        .filter((s): s is AuthScheme => s !== undefined),
    }))
    .filter((requirement) => requirement.schemes.length > 0);
  const bodyId = useId();
  if (requirements.length === 0) return null;
  const selected = controller.authSchemes;
  const scheme = controller.authScheme;
  // Authenticated only when the scheme this request uses has a value (not any credential anywhere).
  const authenticated = authenticatedFor(auth, controller.endpoint, controller.definition.auths);
  return (
    <section
      className="sx-pg-card sx-pg-auth"
      data-state={auth.open ? 'open' : 'closed'}
      aria-label="Authorization"
    >
      <button
        type="button"
        className="sx-pg-card-toggle"
        aria-expanded={auth.open}
        aria-controls={bodyId}
        onClick={() => controller.auth.setOpen(!auth.open)}
      >
        <span className="sx-pg-card-title">Authorization</span>
        <span
          className={`sx-pg-badge ${authenticated ? 'sx-pg-badge-success' : 'sx-pg-badge-muted'}`}
          data-testid="auth-status"
        >
          {authenticated ? 'Authenticated' : 'Not authenticated'}
        </span>
      </button>
      {auth.open && (
        <div className="sx-pg-card-body" id={bodyId}>
          {injection && (
            <InjectionLogin
              injection={injection}
              navigate={navigate}
              schemeName={scheme ? schemeLabel(scheme) : undefined}
              servesScheme={controller.injectionServesScheme()}
            />
          )}
          {requirements.length > 1 && (
            <LabelledSelect
              label="Scheme"
              testId="auth-scheme"
              value={requirementKey(selected.map((s) => s.id))}
              options={requirements.map((requirement) => ({
                value: requirement.key,
                label: requirement.schemes.map(schemeLabel).join(' + '),
              }))}
              onChange={(value) => controller.auth.selectScheme(value)}
            />
          )}
          {selected.length > 1 && (
            <p className="sx-pg-muted" data-testid="auth-together">
              This endpoint needs all of these together: {selected.map(schemeLabel).join(', ')}.
            </p>
          )}
          {selected.map((s) => (
            <SchemeInputs
              key={s.id}
              scheme={s}
              auth={auth}
              controller={controller}
              oauthFallback={view.oauthFallback}
              oauthFallbackReason={view.oauthFallbackReason}
            />
          ))}
          <label className="sx-pg-inline">
            <input
              type="checkbox"
              checked={auth.persist}
              onChange={(event) => controller.auth.setPersist(event.target.checked)}
            />
            <span>Remember credentials in this browser</span>
          </label>
        </div>
      )}
    </section>
  );
}

function InjectionLogin({
  injection,
  navigate,
  schemeName,
  servesScheme,
}: {
  injection: ApiKeyInjectionStore;
  navigate: (href: string) => void;
  schemeName: string | undefined;
  servesScheme: boolean;
}) {
  const state = useStore(injection);
  const config = state.config;
  if (!config?.enabled) return null;
  const here = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
  return (
    <div className="sx-pg-injection">
      {config.authenticated ? (
        <>
          <span className="sx-pg-badge sx-pg-badge-success">Logged in</span>
          <button
            type="button"
            className="sx-pg-button"
            onClick={() => navigate(logoutUrl(injection.baseUrl, here))}
          >
            Logout
          </button>
          <p className="sx-pg-muted sx-pg-injection-note" data-testid="injection-note">
            {servesScheme
              ? `Your docs login's token is filled in as ${schemeName ?? 'the credential'}.`
              : `Your docs login gives a token; ${schemeName ?? 'this scheme'} needs a username and password: enter them below.`}
          </p>
        </>
      ) : (
        <button
          type="button"
          className="sx-pg-button sx-pg-primary"
          onClick={() => {
            const href = loginUrl(config, here);
            if (href) navigate(href);
          }}
        >
          Login to send a real request
        </button>
      )}
    </div>
  );
}

function LabelledSelect({
  label,
  testId,
  value,
  options,
  onChange,
}: {
  label: string;
  testId: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} className="sx-pg-label">
      {(control) => (
        <Select
          {...control}
          className="sx-pg-input"
          data-testid={testId}
          value={value}
          options={options}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

function SecretInput(props: { label: string; value: string; onChange: (value: string) => void }) {
  return <TextInput {...props} type="password" />;
}

function TextInput({
  label,
  value,
  onChange,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password';
}) {
  return (
    <Field label={label} className="sx-pg-label">
      {(control) => (
        <input
          {...control}
          className="sx-pg-input"
          type={type}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

function SchemeInputs({
  scheme,
  auth,
  controller,
  oauthFallback,
  oauthFallbackReason,
}: {
  scheme: AuthScheme;
  auth: AuthState;
  controller: EndpointController;
  oauthFallback: boolean;
  oauthFallbackReason: string | undefined;
}) {
  const store = controller.auth;
  switch (scheme.type) {
    case 'bearerAuth':
      return (
        <SecretInput
          label={scheme.tokenName ?? 'Bearer token'}
          value={auth.bearerToken}
          onChange={(v) => store.setBearerToken(v)}
        />
      );
    case 'basicAuth':
      return (
        <>
          <TextInput
            label={scheme.usernameName ?? 'Username'}
            value={auth.basic.username}
            onChange={(v) => store.setBasic('username', v)}
          />
          <SecretInput
            label={scheme.passwordName ?? 'Password'}
            value={auth.basic.password}
            onChange={(v) => store.setBasic('password', v)}
          />
        </>
      );
    case 'header':
    case 'queryParameter':
      return (
        <SecretInput
          label={schemeLabel(scheme)}
          value={auth.headerValues[scheme.id] ?? ''}
          onChange={(v) => store.setHeaderValue(scheme.id, v)}
        />
      );
    case 'oAuth':
      if (oauthFallback)
        return (
          <div className="sx-pg-oauth">
            {oauthFallbackReason && (
              <p className="sx-pg-alert sx-pg-warning" role="alert" data-testid="oauth-fallback-reason">
                {oauthFallbackReason}
              </p>
            )}
            <SecretInput
              label="Bearer token"
              value={auth.oauth.userSuppliedAccessToken}
              onChange={(v) => store.setUserSuppliedToken(v)}
            />
          </div>
        );
      return <OAuthInputs auth={auth} controller={controller} />;
  }
}

const FLOW_LABELS = {
  clientCredentials: 'Client credentials',
  authorizationCode: 'Authorization code',
  password: 'Password',
  implicit: 'Implicit',
} as const;

function OAuthInputs({ auth, controller }: { auth: AuthState; controller: EndpointController }) {
  const store = controller.auth;
  const oauth = auth.oauth;
  const flows = controller.oauthFlows;
  const flow = controller.oauthFlow;
  const implicit = flows.find((f) => f.type === 'implicit');
  const label = FLOW_LABELS[flow?.type ?? 'clientCredentials'];
  const secretLabel = flow?.type === 'clientCredentials' ? 'Client Secret' : 'Client Secret (optional)';
  return (
    <div className="sx-pg-oauth">
      {flows.length > 1 && (
        <LabelledSelect
          label="Flow"
          testId="oauth-flow"
          value={flow?.type ?? ''}
          options={flows.map((f) => ({
            value: f.type,
            label: `${FLOW_LABELS[f.type]}${f.type === 'implicit' ? ' (not supported)' : ''}`,
            disabled: f.type === 'implicit',
          }))}
          onChange={(value) => {
            const picked = flows.find((f) => f.type === value);
            if (picked && picked.type !== 'implicit') store.selectOAuthFlow(picked.type);
          }}
        />
      )}
      {implicit && flows.length > 1 && (
        <p className="sx-pg-muted" data-testid="oauth-implicit">
          {implicit.unsupported}
        </p>
      )}
      <fieldset className="sx-pg-radios">
        <legend>OAuth 2.0 {label.toLowerCase()}</legend>
        <label className="sx-pg-inline">
          <input
            type="radio"
            name="sx-oauth-method"
            checked={oauth.selectedInputMethod === 'credentials'}
            onChange={() => store.setOAuthInputMethod('credentials')}
          />
          <span>{flow?.type === 'password' ? 'Password grant' : label}</span>
        </label>
        <label className="sx-pg-inline">
          <input
            type="radio"
            name="sx-oauth-method"
            checked={oauth.selectedInputMethod === 'token'}
            onChange={() => store.setOAuthInputMethod('token')}
          />
          <span>Access token</span>
        </label>
      </fieldset>
      {oauth.selectedInputMethod === 'credentials' ? (
        <>
          {flow?.type === 'password' && (
            <>
              <TextInput
                label="Username"
                value={oauth.username}
                onChange={(v) => store.setOAuthField('username', v)}
              />
              <SecretInput
                label="Password"
                value={oauth.password}
                onChange={(v) => store.setOAuthField('password', v)}
              />
            </>
          )}
          <TextInput
            label="Client ID"
            value={oauth.clientId}
            onChange={(v) => store.setOAuthField('clientId', v)}
          />
          <SecretInput
            label={secretLabel}
            value={oauth.clientSecret}
            onChange={(v) => store.setOAuthField('clientSecret', v)}
          />
          <OAuthScopes auth={auth} controller={controller} />
          {flow?.type === 'authorizationCode' && <RedirectUri controller={controller} />}
          {oauth.isLoggedIn && (
            <SecretInput
              label="Bearer token"
              value={oauth.accessToken}
              onChange={(v) => store.setOAuthAccessToken(v)}
            />
          )}
          {isTokenNoLongerValid(oauth) && (
            <p className="sx-pg-alert sx-pg-warning" role="alert">
              {TOKEN_NO_LONGER_VALID}
            </p>
          )}
          {oauth.error && (
            <p className="sx-pg-alert sx-pg-error" role="alert" data-testid="oauth-error">
              {oauth.error}
            </p>
          )}
          <button
            type="button"
            className="sx-pg-button"
            disabled={oauth.isLoggingIn}
            data-testid="oauth-login"
            onClick={() => void controller.oauthLogin()}
          >
            {flow?.type === 'authorizationCode' && !oauth.isLoggingIn ? 'Authorize' : oauthButtonLabel(oauth)}
          </button>
        </>
      ) : (
        <SecretInput
          label="Bearer token"
          value={oauth.userSuppliedAccessToken}
          onChange={(v) => store.setUserSuppliedToken(v)}
        />
      )}
    </div>
  );
}

/** The redirect URI the provider must know: this page, so the explorer reopens here. */
function RedirectUri({ controller }: { controller: EndpointController }) {
  const uri = controller.authorizationRedirectUri();
  return (
    <Field label="Redirect URI (register it with the provider)" className="sx-pg-label">
      {(control) => (
        <input {...control} className="sx-pg-input" readOnly value={uri} data-testid="oauth-redirect-uri" />
      )}
    </Field>
  );
}

function schemeLabel(scheme: AuthScheme): string {
  switch (scheme.type) {
    case 'bearerAuth':
      return 'Bearer token';
    case 'basicAuth':
      return 'Basic auth';
    case 'header':
      return scheme.nameOverride ?? scheme.headerWireValue;
    case 'queryParameter':
      return scheme.nameOverride ?? scheme.queryParameterName;
    case 'oAuth':
      return 'OAuth 2.0';
  }
}

/** The scheme's scopes as checkboxes: the login asks for the ticked ones (all until the reader unticks one). */
function OAuthScopes({ auth, controller }: { auth: AuthState; controller: EndpointController }) {
  const scopes = controller.oauthFlow?.scopes ?? [];
  if (scopes.length === 0) return null;
  const all = scopes.map((scope) => scope.name);
  const ticked = auth.oauth.scopes ?? all;
  return (
    <fieldset className="sx-pg-radios" data-testid="oauth-scopes">
      <legend>Scopes</legend>
      {scopes.map((scope) => (
        <label className="sx-pg-inline" key={scope.name}>
          <input
            type="checkbox"
            checked={ticked.includes(scope.name)}
            onChange={() => controller.auth.toggleOAuthScope(scope.name, all)}
          />
          <span>{scope.name}</span>
          {scope.description && <span className="sx-pg-muted">{scope.description}</span>}
        </label>
      ))}
    </fieldset>
  );
}
