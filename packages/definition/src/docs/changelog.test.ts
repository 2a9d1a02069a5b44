import { describe, expect, it } from 'vitest';
import { buildDocsDefinition, type ProjectChangelogEntry } from './build-docs-definition.js';
import {
  CHANGELOG_PAGE_SIZE,
  changelogEntries,
  changelogPageAt,
  changelogPageSlug,
  entryDateLabel,
  isEntryDate,
} from './changelog.js';
import { defaultDocsConfig } from './config.js';

const entry = (name: string, date: string): ProjectChangelogEntry => ({
  name,
  date,
  title: name,
  markdown: `About ${name}.`,
});

function site(count: number) {
  return buildDocsDefinition({
    config: defaultDocsConfig('T'),
    apis: {},
    navigation: [
      {
        type: 'changelog',
        title: 'Changelog',
        entries: Array.from({ length: count }, (_, i) =>
          entry(`e${i}`, `2026-01-${String((i % 28) + 1).padStart(2, '0')}`),
        ),
      },
    ],
  });
}

describe('changelog', () => {
  it('orders entries newest first, one day by name', () => {
    const definition = buildDocsDefinition({
      config: defaultDocsConfig('T'),
      apis: {},
      navigation: [
        {
          type: 'changelog',
          title: 'News',
          slug: 'news',
          entries: [entry('b', '2026-01-01'), entry('c', '2026-03-01'), entry('a', '2026-01-01')],
        },
      ],
    });
    const item = definition.navigation[0];
    if (item?.type !== 'changelog') throw new Error('no changelog');
    expect(changelogEntries(definition, item).map((e) => e.slug)).toEqual(['news/c', 'news/a', 'news/b']);
    expect(definition.homeSlug).toBe('news/c');
  });

  it('pages by CHANGELOG_PAGE_SIZE: the changelog slug is page 1, then …/page/N within the count', () => {
    const definition = site(CHANGELOG_PAGE_SIZE * 2 + 1);
    expect(changelogPageAt(definition, 'changelog')?.page).toBe(1);
    expect(changelogPageAt(definition, 'changelog/page/3')?.page).toBe(3);
    for (const slug of [
      'changelog/page/4',
      'changelog/page/1',
      'changelog/page/01',
      'changelog/page/x',
      'other',
    ])
      expect(changelogPageAt(definition, slug), slug).toBeUndefined();
    expect(changelogPageSlug('changelog', 1)).toBe('changelog');
    expect(changelogPageSlug('changelog', 2)).toBe('changelog/page/2');
  });

  it('knows real dates and writes them for readers', () => {
    expect(isEntryDate('2026-11-20')).toBe(true);
    expect(isEntryDate('2026-02-30')).toBe(false);
    expect(isEntryDate('2026-1-2')).toBe(false);
    expect(entryDateLabel('2026-11-20')).toBe('November 20, 2026');
  });
});
