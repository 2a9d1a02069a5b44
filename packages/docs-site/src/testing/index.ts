/** `@sextant/docs-site/testing`: inputs for tests of the renderer and of the parts that serve it. */

export { testRenderContext } from './render-context.js';
export { type SpecSite, specSite } from './spec-site.js';
export { XSS_CORPUS } from './xss-corpus.js';
