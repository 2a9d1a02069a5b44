/**
 * The top bar: method, editable base URL or environment selector, the path with its parameters
 * highlighted, the query string, copy buttons for the URL and a shareable link, and Send
 * Request: disabled with its reason beside it (`controller.sendDisabledReason`), or asking
 * "Send anyway" once when fields are flagged invalid; Cancel, with the elapsed time counting up,
 * while a request or stream is in flight. On small screens (`compact`) the copy actions sit in
 * a menu and the bar lays out in two rows (playground.css), so it keeps to ~12 % of a phone screen.
 */

import { CopyButton, Menu, Select } from '@sextant/ui';
import { useEffect, useId, useState } from 'react';
import { deepLink } from '../core/endpoint/deep-link.js';
import type { EndpointController } from '../core/endpoint/endpoint-controller.js';
import { invalidFieldsText } from '../core/form/form-validation.js';
import { isInFlight } from '../core/request/request-lifecycle.js';
import { formatElapsed } from '../core/view/json-tokens.js';
import { useElapsed } from './use-elapsed.js';
import { useStore } from './use-store.js';

export function TopBar({
  controller,
  onClose,
  compact = false,
}: {
  controller: EndpointController;
  onClose: () => void;
  compact?: boolean;
}) {
  const view = useStore(controller.view);
  const form = useStore(controller.form);
  useStore(controller.auth);
  const request = useStore(controller.request);
  const inFlight = isInFlight(request);
  const elapsed = useElapsed(controller.request);
  const tooltipId = useId();
  const endpoint = controller.endpoint;
  useStore(controller.form.bodyText);
  const disabledReason = controller.sendDisabledReason();
  const invalidCount = controller.form.validation().count;
  const url = controller.built().url;
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  return (
    <header className={compact ? 'sx-pg-topbar sx-pg-compact' : 'sx-pg-topbar'}>
      <span className={`sx-pg-method sx-pg-method-${endpoint.method.toLowerCase()}`}>{endpoint.method}</span>
      <div className="sx-pg-url">
        {endpoint.environments.length > 1 && (
          <Select
            className="sx-pg-input sx-pg-small"
            aria-label="Environment"
            value={view.environmentId}
            options={endpoint.environments.map((environment) => ({
              value: environment.id,
              label: environment.description ?? environment.id,
            }))}
            onChange={(event) => controller.selectEnvironment(event.target.value)}
          />
        )}
        <input
          className="sx-pg-input sx-pg-base-url"
          aria-label="Base URL"
          title={view.baseUrl}
          spellCheck={false}
          value={view.baseUrl}
          onChange={(event) => controller.setBaseUrl(event.target.value)}
        />
        <span className="sx-pg-path" data-testid="path">
          {endpoint.path.map((part, index) =>
            part.type === 'literal' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: path parts are positional
              <span key={index}>{part.value}</span>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: path parts are positional
              <span key={index} className="sx-pg-path-param" title={part.name}>
                {valueText(form.pathParameters[part.name]) || `:${part.name}`}
              </span>
            ),
          )}
          {query && <span className="sx-pg-query">{query}</span>}
        </span>
      </div>
      <ServerVariables controller={controller} variables={view.variables} />
      {compact ? (
        <CopyMenu
          url={() => controller.built().url}
          link={() =>
            deepLink(window.location.href, controller.form.getState(), controller.secretHeaderNames())
          }
        />
      ) : (
        <>
          <CopyButton
            className="sx-pg-button sx-pg-small"
            label="Copy URL"
            caption="Copy URL"
            text={() => controller.built().url}
          />
          <CopyButton
            className="sx-pg-button sx-pg-small"
            label="Copy link to this form"
            caption="Copy link"
            text={() =>
              deepLink(window.location.href, controller.form.getState(), controller.secretHeaderNames())
            }
          />
        </>
      )}
      <span className="sx-pg-send-wrap" title={disabledReason}>
        {inFlight ? (
          <button
            type="button"
            className="sx-pg-button sx-pg-cancel"
            onClick={() => controller.cancel()}
            data-testid="cancel"
          >
            Cancel
            <span className="sx-pg-elapsed" data-testid="elapsed">
              {formatElapsed(elapsed ?? 0)}
            </span>
          </button>
        ) : view.confirmingSend ? (
          <button
            type="button"
            className="sx-pg-button sx-pg-primary"
            onClick={() => void controller.confirmSend()}
            data-testid="send-anyway"
          >
            Send anyway
          </button>
        ) : (
          <button
            type="button"
            className="sx-pg-button sx-pg-primary"
            disabled={disabledReason !== undefined}
            aria-describedby={disabledReason ? tooltipId : undefined}
            onClick={() => void controller.requestSend()}
            data-testid="send"
          >
            Send Request
          </button>
        )}
        {disabledReason && (
          <span role="tooltip" id={tooltipId} className="sx-pg-tooltip">
            {disabledReason}
          </span>
        )}
        {/* Why Send is disabled, or how many inputs look wrong (Send then asks once). */}
        <span className="sx-pg-invalid-count" role="status" data-testid="invalid-count">
          {disabledReason ??
            (view.confirmingSend
              ? `${invalidFieldsText(invalidCount)}. Send anyway?`
              : invalidFieldsText(invalidCount))}
        </span>
      </span>
      <button type="button" className="sx-pg-icon-button" aria-label="Close explorer" onClick={onClose}>
        ×
      </button>
    </header>
  );
}

/** The copy actions of a compact top bar, in one menu, with a polite "Copied" after each. */
function CopyMenu({ url, link }: { url: () => string; link: () => string }) {
  const [status, setStatus] = useState('');
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), 1500);
    return () => clearTimeout(timer);
  }, [status]);
  const copy = (text: string, what: string) =>
    navigator.clipboard.writeText(text).then(
      () => setStatus(`${what} copied`),
      () => setStatus('Copy failed'),
    );
  return (
    <>
      <Menu
        label="Copy actions"
        trigger="Copy"
        buttonClassName="sx-pg-button sx-pg-small"
        items={[
          { id: 'url', label: 'Copy URL', onSelect: () => void copy(url(), 'URL') },
          { id: 'link', label: 'Copy link to this form', onSelect: () => void copy(link(), 'Link') },
        ]}
      />
      <span className="sx-ui-sr-only" role="status">
        {status}
      </span>
    </>
  );
}

/** Inputs for the selected environment's server variables (a list when the server enumerates them). */
function ServerVariables({
  controller,
  variables,
}: {
  controller: EndpointController;
  variables: Record<string, string>;
}) {
  const declared = controller.environment?.variables ?? [];
  if (declared.length === 0) return null;
  return (
    <fieldset className="sx-pg-variables">
      <legend className="sx-ui-sr-only">Server variables</legend>
      {declared.map((variable) => {
        const value = variables[variable.name] ?? variable.default;
        const onChange = (next: string) => controller.setVariable(variable.name, next);
        return (
          <span key={variable.name} className="sx-pg-variable" title={variable.description}>
            <span className="sx-pg-variable-name" aria-hidden="true">
              {variable.name}
            </span>
            {variable.enum ? (
              <Select
                className="sx-pg-input sx-pg-small"
                aria-label={`Server variable ${variable.name}`}
                value={value}
                options={variable.enum.map((option) => ({ value: option, label: option }))}
                onChange={(event) => onChange(event.target.value)}
              />
            ) : (
              <input
                className="sx-pg-input sx-pg-small sx-pg-variable-input"
                aria-label={`Server variable ${variable.name}`}
                spellCheck={false}
                value={value}
                onChange={(event) => onChange(event.target.value)}
              />
            )}
          </span>
        );
      })}
    </fieldset>
  );
}

function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
