import { writeTempFolder } from '@sextant/docs-project/testing';
import { describe, expect, it } from 'vitest';
import { ConversionLog } from './draft.js';
import { PageCopier } from './page-copier.js';
import { SourceTree } from './source-tree.js';

async function tree(files: Record<string, string>, label = ''): Promise<SourceTree> {
  const dir = await writeTempFolder(files, 'sextant-pages-');
  return new SourceTree(dir, new ConversionLog(), label);
}

function written(copier: PageCopier, path: string): string {
  const file = copier.files.find((f) => f.path === path);
  return file && 'text' in file ? file.text : '';
}

describe('PageCopier', () => {
  it('fixes front matter the project would refuse, and says so', async () => {
    const source = await tree({
      'guides/a.mdx': `---\ntitle: ${'T'.repeat(210)}\nslug: Not/A Slug\nlayout: wide\ndescription: 42\nicon: rocket # kept\n---\n\nBody.\n`,
    });
    const copier = new PageCopier(source);
    const page = copier.copyPage('guides/a.mdx');
    const text = written(copier, 'guides/a.mdx');
    expect(text).toMatch(/^---\ntitle: T{200}\nicon: rocket # kept\n---\n\nBody\.\n$/);
    expect(page?.frontMatter.layout).toBe('wide');
    expect(source.log.items.map((item) => item.item)).toEqual([
      'front matter title',
      'front matter description',
      'front matter slug',
      'front matter layout',
    ]);
  });

  it('drops front matter that does not parse', async () => {
    const source = await tree({ 'a.md': '---\ntitle: [unclosed\n---\nBody\n' });
    const copier = new PageCopier(source);
    copier.copyPage('a.md');
    expect(written(copier, 'a.md')).toBe('Body\n');
    expect(source.log.items[0]).toMatchObject({ file: 'a.md', item: 'front matter' });
  });

  it('copies referenced images and makes root-absolute ones relative; code and links stay', async () => {
    const source = await tree(
      {
        'docs/guide.mdx': [
          '![Chart](/images/chart.png)',
          '<img src="/images/chart.png" />',
          '<Card img="./local.png" href="/quickstart">Go</Card>',
          '[Spec](/files/spec.yaml) and [a page](/quickstart)',
          '```md',
          '![In code](/images/chart.png)',
          '```',
          '`![inline](/images/missing.png)`',
          '![Missing](/images/missing.png)',
        ].join('\n'),
        'images/chart.png': 'png',
        'docs/local.png': 'png',
        'files/spec.yaml': 'openapi: 3.1.0',
      },
      'fern',
    );
    const copier = new PageCopier(source);
    copier.copyPage('docs/guide.mdx');
    expect(written(copier, 'docs/guide.mdx').split('\n')).toEqual([
      '![Chart](../images/chart.png)',
      '<img src="../images/chart.png" />',
      '<Card img="./local.png" href="/quickstart">Go</Card>',
      '[Spec](../files/spec.yaml) and [a page](/quickstart)',
      '```md',
      '![In code](/images/chart.png)',
      '```',
      '`![inline](/images/missing.png)`',
      '![Missing](/images/missing.png)',
    ]);
    expect(copier.files.map((f) => f.path).sort()).toEqual([
      'docs/guide.mdx',
      'docs/local.png',
      'files/spec.yaml',
      'images/chart.png',
    ]);
    expect(source.log.items).toEqual([
      {
        file: 'fern/docs/guide.mdx',
        item: '/images/missing.png',
        reason: expect.stringContaining('does not exist'),
      },
    ]);
  });

  it('inlines snippets imported by pages and Fern <Markdown src> snippets', async () => {
    const source = await tree({
      'a.mdx':
        "import Help from '/snippets/help.mdx';\nimport { Chart } from '/snippets/chart.jsx';\n\n# A\n\n<Help />\n\n<Markdown src=\"snippets/other.md\" />\n",
      'snippets/help.mdx': '---\ntitle: ignored\n---\n<Tip>Ask us.</Tip>\n',
      'snippets/other.md': 'Other.\n',
    });
    const copier = new PageCopier(source);
    const page = copier.copyPage('a.mdx');
    expect(written(copier, 'a.mdx')).toBe(
      "import { Chart } from '/snippets/chart.jsx';\n\n# A\n\n<Tip>Ask us.</Tip>\n\nOther.\n",
    );
    expect(page?.title).toBe('A');
    // A named import is no snippet: it stays, and the project's MDX check reports it.
    expect(source.log.items).toEqual([]);
  });

  it("fills in a snippet's literal props (Mintlify), as text and as attributes, code left as written", async () => {
    const source = await tree({
      'a.mdx':
        "import Greeting from '/snippets/greeting.mdx';\n\n<Greeting word=\"bananas & <b>\" count={3} title={'Fruit'} />\n\n<Greeting word='apples' />\n",
      'snippets/greeting.mdx':
        '<Card title={title}>The word is {word}, {count} times; {missing} stays.</Card>\n\n`{word}`\n\n```js\nconst x = {word};\n```\n',
    });
    const copier = new PageCopier(source);
    copier.copyPage('a.mdx');
    const code = '\n\n`{word}`\n\n```js\nconst x = {word};\n```\n';
    expect(written(copier, 'a.mdx')).toBe(
      `\n<Card title="Fruit">The word is bananas \\& \\<b\\>, 3 times; {missing} stays.</Card>${code}` +
        `\n<Card title={title}>The word is apples, {count} times; {missing} stays.</Card>${code}`,
    );
    expect(source.log.items).toEqual([]);
  });

  it('inlines a snippet given a prop that is not a literal as written, and says so', async () => {
    const source = await tree({
      'a.mdx': "import Greeting from '/snippets/greeting.mdx';\n\n<Greeting word={user.name} />\n",
      'snippets/greeting.mdx': 'Hi {word}.\n',
    });
    const copier = new PageCopier(source);
    copier.copyPage('a.mdx');
    expect(written(copier, 'a.mdx')).toBe('\nHi {word}.\n');
    expect(source.log.items).toEqual([
      expect.objectContaining({
        file: 'a.mdx',
        item: '<Greeting>',
        reason: expect.stringMatching(/not literal/),
      }),
    ]);
  });
});
