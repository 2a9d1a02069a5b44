/** Highlighted JSON (or plain text) in a scrollable block. */
import { tokenizeJson } from '../core/view/json-tokens.js';

export function JsonView({ value, label }: { value: unknown; label: string }) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pre keeps the whitespace; the role names the scroll region
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be reachable by keyboard (axe)
    <pre className="sx-pg-code" role="region" aria-label={label} tabIndex={0}>
      {typeof value === 'string'
        ? text
        : tokenizeJson(text ?? '').map((token, index) =>
            token.kind === 'plain' ? (
              token.text
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: tokens are positional
              <span key={index} className={`sx-pg-tok-${token.kind}`}>
                {token.text}
              </span>
            ),
          )}
    </pre>
  );
}
