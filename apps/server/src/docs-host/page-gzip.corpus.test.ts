/**
 * Every GitHub endpoint page (1,223) served as the docs host prepares it: its gzip body, spliced
 * from shared parts compressed once and the page's own text (`page-gzip.ts`), gunzips to its
 * identity bytes, which are the rendered HTML with the page's nonce.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type NavItem, walkNavigation } from '@sextant/definition';
import {
  docsSiteCss,
  loadClientBuild,
  NONCE_PLACEHOLDER,
  pageHtml,
  type RenderContext,
  renderDocsPage,
} from '@sextant/docs-site';
import { specSite } from '@sextant/docs-site/testing';
import { describe, expect, it } from 'vitest';
import { PAGE_GZIP_LEVEL, prepareCachedPage } from './cached-page.js';

const GITHUB_SPEC = resolve(
  import.meta.dirname,
  '../../../../test-data/node_modules/@octokit/openapi/generated/api.github.com.json',
);

describe('gzip bodies spliced from parts', () => {
  it('gunzip to the identity bytes on every GitHub endpoint page', { timeout: 600_000 }, async () => {
    const { site } = specSite(JSON.parse(await readFile(GITHUB_SPEC, 'utf8')), 'github.json');
    const slugs: string[] = [];
    walkNavigation(site.definition.navigation, (item: NavItem) => {
      if ('endpointId' in item && 'slug' in item) slugs.push(item.slug);
    });
    const fileUrl = (path: string) => `/files/${path}`;
    const { assets } = await loadClientBuild();
    const siteCss = await docsSiteCss(site, fileUrl);
    const ctx: RenderContext = {
      mode: 'hosted',
      proxyBaseUrl: '',
      basePath: '',
      fileUrl,
      searchIndexUrl: '/search',
      assets,
      siteCss,
    };
    let spliced = 0;
    let whole = 0;
    let sharedParts = 0;
    for (const slug of slugs) {
      const rendered = await renderDocsPage(site, slug, ctx);
      const page = prepareCachedPage(rendered.parts, NONCE_PLACEHOLDER, site.version);
      const text = page.text();
      expect(text.toString(), slug).toBe(pageHtml(rendered).replaceAll(NONCE_PLACEHOLDER, page.nonce));
      const gzip = page.gzip ?? Buffer.alloc(0);
      expect(gunzipSync(gzip).equals(text), slug).toBe(true);
      sharedParts += rendered.parts.filter((part) => typeof part !== 'string').length;
      spliced += gzip.length;
      whole += gzipSync(text, { level: PAGE_GZIP_LEVEL }).length;
    }
    expect(slugs.length).toBeGreaterThan(1200);
    // The stylesheets and most of the sidebar are shared: several parts a page.
    expect(sharedParts / slugs.length).toBeGreaterThan(4);
    console.log(
      `gzip bytes per page: ${Math.round(spliced / slugs.length)} spliced, ${Math.round(whole / slugs.length)} whole at level ${PAGE_GZIP_LEVEL}`,
    );
  });
});
