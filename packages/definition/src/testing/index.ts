/** `@sextant/definition/testing`: helpers for the tests of every package and app (never shipped code). */
export { type GuidePageFixture, guidePagesDefinition } from './docs-definitions.js';
export { ManualClock } from './manual-clock.js';
export { type WaitForOptions, WaitForTimeoutError, waitFor } from './wait-for.js';
