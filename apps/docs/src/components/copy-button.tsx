/** A button that copies text to the clipboard and says so for two seconds. */
import { useState } from 'react';

export function CopyButton({
  text,
  label = 'Copy',
  idleText = 'Copy',
}: {
  text: string | (() => Promise<string>);
  label?: string;
  /** The visible text while idle. */
  idleText?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof text === 'string' ? text : await text());
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  };
  return (
    <button type="button" className="sx-button sx-button-small" onClick={copy} aria-label={label}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : idleText}
      <span className="sx-visually-hidden" aria-live="polite">
        {state === 'copied' ? 'Copied to clipboard' : ''}
      </span>
    </button>
  );
}
