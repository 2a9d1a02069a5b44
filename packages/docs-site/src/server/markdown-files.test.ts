import { describe, expect, it } from 'vitest';
import { loadHighlighter } from './highlight.js';
import { renderMarkdown } from './markdown.js';
import {
  findMarkdownFileReferences,
  localReferencePath,
  resolveProjectPath,
  rewriteMarkdownUrls,
} from './markdown-files.js';

describe('local file references of markdown pages', () => {
  it('treats relative paths as local; schemes, //host, /site paths and anchors are not', () => {
    expect(localReferencePath('images/a.png')).toBe('images/a.png');
    expect(localReferencePath('./a%20b.png?v=2#top')).toBe('./a b.png');
    for (const url of [
      'https://x.test/a.png',
      'data:image/png;base64,AA',
      '//cdn.test/a.png',
      '/logo.png',
      '#h',
      '?q',
      '',
      'mailto:a@b.c',
      'javascript:alert(1)',
    ])
      expect(localReferencePath(url), url).toBeUndefined();
    expect(localReferencePath('bad%E0%A4%A.png')).toBeUndefined();
  });

  it('resolves against the page folder and refuses paths that leave the project', () => {
    expect(resolveProjectPath('pages/guide.md', '../images/a.png')).toBe('images/a.png');
    expect(resolveProjectPath('pages/guide.md', 'diagram.svg')).toBe('pages/diagram.svg');
    expect(resolveProjectPath('./pages/deep/x.md', './../img/b.png')).toBe('pages/img/b.png');
    expect(resolveProjectPath(undefined, 'a.png')).toBe('a.png');
    expect(resolveProjectPath('pages/guide.md', '../../outside.png')).toBeUndefined();
    expect(resolveProjectPath('pages/guide.md', '..')).toBeUndefined();
    expect(resolveProjectPath('pages/guide.md', 'https://x.test/a.png')).toBeUndefined();
  });

  it('finds images, html images and links to files with their line; page links and code are not files', () => {
    const markdown = [
      '# Title', // 1
      '![logo](images/logo.png "Logo")', // 2
      'See [the spec](files/openapi.yaml) and [next page](quickstart) or [md](other.md).', // 3
      '<img alt="d" src="diagram.svg">', // 4
      '```md', // 5
      '![not an image](in-code.png)', // 6
      '```', // 7
      '![remote](https://x.test/a.png) [anchor](#h) ![site](/static/a.png)', // 8
      '', // 9
      '[ref]: assets/report.pdf', // 10
    ].join('\n');
    expect(findMarkdownFileReferences(markdown)).toEqual([
      { url: 'images/logo.png', line: 2, kind: 'image' },
      { url: 'files/openapi.yaml', line: 3, kind: 'link' },
      { url: 'diagram.svg', line: 4, kind: 'image' },
      { url: 'assets/report.pdf', line: 10, kind: 'link' },
    ]);
    expect(findMarkdownFileReferences('')).toEqual([]);
  });

  it('renders references rewritten to served URLs; unknown ones stay as written', async () => {
    const highlighter = await loadHighlighter();
    const { html } = renderMarkdown(
      highlighter,
      '![logo](images/logo.png)\n\n[spec](files/api.yaml)\n\n![gone](missing.png)\n\n<img src="images/logo.png" alt="x">',
      {
        rewriteFileUrl: (url) =>
          url.startsWith('images/') || url.startsWith('files/') ? `/f/${url}` : undefined,
      },
    );
    expect(html).toContain('<img src="/f/images/logo.png" alt="logo" />');
    expect(html).toContain('<a href="/f/files/api.yaml">spec</a>');
    expect(html).toContain('src="missing.png"');
    expect(html).toMatch(/<img src="\/f\/images\/logo.png" alt="x" \/>/);
  });

  it('rewrites the markdown source itself for the .md variant, touching only destinations', () => {
    const source = [
      '![images/a.png](images/a.png "images/a.png")',
      '[![logo](images/a.png)](files/x.pdf) and [page](other.md)',
      '<img alt="images/a.png" src="images/a.png"> <img src="images/a.png">',
      '```',
      '![code](images/a.png)',
      '```',
      '',
      '[ref]: <files/x.pdf>',
      '![gone](missing.png) ![remote](https://x.test/images/a.png)',
    ].join('\n');
    const rewritten = rewriteMarkdownUrls(source, {
      file: (url) => (url === 'missing.png' ? undefined : `/f/${url}`),
    });
    expect(rewritten.split('\n')).toEqual([
      '![images/a.png](/f/images/a.png "images/a.png")',
      '[![logo](/f/images/a.png)](/f/files/x.pdf) and [page](other.md)',
      '<img alt="images/a.png" src="/f/images/a.png"> <img src="/f/images/a.png">',
      '```',
      '![code](images/a.png)',
      '```',
      '',
      '[ref]: </f/files/x.pdf>',
      '![gone](missing.png) ![remote](https://x.test/images/a.png)',
    ]);
    expect(rewriteMarkdownUrls('', { file: () => '/x' })).toBe('');
  });

  it('rewrites page links (markdown, references, <a href>, component href) by the link rule, files by the file rule', () => {
    const source = [
      '[Auth](guides/auth.md) and [pages](./pagination.mdx#cursors) and [site](/docs/x) [out](https://x.test/a.md)',
      '',
      '<a href="guides/auth.md">auth</a> <Card title="guides/auth.md" href="guides/auth.md" />',
      '',
      '[spec](files/api.yaml) `[code](guides/auth.md)`',
      '',
      '[ref]: guides/auth.md',
    ].join('\n');
    const asked: string[] = [];
    const rewritten = rewriteMarkdownUrls(source, {
      file: (url) => `/f/${url}`,
      link: (href) => {
        asked.push(href);
        return href.startsWith('https:')
          ? undefined
          : `/site/${href.replace(/^\.\//, '').replace(/\.mdx?/, '')}`;
      },
    });
    expect(rewritten.split('\n')).toEqual([
      '[Auth](/site/guides/auth) and [pages](/site/pagination#cursors) and [site](/site//docs/x) [out](https://x.test/a.md)',
      '',
      '<a href="/site/guides/auth">auth</a> <Card title="guides/auth.md" href="/site/guides/auth" />',
      '',
      '[spec](/f/files/api.yaml) `[code](guides/auth.md)`',
      '',
      '[ref]: /site/guides/auth',
    ]);
    expect(asked).not.toContain('files/api.yaml');
  });
});
