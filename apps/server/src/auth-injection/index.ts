/** The docs site's API-key injection endpoint, login/callback/logout routes and the demo identity provider. */

export type { AuthInjectionPluginOptions } from './auth-injection-plugin.js';
export {
  authInjectionPart,
  authInjectionPlugin,
  configuredAuthInjection,
  DEMO_LOGIN_ENV,
} from './auth-injection-plugin.js';
export { DemoIdentityProvider, OAuthIdentityProvider } from './identity-provider.js';
export { LoginCredentialError, verifyLoginCredential } from './login-credential.js';
export { AUTH_PATHS, type AuthInjectionOptions, SESSION_COOKIE } from './options.js';
export { SITE_LOGIN_COOKIE, siteLoginRoutes } from './site-login.js';
