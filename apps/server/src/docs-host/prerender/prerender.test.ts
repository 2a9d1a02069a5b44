/**
 * The pre-render's rules, with a site source and a renderer that record what they are asked:
 * one page at a time, runs started by a host's first view and by a publish for the readers seen,
 * a newer publish cancelling the run in progress, the budget and the page cache's evictions
 * stopping a run, and bounded metrics.
 */
import { type DocsDefinition, defaultDocsConfig } from '@sextant/definition';
import { waitFor } from '@sextant/definition/testing';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { sitePagePaths } from './page-paths.js';
import { createPrerenderer, type PrerenderOptions, READERS_PER_HOST } from './prerender.js';

const definitionOf = (pages: number): DocsDefinition =>
  ({
    docsVersion: 1,
    config: defaultDocsConfig('Site'),
    homeSlug: '',
    pages: {},
    navigation: [
      { type: 'page', title: 'Home', slug: '', pageId: 'home' },
      ...Array.from({ length: pages }, (_, i) => ({
        type: 'page',
        title: `P${i}`,
        slug: `p${i}`,
        pageId: `p${i}`,
      })),
    ],
  }) as unknown as DocsDefinition;

/** A source serving one site per host name and a renderer that takes `pageBytes` per page. */
function harness(options: { pages: number; pageBytes?: number; budgetBytes?: number; basePath?: string }) {
  const rendered: { path: string; host: string }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let gate: Promise<void> = Promise.resolve();
  let version = 1;
  const metrics = new Registry();
  const base = options.basePath ?? '';
  const deps: PrerenderOptions = {
    budgetBytes: options.budgetBytes ?? 1 << 30,
    metrics,
    loadSite: async (address) => {
      const host = address.split('/')[0]?.replace(/:\d+$/, '') ?? '';
      if (host === 'nowhere.test') return undefined;
      return {
        url: `${host}${base}`,
        baseUrl: { domain: host, basePath: base },
        definition: { ...definitionOf(options.pages), version } as never,
      } as never;
    },
    render: async (path, reader) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await gate;
      inFlight--;
      rendered.push({ path, host: reader.host });
      return options.pageBytes ?? 1000;
    },
  };
  const runs = async (outcome: string) =>
    ((await metrics.getSingleMetric('sextant_prerender_runs_total')?.get())?.values ?? []).find(
      (v) => v.labels.outcome === outcome,
    )?.value ?? 0;
  return {
    deps,
    rendered,
    metrics,
    runs,
    mostInFlight: () => mostInFlight,
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => release();
    },
    republish() {
      version++;
    },
  };
}

describe('sitePagePaths', () => {
  it('lists the home at the base path, then every page of every version, once', () => {
    const definition = {
      navigation: [
        { type: 'page', title: 'Home', slug: '', pageId: 'home' },
        {
          type: 'section',
          title: 'S',
          slug: 'guides',
          children: [{ type: 'page', title: 'A', slug: 'guides/a', pageId: 'a' }],
        },
        { type: 'link', title: 'Out', url: 'https://example.com' },
      ],
      versions: [
        { name: 'v2', slug: 'v2', default: true },
        {
          name: 'v1',
          slug: 'v1',
          navigation: [{ type: 'page', title: 'Old', slug: 'v1/old', pageId: 'old' }],
        },
      ],
    } as unknown as DocsDefinition;
    expect(sitePagePaths(definition, '/docs/')).toEqual([
      '/docs',
      '/docs/guides',
      '/docs/guides/a',
      '/docs/v1/old',
    ]);
    expect(sitePagePaths(definition, '')[0]).toBe('/');
  });
});

describe('createPrerenderer', () => {
  it('renders every page of a host first viewed, one at a time, once per reader', async () => {
    const h = harness({ pages: 5 });
    const prerender = createPrerenderer(h.deps);
    prerender.viewed('docs.test:8080/p2', { host: 'docs.test:8080' });
    prerender.viewed('docs.test:8080/p3', { host: 'docs.test:8080' });
    await prerender.idle();
    expect(h.rendered.map((r) => r.path)).toEqual(['/', '/p0', '/p1', '/p2', '/p3', '/p4']);
    expect(h.rendered.every((r) => r.host === 'docs.test:8080')).toBe(true);
    expect(h.mostInFlight()).toBe(1);
    expect(await h.runs('completed')).toBe(1);
    const pages = await h.metrics.getSingleMetric('sextant_prerender_pages_total')?.get();
    expect(pages?.values[0]?.value).toBe(6);
    // A second reader's origin (behind a proxy saying https) is another set of pages.
    prerender.viewed('docs.test/p1', {
      host: 'docs.test',
      forwardedProto: 'https',
      remoteAddress: '10.0.0.1',
    });
    await prerender.idle();
    expect(h.rendered).toHaveLength(12);
    expect(h.mostInFlight()).toBe(1);
  });

  it('re-renders a published site for every reader seen on its host, and nothing for other hosts', async () => {
    const h = harness({ pages: 2, basePath: '/docs' });
    const prerender = createPrerenderer(h.deps);
    prerender.viewed('a.test/docs', { host: 'a.test' });
    prerender.viewed('a.test/docs', { host: 'a.test:4000' });
    await prerender.idle();
    expect(h.rendered).toHaveLength(6);
    h.rendered.length = 0;
    prerender.invalidated(['b.test/docs']);
    await prerender.idle();
    expect(h.rendered).toEqual([]);
    prerender.invalidated(['a.test/docs']);
    await prerender.idle();
    expect(h.rendered.map((r) => `${r.host}${r.path}`).sort()).toEqual(
      [
        'a.test/docs',
        'a.test/docs/p0',
        'a.test/docs/p1',
        'a.test:4000/docs',
        'a.test:4000/docs/p0',
        'a.test:4000/docs/p1',
      ].sort(),
    );
  });

  it('cancels the run in progress when a newer publish of its site arrives', async () => {
    const h = harness({ pages: 20 });
    const prerender = createPrerenderer(h.deps);
    const release = h.hold();
    prerender.viewed('docs.test/', { host: 'docs.test' });
    await waitFor(() => h.mostInFlight() === 1);
    h.republish();
    prerender.invalidated(['docs.test']);
    release();
    await prerender.idle();
    expect(await h.runs('cancelled')).toBe(1);
    expect(await h.runs('completed')).toBe(1);
    // The cancelled run stopped after the page in flight; the new one rendered the whole site.
    expect(h.rendered.length).toBe(1 + 21);
  });

  it('stops a run at its byte budget and when the page cache evicts', async () => {
    const h = harness({ pages: 50, pageBytes: 1000, budgetBytes: 10_500 });
    const prerender = createPrerenderer(h.deps);
    prerender.viewed('docs.test/', { host: 'docs.test' });
    await prerender.idle();
    expect(h.rendered).toHaveLength(10);
    expect(await h.runs('budget')).toBe(1);

    const evicting = harness({ pages: 50 });
    const second = createPrerenderer(evicting.deps);
    const release = evicting.hold();
    second.viewed('docs.test/', { host: 'docs.test' });
    await waitFor(() => evicting.mostInFlight() === 1);
    second.evicted('responses');
    second.evicted('pages');
    release();
    await second.idle();
    expect(evicting.rendered).toHaveLength(1);
    expect(await evicting.runs('budget')).toBe(1);
  });

  it('keeps a few readers per host, ignores unknown sites and starts nothing once closed', async () => {
    const h = harness({ pages: 0 });
    const prerender = createPrerenderer(h.deps);
    for (let i = 0; i < READERS_PER_HOST + 3; i++)
      prerender.viewed(`docs.test:${9000 + i}/`, { host: `docs.test:${9000 + i}` });
    prerender.viewed('nowhere.test/', { host: 'nowhere.test' });
    await prerender.idle();
    expect(h.rendered).toHaveLength(READERS_PER_HOST);
    prerender.close();
    prerender.invalidated('all');
    prerender.viewed('late.test/', { host: 'late.test' });
    await prerender.idle();
    expect(h.rendered).toHaveLength(READERS_PER_HOST);
  });
});
