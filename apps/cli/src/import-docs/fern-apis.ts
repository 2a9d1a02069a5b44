/**
 * The API specs of a Fern folder, by API name (`undefined` for the folder's own API): read from
 * `generators.yml` (`api.specs[].openapi|asyncapi|openrpc`, `api.path`, or the older top-level
 * `openapi`), else the `openapi/` folder; named APIs live in `apis/<name>/`. A Fern Definition
 * (`definition/`) is not a spec Sextant reads. SDK generator groups and overrides are logged:
 * Sextant's generators.yml is another format.
 */
import { posix } from 'node:path';
import { list, record, type SourceTree, text } from './source-tree.js';
import type { SpecCatalog } from './spec-catalog.js';

const SPEC_FILE = /\.(ya?ml|json)$/i;

/** Spec project paths (or URLs) by API name; the folder's own API under ''. */
export type FernApis = Map<string, string[]>;

/**
 * Finds the specs of the Fern folder in `tree` and copies them through `specs`.
 * @example findFernApis(tree, specs).get('') // ['openapi/openapi.yml']
 */
export function findFernApis(tree: SourceTree, specs: SpecCatalog): FernApis {
  const apis: FernApis = new Map();
  const own = apiSpecs(tree, specs, '');
  if (own.length > 0) apis.set('', own);
  for (const name of tree.folders('apis')) {
    const found = apiSpecs(tree, specs, `apis/${name}`);
    if (found.length > 0) apis.set(name, found);
  }
  return apis;
}

/** The specs of one API folder (`''` is the Fern folder itself). */
function apiSpecs(tree: SourceTree, specs: SpecCatalog, folder: string): string[] {
  const generatorsPath = posix.join(folder, 'generators.yml');
  const generators = tree.isFile(generatorsPath) ? record(tree.readData(generatorsPath)) : undefined;
  const found: string[] = [];
  const add = (value: unknown, item: string) => {
    const path = text(value) ?? text(record(value)?.path);
    if (!path) return;
    const at = /^https?:\/\//i.test(path) ? path : tree.relative(generatorsPath, path);
    const added = at === undefined ? undefined : specs.add(at, generatorsPath, item);
    if (added) found.push(added);
  };
  if (generators) {
    const api = generators.api;
    const specList = list(record(api)?.specs);
    for (const [index, value] of specList.entries()) {
      const spec = record(value);
      for (const kind of ['openapi', 'asyncapi', 'openrpc'] as const)
        add(spec?.[kind], `api.specs[${index}].${kind}`);
      if (spec?.overrides !== undefined)
        tree.report(
          generatorsPath,
          `api.specs[${index}].overrides`,
          'overrides are not applied: merge them into the spec',
        );
      if (spec?.proto !== undefined || spec?.graphql !== undefined)
        tree.report(generatorsPath, `api.specs[${index}]`, 'gRPC and GraphQL specs are not read by Sextant');
    }
    if (typeof api === 'string') add(api, 'api');
    else if (record(api)?.path !== undefined) add(record(api)?.path, 'api.path');
    for (const [index, value] of list(api).entries()) add(record(value)?.path ?? value, `api[${index}]`);
    if (generators.openapi !== undefined) add(generators.openapi, 'openapi');
    if (generators.groups !== undefined)
      tree.report(
        generatorsPath,
        'groups',
        "SDK generator groups are not converted: Sextant's generators.yml has its own format (see `sextant init --help`)",
      );
  }
  if (found.length === 0) {
    const openapiFolder = posix.join(folder, 'openapi');
    for (const file of tree
      .list(openapiFolder)
      .filter((name) => SPEC_FILE.test(name) && !/overrides?/i.test(name))) {
      const added = specs.add(posix.join(openapiFolder, file), posix.join(folder, 'openapi'), file);
      if (added) found.push(added);
      break;
    }
  }
  if (found.length === 0 && tree.isDirectory(posix.join(folder, 'definition')))
    tree.report(
      posix.join(folder, 'definition'),
      undefined,
      'a Fern Definition is not a spec Sextant reads: export it as OpenAPI (`fern export openapi.yml`) and add an api entry',
    );
  return found;
}
