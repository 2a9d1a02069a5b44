/**
 * Mintlify navigation entries, shared by `docs.json` and the older `mint.json`: a page path
 * (`guides/quickstart`, served at `/guides/quickstart`) becomes a `page` entry with that slug;
 * an OpenAPI operation (`"GET /users"`, `"openapi.json POST /users"`, or a page whose front
 * matter says `openapi: GET /users`) becomes an `api` entry of its spec. docs.yml shows a
 * spec's operations as one reference grouped by tag, so the first group that lists a spec's
 * operations gets the reference and later ones add nothing (logged once per spec).
 */
import { posix } from 'node:path';
import type { NavDraft } from './draft.js';
import { type PageCopier, readFrontMatter, splitPage } from './page-copier.js';
import { pathSlug } from './slugs.js';
import { type SourceTree, text } from './source-tree.js';
import { type OperationReference, operationReference, type SpecCatalog } from './spec-catalog.js';

type ApiEntry = Extract<NavDraft, { api: string }>;

/** What entries inside one navigation element share. */
export interface EntryScope {
  /** Specs (project paths or URLs) an operation without its own spec is looked up in, nearest first. */
  specs: string[];
  /** Pages under a hidden group are hidden. */
  hidden?: boolean;
  /** The API references emitted so far in this version, by spec. */
  apis: Map<string, ApiEntry>;
  /** Specs some entry used (to add the site's unused ones at the end). */
  used: Set<string>;
}

/** Converts Mintlify's page entries; collects the redirects that keep changed URLs working. */
export class MintlifyEntries {
  readonly redirects: { source: string; destination: string; permanent: boolean }[] = [];
  /** Endpoint pages (front matter `openapi`) now served by an API reference: their old path and that reference. */
  readonly endpointPages: { source: string; api: ApiEntry; endpoint?: { method: string; path: string } }[] =
    [];

  constructor(
    readonly tree: SourceTree,
    readonly copier: PageCopier,
    readonly specs: SpecCatalog,
    /** The config file, for messages. */
    readonly file: string,
  ) {}

  /**
   * The entries for `reference` at `item`, inside a group titled `group`: none for a missing
   * page or an operation whose spec already has its reference; an endpoint page with text of
   * its own stays a page (its request snippet first) beside its spec's reference.
   */
  entry(reference: string, item: string, group: string, scope: EntryScope): NavDraft[] {
    const operation = operationReference(reference);
    if (operation) return this.#operation(operation, item, group, scope).entries;
    const path = this.tree.findPage(reference);
    if (path === undefined) {
      this.tree.report(
        this.file,
        item,
        `"${reference}": no page file ${reference}.mdx or .md in the source: left out`,
      );
      return [];
    }
    const written = reference.replace(/^\/+/, '').replace(/\.(mdx?|markdown)$/i, '');
    const source = this.tree.read(path) ?? '';
    const endpoint = text(readFrontMatter(source).openapi);
    const endpointOperation = endpoint === undefined ? undefined : operationReference(endpoint);
    let prefix = '';
    let apiEntries: NavDraft[] = [];
    if (endpointOperation) {
      const { entries, api } = this.#operation(endpointOperation, `${item} (${path})`, group, scope);
      apiEntries = entries;
      if (splitPage(source).body.trim() === '') {
        if (api) {
          const { method } = endpointOperation;
          this.endpointPages.push({
            source: `/${written}`,
            api,
            ...(method === 'webhook'
              ? {}
              : { endpoint: { method: method.toUpperCase(), path: endpointOperation.path } }),
          });
          this.tree.report(
            path,
            undefined,
            `an endpoint page (openapi: ${endpoint}): its operation is in the API reference "${api.api}"; /${written} redirects to its page there`,
          );
        }
        return apiEntries;
      }
      // Text of its own (use cases, limits): the page stays, with the operation's request snippet.
      if (endpointOperation.method !== 'webhook')
        prefix = `<EndpointRequestSnippet endpoint="${endpointOperation.method.toUpperCase()} ${endpointOperation.path}" />\n\n`;
    }
    const copied = this.copier.copyPage(path, prefix);
    if (!copied) return apiEntries;
    const slug = pathSlug(written);
    if (slug !== written && `${slug}/index` !== written && written !== 'index')
      this.redirects.push({ source: `/${written}`, destination: `/${slug}`, permanent: true });
    const label = text(copied.frontMatter.sidebarTitle) ?? copied.title ?? humanize(posix.basename(written));
    return [...apiEntries, { page: label, path, slug, ...(scope.hidden ? { hidden: true } : {}) }];
  }

  /**
   * An operation's spec: its API reference as `entries` the first time in this version (none
   * after), and that reference as `api` either way.
   */
  #operation(
    operation: OperationReference,
    item: string,
    group: string,
    scope: EntryScope,
  ): { entries: NavDraft[]; api?: ApiEntry } {
    const named = operation.spec ? this.specs.add(operation.spec, this.file, item) : undefined;
    const spec = named ?? this.specs.find(scope.specs, operation);
    const written = `${operation.method.toUpperCase()} ${operation.path}`;
    if (spec === undefined) {
      this.tree.report(
        this.file,
        item,
        `"${written}": no OpenAPI spec of the site (openapi on this element, a parent or api.openapi) has it: left out`,
      );
      return { entries: [] };
    }
    if (!/^https?:/.test(spec) && !this.specs.has(spec, operation))
      this.tree.report(
        this.file,
        item,
        `"${written}" is not in ${spec}: its reference shows what the spec has`,
      );
    scope.used.add(spec);
    const existing = scope.apis.get(spec);
    if (existing) return { entries: [], api: existing };
    const api: ApiEntry = { api: group, ...(/^https?:/.test(spec) ? { url: spec } : { spec }) };
    scope.apis.set(spec, api);
    this.tree.report(
      this.file,
      item,
      `the operations of ${spec} listed in the navigation are shown as one API reference, "${group}", grouped by tag, with every operation of the spec`,
    );
    return { entries: [api], api };
  }

  /** The entry for a whole spec (an element with `openapi` and no pages): its API reference. */
  wholeSpec(spec: string, title: string, scope: EntryScope): NavDraft | undefined {
    scope.used.add(spec);
    if (scope.apis.has(spec)) return undefined;
    const api = { api: title, ...(/^https?:/.test(spec) ? { url: spec } : { spec }) };
    scope.apis.set(spec, api);
    return api;
  }
}

/** `getting-started` → `Getting started`. */
export function humanize(name: string): string {
  const words = name
    .replace(/\.(mdx?|markdown)$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Page';
}

/**
 * A group's contents as docs.yml entries: a group holding only one API reference becomes that
 * reference under the group's title; an empty one disappears.
 */
export function sectionOf(title: string, contents: NavDraft[], collapsed?: boolean): NavDraft | undefined {
  if (contents.length === 0) return undefined;
  const only = contents[0];
  if (contents.length === 1 && only && 'api' in only) {
    only.api = title;
    return only;
  }
  return { section: title, ...(collapsed ? { collapsed: true } : {}), contents };
}
