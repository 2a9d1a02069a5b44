/** The server's lifecycle: what parts need of each other, readiness, answers while unavailable. */
export {
  checkDeclaredNeeds,
  declaredNeeds,
  needs,
  type PartDecorator,
  PartDependencyError,
  requirePart,
} from './part-dependency.js';
