/**
 * Whether a docs.yml document passes the docs.yml schema (its shape only: files are not read).
 * `sextant init --from` asks it which parts of the docs.yml syntax this build knows.
 */
import { docsYmlSchema } from './docs-yml-schema.js';

/**
 * @example acceptsDocsYml({ title: 'Acme', navigation: [{ link: 'Home', href: '/' }] }) // true
 */
export function acceptsDocsYml(doc: unknown): boolean {
  return docsYmlSchema.safeParse(doc).success;
}
