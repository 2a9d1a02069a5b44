/**
 * One example per response of an endpoint, for the reference page's response tabs: each success
 * response and each error with a JSON shape, by status code (and content type). A response the
 * spec gives an example of shows that as written (with its problems when it breaks the schema);
 * any other gets a synthesised, schema-valid one.
 */
import type { Endpoint, EndpointExample, ExampleProblem, HttpResponse } from '../ir/endpoint.js';
import type { TypeDefinition, TypeId } from '../ir/types.js';
import { problemsOf } from './example-problems.js';
import { type CompletedBody, completedResponseBody } from './synthesize.js';
import { ExampleValueBuilder } from './value-builder.js';

export interface ResponseExample {
  /** The status code; 0 for the spec's `default` response. */
  statusCode: number;
  contentType?: string;
  /** JSON value; for a stream `{ events: [...] }`. */
  value: unknown;
  /** True when Sextant made it up because the spec gave none for this response. */
  synthesized: boolean;
  /** How the spec's example breaks the response schema (it is shown as written all the same). */
  problems?: ExampleProblem[];
}

/**
 * @example responseExamples(endpoint, definition.types).map((r) => r.statusCode); // [200, 404]
 */
export function responseExamples(
  endpoint: Endpoint,
  types: Record<TypeId, TypeDefinition>,
): ResponseExample[] {
  const builder = ExampleValueBuilder.replaying(types);
  const out: ResponseExample[] = [];
  const seen = new Set<string>();
  const given = (status: number) =>
    endpoint.examples.find(
      (example) => example.responseStatusCode === status && example.responseBody !== undefined,
    );
  for (const response of endpoint.responses) {
    const key = `${response.statusCode}|${response.contentType ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const spec = given(response.statusCode);
    // The spec's example checked against this response (once, at import, for the response it was
    // checked against there), or one made from its schema.
    const completed =
      (spec && checkedAtImport(spec, response, endpoint)) ??
      completedResponseBody(spec ?? blankExample(response.statusCode), response, builder);
    if (completed.value === undefined) continue;
    const { problems } = completed;
    out.push({
      statusCode: response.statusCode,
      ...(response.contentType ? { contentType: response.contentType } : {}),
      value: completed.value,
      synthesized:
        spec === undefined ||
        spec.synthesized ||
        completed.filled ||
        (spec.filled?.includes('responseBody') ?? false),
      ...(problems.length > 0 ? { problems } : {}),
    });
  }
  for (const error of endpoint.errors) {
    if (!error.shape) continue;
    const key = `${error.statusCode}|${error.contentType ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const spec = given(error.statusCode)?.responseBody;
    if (spec !== undefined) {
      const problems = problemsOf(builder.issues(spec, error.shape, 'response'), 'responseBody');
      out.push({
        statusCode: error.statusCode,
        ...(error.contentType ? { contentType: error.contentType } : {}),
        value: spec,
        synthesized: false,
        ...(problems.length > 0 ? { problems } : {}),
      });
      continue;
    }
    const value = builder.build(error.shape, 'response');
    if (!value) continue;
    out.push({
      statusCode: error.statusCode,
      ...(error.contentType ? { contentType: error.contentType } : {}),
      value: value.value,
      synthesized: true,
    });
  }
  return out;
}

/**
 * The response body of `example` as synthesis checked it (`EndpointExample.checked`): its problems
 * are the example's, when `response` is the one it was checked against. GitHub's spec examples
 * were ~3 % of an endpoint page's render, checked again on every page (issue #30).
 */
function checkedAtImport(
  example: EndpointExample,
  response: HttpResponse,
  endpoint: Endpoint,
): CompletedBody | undefined {
  if (!example.checked || example.responseBody === undefined) return undefined;
  if (endpoint.responses.find((r) => r.statusCode === example.responseStatusCode) !== response)
    return undefined;
  return {
    value: example.responseBody,
    problems: example.problems?.filter((problem) => problem.part === 'responseBody') ?? [],
    filled: false,
  };
}

function blankExample(statusCode: number): Endpoint['examples'][number] {
  return {
    pathParameters: {},
    queryParameters: {},
    headers: {},
    responseStatusCode: statusCode,
    synthesized: true,
  };
}
