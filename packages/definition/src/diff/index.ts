export {
  type ApiChangelogChange,
  type ApiChangelogEntry,
  apiChangelogEntry,
  apiChangelogMarkdown,
  MAX_CHANGELOG_CHANGES,
} from './api-changelog.js';
export { diffDefinitions } from './diff-definitions.js';
export { bumpForDiff, computeNextVersion, InvalidSemverError } from './next-version.js';
export { changeLocationLabel, renderDiffMarkdown } from './render-markdown.js';
export type * from './types.js';
