/**
 * The text of an imported project's `docs.yml`: the (lowered) draft as YAML, settings first,
 * then versions and navigation, redirects last; changelog entry lists (the importer's own
 * bookkeeping) are not written.
 */
import { stringify } from 'yaml';
import type { DocsYmlDraft, NavDraft } from './draft.js';

const ORDER: (keyof DocsYmlDraft)[] = [
  'title',
  'theme',
  'logo',
  'favicon',
  'colors',
  'layout',
  'metadata',
  'css',
  'scripts',
  'ai',
  'navbar',
  'footer',
  'announcement',
  'editThisPage',
  'versions',
  'navigation',
  'redirects',
];

/** The draft as the plain docs.yml document (what the schema validates). */
export function docsYmlDocument(draft: DocsYmlDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ORDER) {
    const value = draft[key];
    if (value === undefined) continue;
    if (key === 'navigation') {
      if (draft.navigation.length > 0 || !draft.versions) out.navigation = plainNav(draft.navigation);
    } else if (key === 'versions' && draft.versions) {
      out.versions = draft.versions.map((version) => ({
        ...version,
        navigation: plainNav(version.navigation),
      }));
    } else out[key] = value;
  }
  return out;
}

function plainNav(nav: NavDraft[]): unknown[] {
  return nav.map((item) => {
    if ('changelog' in item) {
      const { entries: _entries, ...rest } = item;
      return rest;
    }
    if ('contents' in item) return { ...item, contents: plainNav(item.contents) };
    return item;
  });
}

/**
 * The docs.yml text.
 * @example renderDocsYml(draft, 'Mintlify (docs.json)')
 */
export function renderDocsYml(draft: DocsYmlDraft, source: string): string {
  const body = stringify(docsYmlDocument(draft), { lineWidth: 0 });
  return `# Sextant docs project converted from ${source} by \`sextant init --from\`.\n# Preview with \`sextant dev\`, publish with \`sextant publish\`.\n${body}`;
}
