/** `@sextant/docs-project/testing`: docs projects written to temp folders for tests of every part. */
export { type FixtureOptions, writeFixtureProject, XSS_CORPUS } from './fixture-project.js';
export { gitIn } from './git-repo.js';
export { PRODUCTS_DOCS_YML, writeProductsProject } from './products-project.js';
export {
  CHANGELOG_ENTRIES,
  petsSpec,
  STRUCTURE_CHROME,
  structureDocsYml,
  writeStructureProject,
} from './structure-project.js';
export { writeFiles, writeTempFolder } from './temp-folder.js';
