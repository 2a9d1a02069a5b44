import { describe, expect, it } from 'vitest';
import { issueLine, schemaIssues } from '../ir/schema/issues.js';
import { defaultDocsConfig } from './config.js';
import { DOCS_DEFINITION_VERSION } from './docs-definition.js';
import { docsDefinitionSchema } from './schema/definition.js';
import { isPlayerUrl, socialCardProblems } from './social-card.js';
import { isApiLinkBase, isStylesheetPath } from './url-rules.js';

describe('social cards', () => {
  it('names the fields each card type requires', () => {
    expect(socialCardProblems({ socialCard: 'summary' })).toEqual([]);
    expect(socialCardProblems({ socialCard: 'summary_large_image' }).map((p) => p.field)).toEqual([
      'ogImage',
    ]);
    expect(socialCardProblems({ socialCard: 'app' }).map((p) => p.field)).toEqual([
      'twitterSite',
      'twitterApp',
    ]);
    expect(socialCardProblems({ socialCard: 'player' }).map((p) => p.field)).toEqual([
      'twitterSite',
      'twitterPlayer',
      'ogImage',
    ]);
    expect(socialCardProblems({ socialCard: 'player' })[1]?.message).toBe(
      'a "player" social card needs metadata.twitterPlayer: { url: https://…, width, height }',
    );
    expect(
      socialCardProblems({
        socialCard: 'player',
        twitterSite: '@acme',
        ogImage: { type: 'url', url: 'https://x.test/a.png' },
        twitterPlayer: { url: 'https://x.test/embed', width: 480, height: 270 },
      }),
    ).toEqual([]);
  });

  it('a player is an https page', () => {
    expect(isPlayerUrl('https://x.test/embed/1')).toBe(true);
    for (const url of ['http://x.test/', 'javascript:alert(1)', 'https://', '/embed', 'https://x.test/a b'])
      expect(isPlayerUrl(url), url).toBe(false);
  });

  it('stored definitions are checked with the same rules (cards, css, apiLinkBase)', () => {
    const problems = (config: object) =>
      schemaIssues(docsDefinitionSchema, {
        docsVersion: DOCS_DEFINITION_VERSION,
        config: { ...defaultDocsConfig('Acme'), ...config },
        navigation: [],
        pages: {},
        homeSlug: '',
      }).map(issueLine);
    expect(
      problems({
        metadata: { socialCard: 'player', twitterPlayer: { url: 'http://x.test', width: 'wide', height: 1 } },
        css: [
          { type: 'file', path: '../x.css' },
          { type: 'url', url: 'https://x.test/a.css' },
        ],
        apiLinkBase: 'javascript:alert(1)',
      }),
    ).toEqual([
      'config.metadata.twitterPlayer.url: "http://x.test" must be an https URL (the player card frames it)',
      'config.metadata.twitterPlayer.width: Invalid input: expected number, received string',
      'config.css[0].path: "../x.css" must be a relative path inside the project',
      'config.css[0]: {"type":"file","path":"../x.css"} must be a .css file of the project',
      'config.css[1]: {"type":"url","url":"https://x.test/a.css"} must be a .css file of the project',
      'config.apiLinkBase: "javascript:alert(1)" must be an http(s) URL without query or fragment, e.g. https://stripe.com',
    ]);
    // The fields a card type requires are named once its fields are well formed.
    expect(problems({ metadata: { socialCard: 'player' } })).toEqual([
      expect.stringMatching(/^config\.metadata\.twitterSite: a "player" social card needs/),
      expect.stringMatching(/^config\.metadata\.twitterPlayer: a "player" social card needs/),
      expect.stringMatching(/^config\.metadata\.ogImage: a "player" social card needs/),
    ]);
  });

  it('apiLinkBase and stylesheet rules', () => {
    expect(isApiLinkBase('https://stripe.com')).toBe(true);
    expect(isApiLinkBase('https://docs.acme.com/v2/')).toBe(true);
    for (const url of [
      'stripe.com',
      'https://x.test/?a=1',
      'https://x.test/#a',
      'ftp://x.test',
      'https://u:p@x.test',
    ])
      expect(isApiLinkBase(url), url).toBe(false);
    expect(isStylesheetPath('styles/custom.css')).toBe(true);
    for (const path of ['styles/custom.js', '/abs.css', '../up.css', 'https://x.test/a.css'])
      expect(isStylesheetPath(path), path).toBe(false);
  });
});
