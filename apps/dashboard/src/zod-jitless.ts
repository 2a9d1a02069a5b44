/**
 * Imported first by the entry: the page's CSP forbids eval, and zod probes `new Function` (caught,
 * yet reported as a CSP violation) when its first object schema is built, at import time of the
 * contracts. Jitless mode skips the probe and the compiled parsers.
 */
import { config } from 'zod';

config({ jitless: true });
