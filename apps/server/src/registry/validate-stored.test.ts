/**
 * The registry's checks of stored content: what the CLI builds passes (the demo project, the
 * fixtures), and each hostile form the CLI would refuse is named with its field.
 */
import type { DocsDefinition } from '@sextant/definition';
import { loadDocsProject } from '@sextant/docs-project';
import { writeFixtureProject } from '@sextant/docs-project/testing';
import { describe, expect, it } from 'vitest';
import { RegistryError } from './errors.js';
import { docsDefinition, endpoint, petStore } from './testing/fixtures.js';
import { validateStoredDocsDefinition, validateStoredFileTypes } from './validate-stored.js';

function refusal(check: () => void): RegistryError {
  try {
    check();
  } catch (error) {
    if (error instanceof RegistryError) return error;
    throw error;
  }
  throw new Error('the check accepted the input');
}

const base = () => docsDefinition('Acme', 'pets') as unknown as DocsDefinition & Record<string, unknown>;

describe('validateStoredDocsDefinition', () => {
  it('accepts the docs definition the CLI builds from a project', async () => {
    const loaded = await loadDocsProject(await writeFixtureProject());
    expect(() => validateStoredDocsDefinition(loaded.definition)).not.toThrow();
    expect(() => validateStoredDocsDefinition(base())).not.toThrow();
  });

  const hostile: [string, (definition: Record<string, unknown>) => void, string][] = [
    [
      'a javascript: navigation link',
      (d) => {
        d.navigation = [{ type: 'link', title: 'x', href: 'javascript:alert(1)' }];
      },
      'navigation[0].href',
    ],
    [
      'a javascript: link with a tab in its scheme, nested in a section',
      (d) => {
        d.navigation = [
          {
            type: 'section',
            title: 's',
            slug: 's',
            children: [{ type: 'link', title: 'x', href: 'java\tscript:alert(1)' }],
          },
        ];
      },
      'navigation[0].children[0].href',
    ],
    [
      'a javascript: redirect',
      (d) => {
        d.config = {
          title: 'x',
          redirects: [{ source: '/a', destination: 'javascript:alert(1)', permanent: false }],
        };
      },
      'config.redirects[0].destination',
    ],
    [
      'a protocol-relative redirect',
      (d) => {
        d.config = {
          title: 'x',
          redirects: [{ source: '/a', destination: '//evil.test/', permanent: false }],
        };
      },
      'config.redirects[0].destination',
    ],
    [
      'a redirect destination with a line break (a second header in its Location)',
      (d) => {
        d.config = {
          title: 'x',
          redirects: [{ source: '/a', destination: '/b\r\nSet-Cookie: x=1', permanent: false }],
        };
      },
      'config.redirects[0].destination',
    ],
    [
      'a backslash redirect (browsers read /\\host as //host)',
      (d) => {
        d.config = {
          title: 'x',
          redirects: [
            { source: '/a', destination: '/ok', permanent: false },
            { source: '/b', destination: '/\\evil.test/', permanent: false },
          ],
        };
      },
      'config.redirects[1].destination',
    ],
    [
      'a redirect source with a control character',
      (d) => {
        d.config = {
          title: 'x',
          redirects: [{ source: '/a\u0000', destination: '/b', permanent: false }],
        };
      },
      'config.redirects[0].source',
    ],
    [
      'a data: script',
      (d) => {
        d.config = {
          title: 'x',
          scripts: [
            { src: { type: 'url', url: 'data:text/javascript,alert(1)' }, strategy: 'afterInteractive' },
          ],
        };
      },
      'config.scripts[0].src.url',
    ],
    [
      'an http: (not https) script',
      (d) => {
        d.config = {
          title: 'x',
          scripts: [{ src: { type: 'url', url: 'http://evil.test/x.js' }, strategy: 'afterInteractive' }],
        };
      },
      'config.scripts[0].src.url',
    ],
    [
      'a javascript: logo link',
      (d) => {
        d.config = { title: 'x', logo: { href: 'javascript:alert(1)' } };
      },
      'config.logo.href',
    ],
    [
      'a data:text/html logo',
      (d) => {
        d.config = {
          title: 'x',
          logo: { light: { type: 'url', url: 'data:text/html;base64,PHNjcmlwdD4=' } },
        };
      },
      'config.logo.light.url',
    ],
    [
      'a favicon file outside the project',
      (d) => {
        d.config = { title: 'x', favicon: { type: 'file', path: '../../etc/passwd' } };
      },
      'config.favicon.path',
    ],
    [
      'a font display that would leave the CSS declaration',
      (d) => {
        d.config = {
          title: 'x',
          fonts: { body: { name: 'A', src: { type: 'file', path: 'a.woff2' }, display: 'swap}body{' } },
        };
      },
      'config.fonts.body.display',
    ],
    [
      'a colour that would leave the CSS declaration',
      (d) => {
        d.config = { title: 'x', colors: { accentPrimary: { light: 'red;}</style><script>' } } };
      },
      'config.colors.accentPrimary.light',
    ],
    [
      'a wrong docs version',
      (d) => {
        d.docsVersion = 2;
      },
      'docsVersion',
    ],
  ];
  for (const [name, mutate, field] of hostile) {
    it(`refuses ${name} with InvalidDocsDefinitionError naming ${field}`, () => {
      const definition = base();
      mutate(definition);
      const error = refusal(() => validateStoredDocsDefinition(definition));
      expect(error.errorName).toBe('InvalidDocsDefinitionError');
      expect(error.status).toBe(400);
      expect(JSON.stringify(error.content)).toContain(field);
    });
  }

  it('refuses navigation nested deeper than the limit without recursion', () => {
    const definition = base();
    let items: unknown[] = [];
    definition.navigation = items as never;
    for (let depth = 0; depth < 100_000; depth++) {
      const children: unknown[] = [];
      items.push({ type: 'section', title: 's', slug: 's', children });
      items = children;
    }
    expect(refusal(() => validateStoredDocsDefinition(definition)).errorName).toBe(
      'InvalidDocsDefinitionError',
    );
  });
});

describe('validateStoredFileTypes', () => {
  it("accepts each extension's allowlisted type and refuses any other declaration", () => {
    const file = (path: string, contentType: string) => ({
      path,
      contentType,
      sha256: 'a'.repeat(64),
      size: 1,
    });
    expect(() =>
      validateStoredFileTypes([
        file('favicon.ico', 'image/x-icon'),
        file('a/logo.svg', 'image/svg+xml'),
        file('notes.txt', 'text/plain; charset=utf-8'),
        file('archive.tar.xz', 'application/octet-stream'),
      ]),
    ).not.toThrow();
    for (const hostile of [
      file('favicon.ico', 'text/html'),
      file('page.html', 'text/html'),
      file('x.js', 'text/html; charset=utf-8'),
      file('archive.bin', 'image/svg+xml'),
    ]) {
      const error = refusal(() => validateStoredFileTypes([hostile]));
      expect(error.errorName).toBe('DocsFileTypeNotAllowedError');
      expect(JSON.stringify(error.content)).toContain(hostile.path);
    }
  });
});
