export { type InstallPrerenderOptions, installPrerender } from './install.js';
export type { Prerenderer, PrerenderOutcome, PrerenderReader } from './prerender.js';
