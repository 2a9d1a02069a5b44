/**
 * The names README's "Custom CSS" section promises authors (docs.yml `css`): CSS variables and
 * class names their stylesheets may target. Renaming one breaks published sites' styles, so each
 * must stay defined here (or be renamed in README, on purpose).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** README § Custom CSS: the variables. */
const VARIABLES = [
  '--sx-color-bg',
  '--sx-color-surface',
  '--sx-color-text',
  '--sx-color-text-muted',
  '--sx-color-border',
  '--sx-color-accent',
  '--sx-color-accent-contrast',
  '--sx-color-code-bg',
  '--sx-color-sidebar-bg',
  '--sx-color-header-bg',
  '--sx-color-card-bg',
  '--sx-radius',
  '--sx-font-sans',
  '--sx-font-mono',
  '--sx-header-height',
  '--sx-sidebar-width',
  '--sx-content-width',
  '--sx-method-get',
  '--sx-method-post',
  '--sx-method-put',
  '--sx-method-patch',
  '--sx-method-delete',
];

/** README § Custom CSS: the classes. */
const CLASSES = [
  'sx-header',
  'sx-brand',
  'sx-brand-title',
  'sx-tabs-nav',
  'sx-tab-link',
  'sx-sidebar',
  'sx-nav-link',
  'sx-main',
  'sx-article',
  'sx-page-header',
  'sx-prose',
  'sx-toc',
  'sx-callout',
  'sx-codeblock',
  'sx-ccard',
  'sx-reference',
  'sx-endpoint-line',
];

const dir = import.meta.dirname;

async function sources(folder: string, pattern: RegExp): Promise<string> {
  const files = (await readdir(folder, { recursive: true })).filter((file) => pattern.test(file));
  return (await Promise.all(files.map((file) => readFile(join(folder, file), 'utf8')))).join('\n');
}

describe('the names authors may style (README § Custom CSS)', () => {
  it('every documented variable is defined, every class is styled and rendered', async () => {
    const css = await sources(dir, /\.css$/);
    const views = await sources(join(dir, '..'), /\.tsx?$/);
    for (const variable of VARIABLES) expect(css, variable).toMatch(new RegExp(`${variable}:`));
    for (const name of CLASSES) {
      expect(css, name).toMatch(new RegExp(`\\.${name}\\b`));
      expect(views, name).toMatch(new RegExp(`["'\` ]${name}["'\` ]`));
    }
  });
});
