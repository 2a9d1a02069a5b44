/** A copy-to-clipboard button that says Copied for a moment. */
import { useState } from 'react';

export function CopyButton({
  text,
  label,
  caption = 'Copy',
}: {
  text: () => string;
  label: string;
  caption?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="sx-pg-button sx-pg-small"
      aria-label={label}
      onClick={() => {
        void navigator.clipboard?.writeText(text()).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          },
          () => setCopied(false),
        );
      }}
    >
      {copied ? 'Copied' : caption}
    </button>
  );
}
