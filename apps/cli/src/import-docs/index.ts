export { importDocusaurus } from './docusaurus.js';
export type { DocsYmlDraft, ImportedProject, NavDraft, NotConverted, ProjectFilePlan } from './draft.js';
export { importFern } from './fern.js';
export {
  ALL_FEATURES,
  type DocsYmlFeatures,
  docsYmlFeatures,
  lowerDraft,
  NO_FEATURES,
} from './lower-draft.js';
export { importMintlify } from './mintlify.js';
export { docsYmlDocument, renderDocsYml } from './render-docs-yml.js';
