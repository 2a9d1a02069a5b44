/** Vitest global setup of the e2e suite (see vitest-setup.mjs). */
export { setupAll as setup } from './vitest-setup.mjs';
