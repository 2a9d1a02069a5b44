/** The server's lifecycle: what parts need of each other, readiness, answers while unavailable. */
export { PartDependencyError, requirePart } from './part-dependency.js';
