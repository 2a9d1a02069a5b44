import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type GENERATOR_DEFAULTS, renderGeneratorsConfig } from './generators-config.js';

describe('generators.yml', () => {
  it('carries the SPEC §3 defaults: github output, tests, OAuth and paginated clients, five publish targets', () => {
    const parsed = parse(renderGeneratorsConfig('Pet Store')) as {
      defaults: typeof GENERATOR_DEFAULTS;
      generators: { language: string; package: string; publish: { target: string } }[];
    };
    expect(parsed.defaults).toEqual({
      output: { mode: 'github' },
      tests: { enabled: true },
      features: { oauth: true, paginatedClients: true },
      publish: { targets: ['nuget', 'maven', 'pypi', 'rubygems', 'npm'] },
    });
    expect(parsed.generators.map((generator) => [generator.language, generator.publish.target])).toEqual([
      ['csharp', 'nuget'],
      ['java', 'maven'],
      ['python', 'pypi'],
      ['ruby', 'rubygems'],
      ['typescript', 'npm'],
    ]);
    expect(parsed.generators.map((generator) => generator.package)).toEqual([
      'PetStore',
      'com.example.petstore',
      'pet_store',
      'pet_store',
      '@example/pet-store',
    ]);
  });
});
