/**
 * How a spec example that breaks its schema is described: the IR's `ExampleProblem` made from
 * validation issues, and the one sentence the reference page, the playground and the import
 * warning all show ("This example does not match the schema: …").
 */
import { escapePointerToken } from '../document/pointer.js';
import type { ExampleProblem } from '../ir/endpoint.js';
import type { ValueIssue } from './validate-value.js';

const PART_NAMES: Record<ExampleProblem['part'], string> = {
  pathParameters: 'path parameter',
  queryParameters: 'query parameter',
  headers: 'header',
  cookies: 'cookie',
  requestBody: 'request body',
  responseBody: 'response body',
  payload: 'payload',
};

/** The problems of one part of an example, from the validation issues of its value. */
export function problemsOf(
  issues: readonly ValueIssue[],
  part: ExampleProblem['part'],
  key?: string,
): ExampleProblem[] {
  return issues.map((issue) => ({
    part,
    ...(key === undefined ? {} : { key }),
    path: issue.path,
    message: issue.message,
  }));
}

/** The JSON pointer of a problem inside its part's value (`''` for the value itself). */
export function problemPointer(problem: ExampleProblem): string {
  return problem.path.map((token) => `/${escapePointerToken(String(token))}`).join('');
}

/** Where a problem sits, in words: `request body at /items/0/id`, `query parameter limit`. */
export function problemPlace(problem: ExampleProblem): string {
  const part =
    problem.key === undefined ? PART_NAMES[problem.part] : `${PART_NAMES[problem.part]} ${problem.key}`;
  const pointer = problemPointer(problem);
  return pointer === '' ? part : `${part} at ${pointer}`;
}

/**
 * The note shown beside an example that breaks its schema, or undefined when it has no problem.
 * @example exampleProblemNote([{ part: 'requestBody', path: ['id'], message: 'Must be an integer' }])
 * // 'This example does not match the schema: request body at /id: Must be an integer'
 */
export function exampleProblemNote(problems: readonly ExampleProblem[] | undefined): string | undefined {
  if (!problems || problems.length === 0) return undefined;
  const reasons = problems.map((problem) => `${problemPlace(problem)}: ${problem.message}`);
  return `This example does not match the schema: ${reasons.join('; ')}`;
}
