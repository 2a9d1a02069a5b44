/**
 * A Docusaurus blog (the classic preset's `blog`) as a docs.yml changelog: every post a dated
 * entry of one folder (a post's own folder, `2021-08-26-welcome/index.md`, becomes the file
 * `2021-08-26-welcome.md` beside the others, its images still found), titled and tagged as it was,
 * at the blog's route (`/blog`), and every post's Docusaurus URL (`/blog/2021/08/26/welcome`, or
 * its `slug`) redirected to its entry's page. Authors are not shown (said so). A post is dated as Docusaurus dates it: front
 * matter `date`, else the date its path starts with (`2021-08-26-…`, `2021/08/26/…`); one with
 * neither, a draft, or a partial (`_…`) is not converted, and said so.
 */
import { posix } from 'node:path';
import type { ChangelogDraft, ChangelogEntry, DocsYmlDraft } from './draft.js';
import { type PageCopier, readFrontMatter } from './page-copier.js';
import type { SourceTree } from './source-tree.js';

/** Where the blog is and how it is served (the preset's `blog` options). */
export interface BlogOptions {
  /** Its folder in the site (`path`, default `blog`). */
  folder: string;
  /** Its URL path (`routeBasePath`, default `blog`), no slashes around. */
  route: string;
  /** `blogTitle`, default `Blog`. */
  title: string;
}

type Redirect = NonNullable<DocsYmlDraft['redirects']>[number];

/** Docusaurus's post path: folders, a date (dashes or slashes; the last in the path), the post's name; `/index` ignored. */
const DATED_PATH =
  /^(?<dir>.*)(?<year>\d{4})[-/](?<month>\d{1,2})[-/](?<day>\d{1,2})[-/]?(?<name>.*?)(?:\/index)?\.mdx?$/;
const POST_FILE = /\.mdx?$/i;

/**
 * The changelog of the blog in `options.folder` (undefined when it holds no post that converts)
 * and the redirects from its posts' Docusaurus URLs.
 * @example const { changelog, redirects } = docusaurusBlog(tree, copier, { folder: 'blog', route: 'blog', title: 'Blog' });
 */
export function docusaurusBlog(
  tree: SourceTree,
  copier: PageCopier,
  options: BlogOptions,
): { changelog?: ChangelogDraft; redirects: Redirect[] } {
  const entries: ChangelogEntry[] = [];
  const redirects: Redirect[] = [];
  const taken = new Set<string>();
  for (const path of postFiles(tree, options.folder)) {
    const relative = posix.relative(options.folder, path);
    const source = tree.read(path) ?? '';
    const frontMatter = readFrontMatter(source);
    if (frontMatter.draft === true) {
      tree.report(path, undefined, 'a draft post (draft: true) is not converted');
      continue;
    }
    const dated = DATED_PATH.exec(relative)?.groups;
    const date = frontMatterDate(frontMatter.date) ?? (dated && pathDate(dated));
    if (date === undefined) {
      tree.report(
        path,
        undefined,
        'a post needs a date (front matter date, or a path starting 2021-08-26-…): left out',
      );
      continue;
    }
    const name = postName(relative, dated);
    const entryName = uniqueName(name.startsWith(date) ? name : `${date}-${name}`, taken);
    const target = posix.join(options.folder, `${entryName}${posix.extname(path)}`);
    const copied = copier.copyPage(path, '', {
      target,
      frontMatter: { date, tags: postTags(frontMatter.tags) },
    });
    if (!copied) continue;
    for (const key of ['authors', 'author'])
      if (frontMatter[key] !== undefined)
        tree.report(path, `front matter ${key}`, 'a changelog entry shows no author: not shown');
    entries.push({ path: target, date, ...(copied.title ? { title: copied.title } : {}) });
    const from = docusaurusUrl(options.route, relative, dated, frontMatter.slug);
    const to = `/${posix.join(options.route, entryName)}`;
    if (from !== to) redirects.push({ source: from, destination: to, permanent: true });
  }
  if (entries.length === 0) return { redirects };
  entries.sort((a, b) => b.date.localeCompare(a.date));
  return {
    changelog: {
      changelog: options.title,
      path: `${options.folder}/`,
      ...(options.route !== '' ? { slug: options.route } : {}),
      entries,
    },
    redirects,
  };
}

/** Every post file under `folder`, a partial's (`_…`) left out as Docusaurus leaves it out. */
function postFiles(tree: SourceTree, folder: string): string[] {
  const out: string[] = [];
  for (const name of tree.list(folder))
    if (POST_FILE.test(name) && !name.startsWith('_')) out.push(posix.join(folder, name));
  for (const name of tree.folders(folder))
    if (!name.startsWith('_')) out.push(...postFiles(tree, posix.join(folder, name)));
  return out;
}

/** `YYYY-MM-DD` of a front matter `date` (YAML reads an unquoted one as a timestamp). */
function frontMatterDate(value: unknown): string | undefined {
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : '';
  const day = /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0];
  return day && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : undefined;
}

function pathDate(dated: Record<string, string>): string | undefined {
  const day = `${dated.year}-${dated.month?.padStart(2, '0')}-${dated.day?.padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : undefined;
}

/** The post's name: what follows its path's date, else its file's (its folder's, for an index). */
function postName(relative: string, dated: Record<string, string> | undefined): string {
  const fromPath = dated?.name?.replaceAll('/', '-');
  if (fromPath) return fromPath;
  const withoutExtension = relative.replace(POST_FILE, '');
  const name =
    posix.basename(withoutExtension) === 'index' ? posix.dirname(withoutExtension) : withoutExtension;
  return name.replaceAll('/', '-') || 'post';
}

function uniqueName(name: string, taken: Set<string>): string {
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = `${name}-${n}`;
  taken.add(unique);
  return unique;
}

/** Front matter tags as docs.yml takes them: labels (a tag object's `label`), at most 20; none left out. */
function postTags(tags: unknown): string[] | undefined {
  if (!Array.isArray(tags)) return undefined;
  const labels = tags
    .map((tag) => (typeof tag === 'string' ? tag : typeof tag?.label === 'string' ? tag.label : ''))
    .map((label) => label.trim().slice(0, 50))
    .filter((label) => label !== '')
    .slice(0, 20);
  return labels.length > 0 ? labels : undefined;
}

/**
 * The URL Docusaurus serves the post at, under the blog's route: its `slug`, else the date of its
 * path (as written, slashes for dashes), the folders after it and its name; else its path.
 */
function docusaurusUrl(
  route: string,
  relative: string,
  dated: Record<string, string> | undefined,
  slug: unknown,
): string {
  if (typeof slug === 'string' && slug.trim() !== '') return `/${posix.join(route, slug)}`;
  if (dated?.year && dated.name)
    return `/${posix.join(route, dated.year, dated.month ?? '', dated.day ?? '', dated.dir ?? '', dated.name)}`;
  return `/${posix.join(route, relative.replace(/(\/index)?\.mdx?$/i, ''))}`;
}
