import { describe, expect, it } from 'vitest';
import { importDefinition } from '../import/import-definition.js';
import type { Endpoint } from '../ir/endpoint.js';
import { readSpecFile } from '../node.js';
import { sliceDefinition } from '../slice/slice.js';
import { responseExamples } from './response-examples.js';
import { completedResponseBody, completeExample } from './synthesize.js';
import { ExampleValueBuilder } from './value-builder.js';

const GITHUB = 'test-data/node_modules/@octokit/openapi/generated/api.github.com.json';

describe("response examples on GitHub's REST API", () => {
  const { definition } = importDefinition(readSpecFile(GITHUB), { synthesizeExamples: false });

  it("is completeExample's response part for every response, spec example or none, without building the request parts", () => {
    let compared = 0;
    let filled = 0;
    for (const endpoint of Object.values(definition.endpoints)) {
      for (const response of endpoint.responses) {
        const spec = endpoint.examples.find(
          (example) =>
            example.responseStatusCode === response.statusCode && example.responseBody !== undefined,
        );
        const example = spec ?? {
          pathParameters: {},
          queryParameters: {},
          headers: {},
          responseStatusCode: response.statusCode,
          synthesized: true,
        };
        // Each with a builder of its own: the whole example builds the request parts first.
        const whole = completeExample(
          example,
          { ...endpoint, responses: [response] },
          new ExampleValueBuilder(definition.types),
        );
        const part = completedResponseBody(example, response, new ExampleValueBuilder(definition.types));
        const where = `${endpoint.id} ${response.statusCode}`;
        expect(part.value, where).toEqual(whole.responseBody);
        expect(part.problems, where).toEqual(
          (whole.problems ?? []).filter((problem) => problem.part === 'responseBody'),
        );
        expect(part.filled, where).toBe(whole.filled?.includes('responseBody') ?? false);
        compared++;
        if (part.filled) filled++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(filled).toBeGreaterThan(20);
  });

  it("are the same from the API's type table as from the endpoint's slice", () => {
    for (const endpointId of Object.keys(definition.endpoints)) {
      const endpoint = definition.endpoints[endpointId] as Endpoint;
      const slice = sliceDefinition(definition, { endpointId });
      expect(responseExamples(endpoint, definition.types), endpointId).toEqual(
        responseExamples(endpoint, slice.types),
      );
    }
  });
});
