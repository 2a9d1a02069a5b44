/**
 * `loadDocsProject(dir)`: reads a docs project folder — `docs.yml`, the markdown pages it lists,
 * the API specs it references (files, URLs, or paths of this Sextant server) — validates all of
 * it and returns the parsed project plus its `DocsDefinition`. Errors are `DocsProjectError`s
 * naming the file, line and JSON pointer. Used by the docs host (local mode) and the CLI.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, normalize, posix, relative, sep } from 'node:path';
import {
  type ApiDefinition,
  type AssetRef,
  buildDocsDefinition,
  type DocsDefinition,
  DocsDefinitionError,
  type DocsProject,
  ENTRY_FILE_DATE,
  emptyApiDefinition,
  entryDateLabel,
  isEntryDate,
  type ProjectChangelogEntry,
  type ProjectNavItem,
  type ProjectVersion,
  slugify,
  versionView,
} from '@sextant/definition';
import {
  docsPageLinkProblems,
  docsPageProblems,
  type LinkProblem,
  leadingHeading,
  type PageProblem,
  pageFormat,
} from '@sextant/docs-site';
import { checkedYaml } from './checked-yaml.js';
import { contentTypeOf } from './content-types.js';
import { buildConfig } from './docs-config.js';
import { type DocsYml, docsYmlSchema, type NavEntryInput, versionFileSchema } from './docs-yml-schema.js';
import { DocsProjectError } from './errors.js';
import { parseFrontMatter } from './front-matter.js';
import { defaultImportSpec, type ImportSpec } from './import-spec.js';
import { resolvesInside } from './inside-project.js';
import { lastUpdated } from './last-updated.js';
import { splitFrontMatter, toPointer } from './yaml-locate.js';

export const DOCS_CONFIG_FILE = 'docs.yml';

/** A file navigation entries are read from: docs.yml or a version file. */
interface NavSource {
  /** Its path in the project, for error messages. */
  file: string;
  /** Its folder in the project ('' for docs.yml): the paths it holds are relative to it. */
  folder: string;
  lineOf(path: PropertyKey[]): number | undefined;
}
/** Most entries one changelog folder may hold. */
const MAX_CHANGELOG_ENTRIES = 2000;
/** Images (logo, favicon, social image) up to this size are inlined as data URLs, so they travel with the definition. */
const MAX_INLINE_IMAGE_BYTES = 512 * 1024;

export interface LoadDocsProjectOptions {
  /** Fetches a spec given by `url:` (absolute, or a path of this server such as `/openapi.json`). */
  fetchText?: (url: string) => Promise<string>;
  /** Turns a spec into an API definition; defaults to `importDefinition` of `@sextant/definition`. */
  importSpec?: ImportSpec;
  /**
   * Keep going when an API cannot be imported: its section shows the error instead (the docs
   * host in local mode, so one broken spec does not hide the whole site). Default false.
   */
  tolerateApiErrors?: boolean;
  /**
   * Inline small images of the config (logo, favicon) as data URLs. Default true (`sextant dev`);
   * the publisher passes false: the registry stores them as files and the site serves them by URL.
   */
  inlineImages?: boolean;
  /**
   * Date each markdown page by its file's last commit (git), else its modification time, for
   * the pages' "Last updated". Default true.
   */
  lastUpdated?: boolean;
}

export interface LoadedDocsProject {
  dir: string;
  project: DocsProject;
  definition: DocsDefinition;
  /** Files of the project the site serves as is (scripts, fonts), relative paths. */
  files: string[];
  /** Every file read (docs.yml, pages, assets, each spec and the files its `$ref`s reach), for watching. */
  watchedFiles: string[];
  /**
   * The files each API imported from a spec file read (absolute paths, the spec first, then the
   * files its `$ref`s reached), by API id; APIs by URL are not here.
   */
  apiSpecFiles: Record<string, string[]>;
  /** APIs that could not be imported (only with `tolerateApiErrors`). */
  apiErrors: DocsProjectError[];
  /**
   * What is wrong with the markdown pages (MDX errors: imports, expressions, unknown components,
   * unsafe URLs; warnings: a `.md` page read as plain markdown), located. The pages show each
   * error in place; `sextant dev` prints them and `sextant publish` refuses errors.
   */
  pageProblems: PageProblem[];
  /**
   * Links of the markdown pages that lead to no page, page file or heading of the site, located:
   * `sextant dev` warns, `sextant publish` and `sextant check` refuse.
   */
  linkProblems: LinkProblem[];
}

/**
 * Loads the docs project in `dir`.
 * @example const { definition } = await loadDocsProject('examples');
 */
export async function loadDocsProject(
  dir: string,
  options: LoadDocsProjectOptions = {},
): Promise<LoadedDocsProject> {
  const importSpec = options.importSpec ?? defaultImportSpec;
  const configPath = join(dir, DOCS_CONFIG_FILE);
  const text = await readFile(configPath, 'utf8').catch(() => {
    throw new DocsProjectError(
      DOCS_CONFIG_FILE,
      '',
      `no ${DOCS_CONFIG_FILE} in ${dir}: create one with \`sextant init\` or point at a spec file`,
    );
  });
  const located = checkedYaml(DOCS_CONFIG_FILE, text, docsYmlSchema);
  const yml = located.data;
  const watchedFiles = [configPath];
  const files: string[] = [];
  const apis: Record<string, ApiDefinition> = {};
  const apiSpecFiles: Record<string, string[]> = {};
  const apiErrors: DocsProjectError[] = [];
  /**
   * The file entries are read from: docs.yml, or a version file while its navigation loads (paths
   * are relative to the file's folder, errors point into it). Navigation loads one entry at a time.
   */
  const root: NavSource = { file: DOCS_CONFIG_FILE, folder: '', lineOf: (path) => located.lineOf(path) };
  let source = root;
  const fail = (path: PropertyKey[], reason: string): never => {
    throw new DocsProjectError(source.file, toPointer(path), reason, source.lineOf(path));
  };
  const projectFile = (rel: string, path: PropertyKey[]): string => {
    const abs = normalize(join(dir, source.folder, rel));
    const inside = relative(dir, abs);
    const escapes = inside.startsWith('..') || inside.split(sep).includes('..') || !resolvesInside(dir, abs);
    if (isAbsolute(rel) || escapes) fail(path, `"${rel}" is outside the project folder`);
    return abs;
  };
  const readProjectFile = async (rel: string, path: PropertyKey[]): Promise<string> => {
    const abs = projectFile(rel, path);
    watchedFiles.push(abs);
    return readFile(abs, 'utf8').catch(() => fail(path, `cannot read "${rel}": the file does not exist`));
  };
  const assetRef = async (value: string, path: PropertyKey[], inline: boolean): Promise<AssetRef> => {
    if (/^https:\/\//.test(value)) return { type: 'url', url: value };
    if (/^[a-z]+:/i.test(value)) fail(path, `"${value}" must be an https URL or a file of the project`);
    const abs = projectFile(value, path);
    const info = await stat(abs).catch(() => fail(path, `cannot read "${value}": the file does not exist`));
    watchedFiles.push(abs);
    const type = contentTypeOf(abs);
    if (
      inline &&
      options.inlineImages !== false &&
      type.startsWith('image/') &&
      info.size <= MAX_INLINE_IMAGE_BYTES
    ) {
      return { type: 'url', url: `data:${type};base64,${(await readFile(abs)).toString('base64')}` };
    }
    const rel = relative(dir, abs).split(sep).join('/');
    files.push(rel);
    return { type: 'file', path: rel };
  };

  let apiCount = 0;
  const navigation = async (
    entries: NavEntryInput[],
    path: PropertyKey[],
    topLevel = false,
  ): Promise<ProjectNavItem[]> => {
    const out: ProjectNavItem[] = [];
    for (const [index, entry] of entries.entries()) {
      const at = [...path, index];
      if ('tab' in entry) {
        if (!topLevel)
          fail([...at, 'tab'], 'a tab belongs at the top level of navigation, not inside another entry');
        out.push({
          type: 'tab',
          title: entry.tab,
          slug: entry.slug,
          ...(entry.icon ? { icon: entry.icon } : {}),
          ...(entry.hidden ? { hidden: true } : {}),
          contents: await navigation(entry.contents, [...at, 'contents']),
        });
      } else if ('section' in entry) {
        out.push({
          type: 'section',
          title: entry.section,
          slug: entry.slug,
          collapsed: entry.collapsed,
          contents: await navigation(entry.contents, [...at, 'contents']),
        });
      } else if ('page' in entry) {
        out.push(await markdownPage(entry, at));
      } else if ('link' in entry) {
        out.push({ type: 'link', title: entry.link, href: entry.href });
      } else if ('changelog' in entry) {
        out.push(await changelogFolder(entry, at));
      } else {
        const apiId = `api-${++apiCount}`;
        apis[apiId] = await loadApi(entry, at, apiId);
        out.push({ type: 'api', title: entry.api, slug: entry.slug, apiId, showTypes: entry.showTypes });
      }
    }
    return out;
  };

  const markdownPage = async (
    entry: Extract<NavEntryInput, { page: string }>,
    at: PropertyKey[],
  ): Promise<ProjectNavItem> => {
    const text = await readProjectFile(entry.path, [...at, 'path']);
    const { frontMatter, body, bodyLine } = splitFrontMatter(text);
    const meta = frontMatter === undefined ? {} : parseFrontMatter(projectPath(entry.path), frontMatter);
    // One H1 per page: a leading `# heading` is the page's title (and its only H1); the sidebar
    // shows the docs.yml label; slugs stay made from the front matter title or the label.
    return {
      type: 'page',
      title: leadingHeading(body, pageFormat(entry.path)) ?? meta.title ?? entry.page,
      label: entry.page,
      slugName: meta.title ?? entry.page,
      slug: entry.slug ?? meta.slug,
      markdown: body,
      layout: meta.layout,
      description: meta.description,
      sourcePath: projectPath(entry.path),
      sourceLine: bodyLine,
      hidden: entry.hidden,
    };
  };

  /** A changelog: every `.md`/`.mdx` file of its folder, each dated by its name or front matter. */
  const changelogFolder = async (
    entry: Extract<NavEntryInput, { changelog: string }>,
    at: PropertyKey[],
  ): Promise<ProjectNavItem> => {
    const folder = projectFile(entry.path, [...at, 'path']);
    const names = await readdir(folder).catch(() =>
      fail([...at, 'path'], `cannot read the changelog folder "${entry.path}": it does not exist`),
    );
    // Every file of the folder is watched (`sextant dev`): a new entry appears without a restart.
    watchedFiles.push(join(folder, '*'));
    const files = names.filter((name) => /\.mdx?$/i.test(name)).sort();
    if (files.length > MAX_CHANGELOG_ENTRIES)
      fail(
        [...at, 'path'],
        `"${entry.path}" holds ${files.length} entries: at most ${MAX_CHANGELOG_ENTRIES}`,
      );
    const entries: ProjectChangelogEntry[] = [];
    for (const name of files) {
      const rel = posix.join(entry.path.split(sep).join('/'), name);
      const file = projectPath(rel);
      const text = await readProjectFile(rel, [...at, 'path']);
      const { frontMatter, body, bodyLine } = splitFrontMatter(text);
      const meta = frontMatter === undefined ? {} : parseFrontMatter(file, frontMatter);
      const date = meta.date ?? ENTRY_FILE_DATE.exec(name)?.[1];
      if (date === undefined)
        throw new DocsProjectError(
          file,
          '',
          'a changelog entry needs a date: name the file like 2026-11-20.md, or give it front matter "date: 2026-11-20"',
          1,
        );
      if (!isEntryDate(date))
        throw new DocsProjectError(file, meta.date ? '/date' : '', `"${date}" is not a date (YYYY-MM-DD)`, 1);
      entries.push({
        name: name.replace(/\.mdx?$/i, ''),
        title: meta.title ?? leadingHeading(body, pageFormat(name)) ?? entryDateLabel(date),
        date,
        ...(meta.tags?.length ? { tags: meta.tags } : {}),
        markdown: body,
        ...(meta.description ? { description: meta.description } : {}),
        sourcePath: file,
        sourceLine: bodyLine,
      });
    }
    return {
      type: 'changelog',
      title: entry.changelog,
      slug: entry.slug,
      ...(entry.hidden ? { hidden: true } : {}),
      entries,
    };
  };

  const loadApi = async (
    entry: Extract<NavEntryInput, { api: string }>,
    at: PropertyKey[],
    apiId: string,
  ): Promise<ApiDefinition> => {
    try {
      if (entry.spec !== undefined) {
        const abs = projectFile(entry.spec, [...at, 'spec']);
        watchedFiles.push(abs);
        const read = [abs];
        apiSpecFiles[apiId] = read;
        const onRead = (file: string) => {
          watchedFiles.push(file);
          if (!read.includes(file)) read.push(file);
        };
        return await importSpec({ kind: 'file', path: abs, projectDir: dir, onRead }, apiId);
      }
      const url = entry.url ?? '';
      if (!options.fetchText)
        fail([...at, 'url'], 'specs by URL need a fetcher (the docs host provides one)');
      const text = await options.fetchText?.(url);
      return await importSpec(
        { kind: 'text', name: url.split('/').pop() || 'spec.json', text: text ?? '' },
        apiId,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const path = [...at, entry.spec !== undefined ? 'spec' : 'url'];
      const failure =
        error instanceof DocsProjectError
          ? error
          : new DocsProjectError(
              source.file,
              toPointer(path),
              `cannot import the API "${entry.api}": ${message}`,
              source.lineOf(path),
              error,
            );
      if (!options.tolerateApiErrors) throw failure;
      apiErrors.push(failure);
      // Its stand-in is no import of the spec: nothing compares it with the spec (unreleased changes).
      delete apiSpecFiles[apiId];
      return emptyApi(
        apiId,
        entry.api,
        `This API could not be loaded.\n\n    ${failure.message.replace(/\n/g, '\n    ')}`,
      );
    }
  };

  /** A path written in the current file, as a path of the project (`pages/intro.md`). */
  const projectPath = (rel: string) => posix.normalize(posix.join(source.folder, rel.split(sep).join('/')));

  /** Each version's navigation: inline, or read from its version file. */
  /** docs.yml `versions` or `products` (`key`): each one's navigation, inline or from its file. */
  const loadVersions = async (
    key: 'versions' | 'products',
    entries: NonNullable<DocsYml['versions'] | DocsYml['products']>,
  ): Promise<ProjectVersion[]> => {
    const out: ProjectVersion[] = [];
    for (const [index, entry] of entries.entries()) {
      const at = [key, index];
      const version = {
        name: entry.name,
        slug: entry.slug ?? slugify(entry.name),
        ...('deprecated' in entry && entry.deprecated ? { deprecated: true } : {}),
        ...(entry.hidden ? { hidden: true } : {}),
        ...('icon' in entry && entry.icon ? { icon: entry.icon } : {}),
      };
      if (entry.navigation) {
        out.push({ ...version, navigation: await navigation(entry.navigation, [...at, 'navigation'], true) });
        continue;
      }
      const file = projectPath(entry.path ?? '');
      const text = await readProjectFile(entry.path ?? '', [...at, 'path']);
      const checked = checkedYaml(file, text, versionFileSchema);
      source = { file, folder: posix.dirname(file), lineOf: (path) => checked.lineOf(path) };
      try {
        out.push({ ...version, navigation: await navigation(checked.data.navigation, ['navigation'], true) });
      } finally {
        source = root;
      }
    }
    return out;
  };

  const config = await buildConfig(yml, assetRef);
  const versions = yml.versions
    ? await loadVersions('versions', yml.versions)
    : yml.products
      ? await loadVersions('products', yml.products)
      : undefined;
  const projectNavigation =
    versions?.[0]?.navigation ?? (await navigation(yml.navigation ?? [], ['navigation'], true));
  const project: DocsProject = {
    config,
    navigation: projectNavigation,
    apis,
    ...(versions ? { versions } : {}),
    ...(yml.products ? { versionKind: 'product' as const } : {}),
  };
  let definition: DocsDefinition;
  try {
    definition = buildDocsDefinition(project);
  } catch (error) {
    if (error instanceof DocsDefinitionError)
      throw new DocsProjectError(DOCS_CONFIG_FILE, '/navigation', error.message);
    throw error;
  }
  // "Last updated": each page file's last commit, else its modification time, read now (load or publish).
  if (options.lastUpdated !== false) {
    const sources = Object.values(definition.pages).flatMap((page) =>
      page.sourcePath ? [page.sourcePath] : [],
    );
    const dates = await lastUpdated(dir, [...new Set(sources)]);
    for (const page of Object.values(definition.pages)) {
      const date = page.sourcePath ? dates.get(page.sourcePath) : undefined;
      if (date) page.lastUpdated = date;
    }
  }
  // Each version is a site of its own: its pages' links lead to its own pages.
  const views = definition.versions?.map((version) => versionView(definition, version)) ?? [definition];
  const pageProblems = distinct(
    (await Promise.all(views.map((view) => docsPageProblems(view, apis)))).flat(),
  );
  const linkProblems = distinct((await Promise.all(views.map((view) => docsPageLinkProblems(view)))).flat());
  return {
    dir,
    project,
    definition,
    files,
    watchedFiles,
    apiSpecFiles,
    apiErrors,
    pageProblems,
    linkProblems,
  };
}

/** `list` without repeats (a page file two versions share reports its problems once). */
function distinct<T>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The stand-in of an API that failed to import: no operations, the error as its description. */
function emptyApi(id: string, title: string, description: string): ApiDefinition {
  return { ...emptyApiDefinition(id, title), description };
}
