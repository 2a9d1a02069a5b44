/** Rate limits: token buckets and the client key of a site's readers. */
export { siteClientKey, siteKey } from './site-client-key.js';
export { TokenBuckets } from './token-buckets.js';
