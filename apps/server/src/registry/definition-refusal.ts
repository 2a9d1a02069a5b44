/**
 * A request whose definition fails its schema is refused with the definition's named error
 * (InvalidApiDefinitionError, InvalidDocsDefinitionError) rather than a generic BadRequestError:
 * the contract's body schemas check definitions whole on write, and this names what they found,
 * each problem with its path inside the definition (the first 20: a flood of one fault helps nobody).
 */
import { MAX_SCHEMA_ISSUES } from '@sextant/definition';
import { RegistryError } from './errors.js';

const DEFINITION_FIELDS = {
  definition: {
    error: 'InvalidApiDefinitionError',
    noun: 'API definition',
    hint: 'Import the spec with `sextant import` or `sextant publish`.',
  },
  docsDefinition: {
    error: 'InvalidDocsDefinitionError',
    noun: 'docs definition',
    hint: 'Publish with `sextant publish`, which checks docs.yml with the same rules.',
  },
} as const;

/** One schema problem of a request body: its path from the body (`definition.types.Pet`). */
export interface BodyIssue {
  path: string;
  message?: string | undefined;
}

/**
 * The named refusal when the first problem lies inside a definition field, else undefined.
 * @example definitionRefusal([{ path: 'definition.irVersion', message: 'irVersion is 2; this code reads 1' }])?.errorName // 'InvalidApiDefinitionError'
 */
export function definitionRefusal(issues: readonly BodyIssue[]): RegistryError | undefined {
  const field = issues[0]?.path.split(/[.[]/)[0];
  if (field !== 'definition' && field !== 'docsDefinition') return undefined;
  const { error, noun, hint } = DEFINITION_FIELDS[field];
  const problems = issues
    .filter(
      (issue) =>
        issue.path === field || issue.path.startsWith(`${field}.`) || issue.path.startsWith(`${field}[`),
    )
    .slice(0, MAX_SCHEMA_ISSUES)
    .map((issue) => {
      const inner = issue.path.slice(field.length).replace(/^\./, '');
      const message = issue.message ?? 'is not valid';
      return inner === '' ? message : `${inner}: ${message}`;
    });
  return new RegistryError(error, {
    message: `The ${noun} cannot be stored: ${problems.join('; ')}. ${hint}`,
    problems,
  });
}
