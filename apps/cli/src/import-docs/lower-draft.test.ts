import { describe, expect, it } from 'vitest';
import { ConversionLog, type DocsYmlDraft } from './draft.js';
import { ALL_FEATURES, docsYmlFeatures, lowerDraft, NO_FEATURES } from './lower-draft.js';
import { docsYmlDocument } from './render-docs-yml.js';

/** A draft with two versions, tabs, a changelog and the header and footer settings. */
function draft(): DocsYmlDraft {
  return {
    title: 'Acme',
    navigation: [],
    navbar: [{ text: 'GitHub', href: 'https://github.com/acme', type: 'github' }],
    footer: { socials: [{ type: 'x', href: 'https://x.com/acme' }] },
    announcement: { message: 'v2 is out' },
    editThisPage: { url: 'https://github.com/acme/docs/edit/main/' },
    versions: [
      {
        name: 'v2',
        slug: 'v2',
        navigation: [
          {
            tab: 'Guides',
            slug: 'guides',
            icon: 'book',
            contents: [{ page: 'Intro', path: 'intro.mdx', slug: '' }],
          },
          {
            tab: 'Changelog',
            slug: 'changelog-2',
            contents: [
              {
                changelog: 'Changelog',
                path: 'changelog/',
                slug: 'changelog',
                entries: [
                  { path: 'changelog/2026-11-20.mdx', date: '2026-11-20', title: 'Orders' },
                  { path: 'changelog/2026-10-02.md', date: '2026-10-02' },
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'v1',
        slug: 'v1',
        deprecated: true,
        navigation: [
          { tab: 'Guides', slug: 'guides', contents: [{ page: 'Intro', path: 'v1/intro.mdx', slug: '' }] },
        ],
      },
    ],
  };
}

describe('lowerDraft', () => {
  it('keeps everything the schema accepts, and writes no changelog entry list', () => {
    const log = new ConversionLog();
    const out = lowerDraft(draft(), ALL_FEATURES, log, 'docs.json');
    expect(log.items).toEqual([]);
    const doc = docsYmlDocument(out);
    expect(doc.navigation).toBeUndefined();
    expect(doc.versions).toMatchObject([
      {
        name: 'v2',
        navigation: [
          { tab: 'Guides' },
          { tab: 'Changelog', contents: [{ changelog: 'Changelog', path: 'changelog/' }] },
        ],
      },
      { name: 'v1', deprecated: true },
    ]);
    expect(JSON.stringify(doc)).not.toContain('entries');
  });

  it('without the newer syntax: versions become sections under their slug, tabs sections, changelogs pages; the rest is listed', () => {
    const log = new ConversionLog();
    const out = lowerDraft(draft(), NO_FEATURES, log, 'docs.json');
    expect(out.versions).toBeUndefined();
    expect(out.navbar).toBeUndefined();
    expect(out.footer).toBeUndefined();
    expect(out.announcement).toBeUndefined();
    expect(out.editThisPage).toBeUndefined();
    expect(out.navigation).toEqual([
      { section: 'Guides', slug: 'guides', contents: [{ page: 'Intro', path: 'intro.mdx', slug: '' }] },
      {
        section: 'Changelog',
        slug: 'changelog-2',
        contents: [
          {
            section: 'Changelog',
            slug: 'changelog',
            contents: [
              { page: '2026-11-20: Orders', path: 'changelog/2026-11-20.mdx', slug: 'changelog/2026-11-20' },
              { page: '2026-10-02', path: 'changelog/2026-10-02.md', slug: 'changelog/2026-10-02' },
            ],
          },
        ],
      },
      {
        section: 'v1',
        slug: 'v1-version',
        contents: [
          {
            section: 'Guides',
            slug: 'v1/guides',
            contents: [{ page: 'Intro', path: 'v1/intro.mdx', slug: 'v1' }],
          },
        ],
      },
    ]);
    expect(log.items.map((item) => item.item)).toEqual([
      'version v1',
      'tabs',
      'changelog changelog/',
      'navbar',
      'footer',
      'announcement',
      'editThisPage',
    ]);
    expect(log.items.every((item) => item.file === 'docs.json' && item.reason.length > 0)).toBe(true);
  });

  it('never leaves a tab below the top level, and moves entries outside versions into the default one', () => {
    const input: DocsYmlDraft = {
      title: 'X',
      navigation: [{ page: 'Home', path: 'home.md', slug: '' }],
      versions: [
        {
          name: 'v1',
          slug: 'v1',
          navigation: [
            { section: 'S', contents: [{ tab: 'Nested', contents: [{ link: 'A', href: '/a' }] }] },
          ],
        },
      ],
    };
    const out = lowerDraft(input, ALL_FEATURES, new ConversionLog(), 'docs.yml');
    expect(out.navigation).toEqual([]);
    expect(out.versions?.[0]?.navigation).toEqual([
      { page: 'Home', path: 'home.md', slug: '' },
      { section: 'S', contents: [{ section: 'Nested', contents: [{ link: 'A', href: '/a' }] }] },
    ]);
  });
});

describe('lowerDraft: docs.yml bounds', () => {
  it('cuts the navbar to 10 links, footer socials to names docs.yml takes, the announcement to 500 characters', () => {
    const log = new ConversionLog();
    const out = lowerDraft(
      {
        title: 'X',
        navigation: [{ link: 'Home', href: '/' }],
        navbar: Array.from({ length: 12 }, (_, i) => ({
          text: `Link ${i}`,
          href: `/l${i}`,
          type: 'secondary' as const,
        })),
        footer: {
          socials: [
            { type: 'github', href: 'https://github.com/x' },
            { type: 'Hacker News', href: 'https://news.ycombinator.com' },
          ],
        },
        announcement: { message: 'x'.repeat(600) },
      },
      ALL_FEATURES,
      log,
      'docs.json',
    );
    expect(out.navbar).toHaveLength(10);
    expect(out.footer).toEqual({ socials: [{ type: 'github', href: 'https://github.com/x' }] });
    expect(out.announcement?.message).toHaveLength(500);
    expect(log.items.map((item) => item.item)).toEqual([
      'navbar',
      'footer socials Hacker News',
      'announcement',
    ]);
  });
});

describe('docsYmlFeatures', () => {
  it('asks the schema one small document per part of the syntax', () => {
    const asked: unknown[] = [];
    const features = docsYmlFeatures((doc) => {
      asked.push(doc);
      return JSON.stringify(doc).includes('"tab"') || JSON.stringify(doc).includes('"navbar"');
    });
    expect(features).toEqual({ ...NO_FEATURES, tabs: true, navbar: true });
    expect(asked).toHaveLength(7);
  });
});
