/** The client behind a load balancer: `--trust-proxy`, client addresses and https detection. */
export {
  clientAddressOf,
  compileTrustProxy,
  decorateClientAddress,
  forwardedClientAddress,
  requestIsHttps,
  type TrustProxyFunction,
  TrustProxyOptionError,
  type TrustProxySetting,
} from './trust-proxy.js';
