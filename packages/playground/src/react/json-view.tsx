/** Highlighted JSON (or plain text) in a scrollable block. */
import { tokenizeJson } from '../core/view/json-tokens.js';
import { TokenSpans } from './token-spans.js';

export function JsonView({ value, label }: { value: unknown; label: string }) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pre keeps the whitespace; the role names the scroll region
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be reachable by keyboard (axe)
    <pre className="sx-pg-code" role="region" aria-label={label} tabIndex={0}>
      {typeof value === 'string' ? text : <TokenSpans tokens={tokenizeJson(text ?? '')} />}
    </pre>
  );
}
