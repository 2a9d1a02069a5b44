/** A code block's Copy button: an island of its own, copying the text of the block it sits in. */

import { CopyButton } from '@sextant/ui';
import { useRef } from 'react';
import { defineIsland } from '../island.js';

function CodeCopyView() {
  const ref = useRef<HTMLSpanElement>(null);
  return (
    <span ref={ref} className="sx-codeblock-copy">
      <CopyButton
        className="sx-button sx-button-small"
        resetAfter={2000}
        label="Copy code"
        text={() => ref.current?.closest('.sx-codeblock')?.querySelector('pre')?.textContent ?? ''}
      />
    </span>
  );
}

export const CodeCopy = defineIsland('code-copy', CodeCopyView);
