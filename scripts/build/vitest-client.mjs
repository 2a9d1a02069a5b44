/** Vitest global setup of the unit suite (see vitest-setup.mjs). */
export { setupClient as setup } from './vitest-setup.mjs';
