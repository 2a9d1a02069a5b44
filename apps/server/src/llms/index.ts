/** Machine-readable docs (llms.txt, llms-full.txt) on every docs site. */
export {
  LLMS_FULL_MAX_CHARS,
  llmsFull,
  llmsIndex,
  llmsPages,
  llmsSections,
  markdownUrl,
} from './llms-text.js';
export { llmsPlugin } from './plugin.js';
