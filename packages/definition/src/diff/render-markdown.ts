/**
 * A markdown summary of a diff for changelogs and pull requests: a headline with the counts,
 * breaking changes first, then additions, other changes and documentation changes, each line
 * naming the operation or type it concerns.
 */
import type { DefinitionChange, DefinitionDiff } from './types.js';

const SECTIONS: { title: string; pick: (change: DefinitionChange) => boolean }[] = [
  { title: 'Breaking changes', pick: (change) => change.breaking },
  { title: 'Added', pick: (change) => !change.breaking && change.category === 'added' },
  {
    title: 'Changed',
    pick: (change) => !change.breaking && (change.category === 'changed' || change.category === 'removed'),
  },
  { title: 'Documentation', pick: (change) => !change.breaking && change.category === 'docs' },
];

/**
 * Renders a diff as markdown, breaking changes first.
 *
 * @example
 * renderDiffMarkdown(diffDefinitions(v1, v2));
 * // ## API changes: petstore → petstore
 * // 1 breaking change, 2 additions …
 * // ### Breaking changes
 * // - **GET /pets/{petId}**: endpoint GET /pets/{petId} was removed
 */
export function renderDiffMarkdown(diff: DefinitionDiff): string {
  const from = diff.previous.version ? `${diff.previous.id}@${diff.previous.version}` : diff.previous.id;
  const to = diff.current.version ? `${diff.current.id}@${diff.current.version}` : diff.current.id;
  const lines = [`## API changes: ${from} → ${to}`, ''];
  if (diff.changes.length === 0) {
    lines.push('No changes.');
    return `${lines.join('\n')}\n`;
  }
  const { summary } = diff;
  lines.push(
    [
      plural(summary.breaking, 'breaking change'),
      plural(summary.added, 'addition'),
      plural(summary.removed, 'removal'),
      plural(summary.changed, 'other change'),
      plural(summary.docs, 'documentation change'),
    ].join(', '),
  );
  for (const section of SECTIONS) {
    const changes = diff.changes.filter(section.pick);
    if (changes.length === 0) continue;
    lines.push('', `### ${section.title}`, '');
    for (const change of changes)
      lines.push(`- **${escapeMarkdown(changeLocationLabel(change))}**: ${escapeMarkdown(change.message)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `GET /pets/{petId}`, `channel /chat`, `type Pet`, `auth apiKey`, `API`. */
export function changeLocationLabel(change: DefinitionChange): string {
  const { location } = change;
  switch (location.area) {
    case 'endpoint':
      return `${location.method} ${location.path}`;
    case 'websocket':
      return `channel ${location.path}`;
    case 'webhook':
      return `webhook ${location.method} ${location.path}`;
    case 'type':
      return `type ${location.path ?? location.id}`;
    case 'auth':
      return `auth ${location.id}`;
    case 'api':
      return 'API';
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Escapes markdown outside code spans, so names like `_id` or `*` stay literal either way. */
function escapeMarkdown(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((piece) => (piece.startsWith('`') ? piece : piece.replace(/([\\*_[\]<>|])/g, '\\$1')))
    .join('');
}
