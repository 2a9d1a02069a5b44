/**
 * `CopyButton`: copies text to the clipboard, says Copied (or Copy failed) for a moment, and
 * announces it to screen readers. The text may be computed when clicked (a large response body,
 * the shown code panel).
 */
import { useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

export interface CopyButtonProps {
  /** What is copied, or how to get it when the button is pressed. */
  text: string | (() => string | Promise<string>);
  /** The button's accessible name ("Copy response"). */
  label: string;
  /** The visible text while idle. */
  caption?: string;
  className?: string;
  /** How long Copied / Copy failed stays, in milliseconds. */
  resetAfter?: number;
}

const CAPTIONS: Record<Exclude<CopyState, 'idle'>, string> = { copied: 'Copied', failed: 'Copy failed' };

/**
 * @example
 * <CopyButton label="Copy cURL" text={() => snippet} className="sx-button sx-button-small" />
 */
export function CopyButton({ text, label, caption = 'Copy', className, resetAfter = 1500 }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    let next: CopyState;
    try {
      const value = typeof text === 'string' ? text : await text();
      await navigator.clipboard.writeText(value);
      next = 'copied';
    } catch {
      next = 'failed';
    }
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), resetAfter);
  };
  return (
    <button
      type="button"
      className={['sx-ui-copy', className].filter(Boolean).join(' ')}
      aria-label={label}
      data-state={state}
      onClick={() => void copy()}
    >
      {state === 'idle' ? caption : CAPTIONS[state]}
      <span className="sx-ui-sr-only" aria-live="polite">
        {state === 'copied' ? 'Copied to clipboard' : state === 'failed' ? 'Copy failed' : ''}
      </span>
    </button>
  );
}
