/** A release's changelog entries (fix, feat, break…), breaking ones marked. */

import type { changelogEntrySchema } from '@sextant/registry-client';
import type { z } from 'zod';

type Entry = z.output<typeof changelogEntrySchema>;

export function Changelog({ entries }: { entries: Entry[] }) {
  if (entries.length === 0) return <span className="muted">No changelog</span>;
  return (
    <ul className="changelog">
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the list is fixed.
        <li key={index} className={entry.type === 'break' ? 'breaking' : undefined}>
          <span className={`badge kind-${entry.type}`}>{entry.type}</span> {entry.summary}
        </li>
      ))}
    </ul>
  );
}
