/** `@sextant/docs-site/testing`: inputs for tests of the renderer and of the parts that serve it. */
export { XSS_CORPUS } from './xss-corpus.js';
