/**
 * Example synthesis and IR → JSON Schema.
 *
 * - `synthesizeExamples(definition, { onWarning? })`: a copy with an example for every endpoint,
 *   channel message and webhook that had none (`synthesized: true`).
 * - `ExampleValueBuilder`: one valid value for a `TypeReference` (memoised per type).
 * - `toJsonSchema(reference, types, { direction? })`: the JSON Schema 2020-12 of a reference.
 * - `samplePattern(pattern, minLength?, maxLength?)`: a string matching a regular expression.
 * - `responseExamples(endpoint, types)`: one example per response status (the reference page tabs).
 * - `exampleLabel(example, index)`: a named example's label in a picker.
 * - `validateValue(value, reference, types)`: what is wrong with a value, by path (inline validation).
 */
export * from './example-label.js';
export { exampleProblemNote, problemPlace, problemPointer } from './example-problems.js';
export * from './pattern-sample.js';
export * from './response-examples.js';
export * from './synthesize.js';
export * from './to-json-schema.js';
export * from './validate-value.js';
export * from './value-builder.js';
