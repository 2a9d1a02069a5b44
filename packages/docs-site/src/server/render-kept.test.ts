/**
 * renderKeptPage keeps a host's form of a rendered page in the site's render cache instead of
 * the page (issue #30): made once per render, weighed by the host, under its own name (so another
 * form or the plain render is another entry); a 404 page is made again for every request.
 */
import { describe, expect, it } from 'vitest';
import { testRenderContext } from '../testing/render-context.js';
import { specSite } from '../testing/spec-site.js';
import { pageHtml } from './page-parts.js';
import {
  docsFullPageJson,
  type PageKeeping,
  type RenderedPage,
  renderDocsPage,
  renderDocsPageMarkdown,
  renderKeptPage,
} from './render.js';
import type { RenderCache } from './site.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  paths: { '/pets': { get: { operationId: 'listPets', responses: { '204': { description: 'None' } } } } },
};

/** A site whose render cache is a plain map, to read what it holds and what each entry weighs. */
function site() {
  const entries = new Map<string, { entry: { value: unknown }; bytes: number }>();
  const cache: RenderCache = {
    get: (key) => entries.get(key)?.entry,
    set: (key, entry, bytes) => void entries.set(key, { entry, bytes }),
    clear: () => entries.clear(),
  };
  const pets = specSite(spec, 'pets.json', { renderCache: () => cache });
  return { site: pets.site, slug: pets.endpointSlug('listPets'), entries };
}

const ctx = testRenderContext('hosted');

/** Keeps a page as its HTML's length, counting the pages it is handed. */
function lengths(name = 'length') {
  const kept: RenderedPage[] = [];
  const keeping: PageKeeping<{ status: number; length: number }> = {
    name,
    keep(page) {
      kept.push(page);
      return { status: page.status, length: pageHtml(page).length };
    },
    bytes: (form) => form.length + 1,
  };
  return { keeping, kept };
}

describe('renderKeptPage', () => {
  it('keeps the form the host makes, once per render, weighed by the host, not the page', async () => {
    const { site: docs, slug, entries } = site();
    const { keeping, kept } = lengths();
    const first = await renderKeptPage(docs, slug, ctx, keeping);
    const again = await renderKeptPage(docs, slug, ctx, keeping);
    expect(again).toBe(first);
    expect(kept).toHaveLength(1);
    const html = pageHtml(await renderDocsPage(docs, slug, ctx));
    expect(first).toEqual({ status: 200, length: html.length });
    const [key, stored] = [...entries].find(([name]) => name.startsWith('length:')) ?? [];
    expect(key).toContain(slug);
    expect(stored).toEqual({ entry: { value: first }, bytes: html.length + 1 });
    // Nothing of the rendered page is held by the kept entry.
    expect(JSON.stringify(stored)).not.toContain('<!doctype');
  });

  it('keeps another form, and the plain render, as other entries', async () => {
    const { site: docs, slug } = site();
    const one = lengths('one');
    const other = lengths('other');
    await renderKeptPage(docs, slug, ctx, one.keeping);
    await renderDocsPage(docs, slug, ctx);
    await renderKeptPage(docs, slug, ctx, other.keeping);
    await renderKeptPage(docs, slug, ctx, one.keeping);
    expect(one.kept).toHaveLength(1);
    expect(other.kept).toHaveLength(1);
    expect(other.kept[0]).not.toBe(one.kept[0]);
    expect((await renderDocsPage(docs, slug, ctx)).parts).toEqual(one.kept[0]?.parts);
  });

  it('makes a 404 page for every request, keeping none', async () => {
    const { site: docs, entries } = site();
    const { keeping, kept } = lengths();
    const missing = await renderKeptPage(docs, 'no/such/page', ctx, keeping);
    await renderKeptPage(docs, 'no/such/page', ctx, keeping);
    expect(missing.status).toBe(404);
    expect(kept).toHaveLength(2);
    expect([...entries.keys()].filter((key) => key.startsWith('length:'))).toEqual([]);
  });

  it('keeps no page view: the page, its markdown and its full JSON are what is kept', async () => {
    const { site: docs, slug, entries } = site();
    const { keeping } = lengths();
    await renderKeptPage(docs, slug, ctx, keeping);
    const markdown = await renderDocsPageMarkdown(docs, slug);
    const json = await docsFullPageJson(docs, slug, '');
    expect(markdown).toContain('listPets');
    expect(JSON.parse(json ?? '{}').slug).toBe(slug);
    const kinds = new Set([...entries.keys()].map((key) => key.split(':')[0]));
    for (const kind of ['length', 'md', 'full-json']) expect(kinds).toContain(kind);
    expect([...kinds].filter((kind) => kind?.includes('view'))).toEqual([]);
    // The kept markdown and JSON are answered again as they are, not made again.
    expect(await renderDocsPageMarkdown(docs, slug)).toBe(markdown);
    expect(await docsFullPageJson(docs, slug, '')).toBe(json);
    expect(entries.get(`md::${slug}`)?.entry.value).toBe(markdown);
    // A page that is not there is kept as not there (a scanner asks for it again and again).
    expect(await renderDocsPageMarkdown(docs, 'no/such/page')).toBeUndefined();
    expect(await docsFullPageJson(docs, 'no/such/page', '')).toBeUndefined();
  });
});
