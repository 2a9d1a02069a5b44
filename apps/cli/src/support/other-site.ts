/**
 * A folder that holds another tool's docs site instead of a Sextant project: a Fern folder
 * (fern.config.json beside its docs.yml, or a `fern/` folder), a Docusaurus config, a Mintlify
 * docs.json or mint.json. `sextant dev`, `check` and `publish` name the conversion for it,
 * instead of reading Fern's docs.yml as ours or serving a Mintlify site's spec alone. Beside a
 * docs.yml of ours, only Fern's own config counts: a project may sit in the site it replaces.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCUSAURUS_CONFIGS } from '../import-docs/docusaurus.js';
import { MINTLIFY_CONFIGS } from '../import-docs/mintlify.js';

export interface OtherSite {
  kind: 'mintlify' | 'fern' | 'docusaurus';
  /** The file that shows it, relative to the folder. */
  marker: string;
}

const FERN_MARKERS = ['fern.config.json', 'fern/fern.config.json'];

/** Whether `file` is a Mintlify config: JSON with a navigation. */
function isMintlifyConfig(file: string): boolean {
  try {
    const config: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof config === 'object' && config !== null && 'navigation' in config;
  } catch {
    return false;
  }
}

/** The other tool's site in `dir`, or undefined. */
export function otherSiteIn(dir: string): OtherSite | undefined {
  const fern = FERN_MARKERS.find((name) => existsSync(join(dir, name)));
  if (fern) return { kind: 'fern', marker: fern };
  if (existsSync(join(dir, 'docs.yml'))) return undefined;
  const docusaurus = DOCUSAURUS_CONFIGS.find((name) => existsSync(join(dir, name)));
  if (docusaurus) return { kind: 'docusaurus', marker: docusaurus };
  const mintlify = MINTLIFY_CONFIGS.find((name) => isMintlifyConfig(join(dir, name)));
  if (mintlify) return { kind: 'mintlify', marker: mintlify };
  return undefined;
}

/** What to tell the author whose `path` holds `site`. */
export function convertHint(path: string, site: OtherSite): string {
  const name = { mintlify: 'Mintlify', fern: 'Fern', docusaurus: 'Docusaurus' }[site.kind];
  return `${path}: a ${name} site (${site.marker}), not a Sextant project: convert it with \`sextant init <new folder> --from ${site.kind} ${path}\``;
}
