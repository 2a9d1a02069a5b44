/**
 * Zod (the SDK template schema) probes `new Function` to pick a faster parser; the page's CSP
 * forbids eval, so the probe would only be reported as a violation. Imported before the playground
 * so that no schema is built before Zod is told to parse without it.
 */
import { config } from 'zod';

config({ jitless: true });
