/**
 * An API changelog entry: what one publish of an API changed since the version published before
 * it, from the registry's own diff of the two definitions (breaking changes, additions, the bump
 * they imply). The registry records one per publish that changes something; docs sites merge
 * them into their changelogs beside the hand-written entries.
 */
import { bumpForDiff } from './next-version.js';
import type { ChangeCategory, ChangeKind, DefinitionDiff, VersionBump } from './types.js';

/** Most changes one entry keeps (breaking ones first): an entry stays readable, and small. */
export const MAX_CHANGELOG_CHANGES = 100;

export interface ApiChangelogChange {
  kind: ChangeKind;
  category: ChangeCategory;
  breaking: boolean;
  message: string;
  /** The endpoint's or webhook's method, with `path`. */
  method?: string;
  /** The endpoint's path template, a channel's address or a webhook's event name. */
  path?: string;
}

export interface ApiChangelogEntry {
  /** The registry id of the definition this publish stored. */
  apiDefinitionId: string;
  /** When it was published (ISO 8601). */
  publishedAt: string;
  /** The spec's own version (`info.version`) of this publish and of the one before it. */
  version?: string;
  previousVersion?: string;
  bump: VersionBump;
  summary: DefinitionDiff['summary'];
  /** Breaking changes first, then additions, other changes and documentation. */
  changes: ApiChangelogChange[];
  /**
   * Not published yet: `sextant dev`'s diff of the working spec against `against` (`git HEAD`),
   * what the next publish would record.
   */
  unreleased?: { against: string };
}

const ORDER: Record<ChangeCategory, number> = { removed: 1, added: 2, changed: 3, docs: 4 };

/**
 * The changelog entry of a diff, or undefined when nothing changed.
 * @example apiChangelogEntry(diffDefinitions(v1, v2), { apiDefinitionId: 'id', publishedAt: now })?.bump // 'MAJOR'
 */
export function apiChangelogEntry(
  diff: DefinitionDiff,
  meta: { apiDefinitionId: string; publishedAt: string },
): ApiChangelogEntry | undefined {
  if (diff.changes.length === 0) return undefined;
  const changes = [...diff.changes]
    .map((change, index) => ({ change, index }))
    .sort(
      (a, b) =>
        Number(b.change.breaking) - Number(a.change.breaking) ||
        ORDER[a.change.category] - ORDER[b.change.category] ||
        a.index - b.index,
    )
    .slice(0, MAX_CHANGELOG_CHANGES)
    .map(({ change }) => ({
      kind: change.kind,
      category: change.category,
      breaking: change.breaking,
      message: change.message,
      ...(change.location.method ? { method: change.location.method } : {}),
      ...(change.location.path ? { path: change.location.path } : {}),
    }));
  return {
    apiDefinitionId: meta.apiDefinitionId,
    publishedAt: meta.publishedAt,
    ...(diff.current.version ? { version: diff.current.version } : {}),
    ...(diff.previous.version ? { previousVersion: diff.previous.version } : {}),
    bump: bumpForDiff(diff),
    summary: diff.summary,
    changes,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The entry as a changelog page's markdown: the bump and counts, then the breaking changes,
 * additions, other changes and documentation changes, each naming its endpoint.
 */
export function apiChangelogMarkdown(entry: ApiChangelogEntry, apiTitle: string): string {
  const { summary } = entry;
  const from = entry.previousVersion ? ` (from ${entry.previousVersion})` : '';
  const counts = [
    summary.breaking > 0 ? plural(summary.breaking, 'breaking change') : undefined,
    summary.added > 0 ? `${summary.added} added` : undefined,
    summary.removed > 0 ? `${summary.removed} removed` : undefined,
    summary.changed > 0 ? `${summary.changed} changed` : undefined,
    summary.docs > 0 ? plural(summary.docs, 'documentation change') : undefined,
  ].filter(Boolean);
  const line = (change: ApiChangelogChange) => {
    const where =
      change.method && change.path
        ? `\`${change.method} ${change.path}\`: `
        : change.path
          ? `\`${change.path}\`: `
          : '';
    return `- ${where}${change.message}`;
  };
  const section = (title: string, list: ApiChangelogChange[]) =>
    list.length > 0 ? `\n### ${title}\n\n${list.map(line).join('\n')}\n` : '';
  const breaking = entry.changes.filter((c) => c.breaking);
  const rest = entry.changes.filter((c) => !c.breaking);
  const omitted = summary.total - entry.changes.length;
  const release = `${apiTitle}${entry.version ? ` ${entry.version}` : ''}${from}`;
  const lead = entry.unreleased
    ? `Unreleased, compared with ${entry.unreleased.against}: publishing now makes a **${entry.bump}** release of ${release}`
    : `**${entry.bump}** release of ${release}`;
  return [
    `${lead}: ${counts.join(', ') || plural(summary.total, 'change')}.`,
    section('Breaking changes', breaking),
    section(
      'Added',
      rest.filter((c) => c.category === 'added'),
    ),
    section(
      'Removed',
      rest.filter((c) => c.category === 'removed'),
    ),
    section(
      'Changed',
      rest.filter((c) => c.category === 'changed'),
    ),
    section(
      'Documentation',
      rest.filter((c) => c.category === 'docs'),
    ),
    omitted > 0 ? `\n…and ${plural(omitted, 'more change')}.\n` : '',
  ].join('\n');
}
