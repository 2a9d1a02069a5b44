import { describe, expect, it } from 'vitest';
import { importDefinition } from '../import/import-definition.js';
import { readSpecFile } from '../node.js';
import { danglingReferences } from './dangling-references.js';
import { TypeCollector } from './reachable-types.js';
import { sliceDefinition } from './slice.js';

const GITHUB = 'test-data/node_modules/@octokit/openapi/generated/api.github.com.json';

describe("slices of GitHub's REST API", () => {
  it('every endpoint slice resolves and ships a small fraction of the API', () => {
    const { definition } = importDefinition(readSpecFile(GITHUB), { synthesizeExamples: false });
    const whole = JSON.stringify(definition).length;
    const ids = Object.keys(definition.endpoints);
    expect(ids.length).toBeGreaterThan(1000);
    let largest = 0;
    for (const endpointId of ids) {
      const slice = sliceDefinition(definition, { endpointId });
      expect(danglingReferences(slice), endpointId).toEqual([]);
      expect(slice.endpoints[endpointId]).toBe(definition.endpoints[endpointId]);
      // The types joined from kept closures are the ones a walk without them reaches.
      const walked = new TypeCollector(definition.types);
      for (const included of Object.values(slice.endpoints)) walked.endpoint(included);
      walked.parameters(definition.globalHeaders);
      expect(Object.keys(slice.types).sort(), endpointId).toEqual(
        [...walked.close()].filter((id) => definition.types[id]).sort(),
      );
      largest = Math.max(largest, JSON.stringify(slice).length);
    }
    // The largest page payload stays far below the whole definition (GitHub: ~12 MB).
    expect(largest).toBeLessThan(whole / 10);
  });
});
