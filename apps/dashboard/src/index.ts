/** `@sextant/dashboard`: the dashboard API contract the server plugin implements (the SPA is built by Vite). */
export * from './contract.js';
