/**
 * `CopyButton`: copies text to the clipboard, says Copied (or Copy failed) for a moment, and
 * announces it to screen readers. The text may be computed when clicked (a large response body,
 * the shown code panel), or loaded (the button says so meanwhile).
 */
import { useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'loading' | 'copied' | 'failed';

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

const CAPTIONS: Record<Exclude<CopyState, 'idle'>, string> = {
  loading: 'Loading…',
  copied: 'Copied',
  failed: 'Copy failed',
};

/**
 * Writes text that is still loading. Where the browser takes a promise for the clipboard
 * (`ClipboardItem`), it is handed one within the click: Safari allows a write only while the
 * reader's click lasts, which a fetch outlasts.
 */
function writeWhenLoaded(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard.write)
    return text.then((value) => navigator.clipboard.writeText(value));
  const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
  return navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
}

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
      const value = typeof text === 'string' ? text : text();
      if (typeof value === 'string') await navigator.clipboard.writeText(value);
      else {
        clearTimeout(timer.current);
        setState('loading');
        await writeWhenLoaded(value);
      }
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
