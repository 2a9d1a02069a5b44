/**
 * The leaf schemas of the docs site configuration (SPEC §9) that docs.yml (the author's file,
 * `@sextant/docs-project`) and the docs definition (what publish produces, checked again by the
 * registry on write) share: URL rules, colours, enums with their defaults, login fields and the
 * rules across a login's fields. One definition of each, so the CLI and the registry cannot
 * disagree on what a site may hold.
 */
import { z } from 'zod';
import {
  AI_LOCATIONS,
  AI_MODELS,
  CONTENT_ALIGNMENTS,
  defaultDocsConfig,
  FONT_DISPLAYS,
  HEADER_POSITIONS,
  MAX_AI_PROMPT_LENGTH,
  NAVBAR_LINK_TYPES,
  PAGE_ACTIONS,
  PAGE_LAYOUTS,
  SCRIPT_STRATEGIES,
  SEARCHBAR_PLACEMENTS,
  SOCIAL_CARD_TYPES,
  TABS_PLACEMENTS,
} from '../config.js';
import {
  isClaimPath,
  isLoginEndpointUrl,
  isLoginParamName,
  isLoginSecretEnvName,
  LOGIN_SECRET_ENV_PREFIX,
} from '../login-rules.js';
import { isPlayerUrl, socialCardProblems } from '../social-card.js';
import {
  isApiLinkBase,
  isCssColor,
  isRedirectSource,
  isSafeLinkHref,
  isSafeRedirectDestination,
  isStylesheetPath,
} from '../url-rules.js';

/** A value as a problem quotes it: JSON, cut at 80 characters. */
export const showValue = (value: unknown) => JSON.stringify(value)?.slice(0, 80) ?? String(value);

/** A string that `rule` accepts; a refused one is quoted in the message (`"javascript:x" must be …`). */
export const ruledString = (rule: (value: string) => boolean, must: string) =>
  z.string().refine(rule, { error: (issue) => `${showValue(issue.input)} ${must}` });

/** One of `values`, refused as `"x" is not one of a, b`. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => `${showValue(issue.input)} is not one of ${values.join(', ')}` });

/** The defaults a docs project gets (`defaultDocsConfig`), which the schemas below fill in. */
export const DOCS_CONFIG_DEFAULTS = defaultDocsConfig('');

export const cssColorSchema = ruledString(isCssColor, 'must be a CSS colour like #4f46e5');
/** A link a reader follows: the shared URL rule of docs sites (no `javascript:` or other schemes). */
export const linkHrefSchema = ruledString(isSafeLinkHref, 'must be an http(s) URL, mailto: or a site path');
export const redirectSourceSchema = ruledString(
  isRedirectSource,
  'is not a redirect source: a site path starting with "/", without line breaks, control characters or backslashes',
);
export const redirectDestinationSchema = ruledString(
  isSafeRedirectDestination,
  'is not a redirect destination: a site path or an http(s) URL, without line breaks, control characters or backslashes',
);
export const apiLinkBaseSchema = ruledString(
  isApiLinkBase,
  'must be an http(s) URL without query or fragment, e.g. https://stripe.com',
);
export const stylesheetPathSchema = ruledString(isStylesheetPath, 'must be a .css file of the project');
export const playerUrlSchema = ruledString(isPlayerUrl, 'must be an https URL (the player card frames it)');
/** `{path}` stands for the page's path in the project. */
export const editThisPageUrlSchema = z
  .string()
  .max(2000)
  .refine((url) => /^https?:\/\//i.test(url) && isSafeLinkHref(url.replace('{path}', 'x')), {
    error: (issue) =>
      `${showValue(issue.input)} must be an http(s) URL, e.g. https://github.com/acme/docs/edit/main/{path}`,
  });

/** Layout and placement enums, each defaulting as `defaultDocsConfig` does. */
const layoutDefaults = DOCS_CONFIG_DEFAULTS.layout;
export const searchbarPlacementSchema = oneOf(SEARCHBAR_PLACEMENTS).default(
  layoutDefaults.searchbarPlacement,
);
export const tabsPlacementSchema = oneOf(TABS_PLACEMENTS).default(layoutDefaults.tabsPlacement);
export const contentAlignmentSchema = oneOf(CONTENT_ALIGNMENTS).default(layoutDefaults.contentAlignment);
export const headerPositionSchema = oneOf(HEADER_POSITIONS).default(layoutDefaults.headerPosition);
export const pageLayoutSchema = oneOf(PAGE_LAYOUTS);
export const defaultPageLayoutSchema = pageLayoutSchema.default(DOCS_CONFIG_DEFAULTS.defaultPageLayout);
export const themeSchema = oneOf(['light', 'dark', 'system']).default(DOCS_CONFIG_DEFAULTS.defaultTheme);
export const pageActionsSchema = z
  .array(oneOf(PAGE_ACTIONS))
  .default(() => [...DOCS_CONFIG_DEFAULTS.pageActions]);
export const socialCardTypeSchema = oneOf(SOCIAL_CARD_TYPES).default(
  DOCS_CONFIG_DEFAULTS.metadata.socialCard,
);
export const scriptStrategySchema = oneOf(SCRIPT_STRATEGIES).default('afterInteractive');
export const fontDisplaySchema = oneOf(FONT_DISPLAYS).default('swap');
export const fontStyleSchema = oneOf(['normal', 'italic']);
export const navbarLinkTypeSchema = oneOf(NAVBAR_LINK_TYPES).default('secondary');
export const redirectPermanentSchema = z.boolean().default(false);

/** Ask AI: model and where it answers (`docs` unless told), duplicates dropped. */
export const aiModelSchema = oneOf(AI_MODELS).default('claude-4');
export const aiLocationsSchema = z
  .array(oneOf(AI_LOCATIONS))
  .min(1, 'name at least one location: docs, slack or discord')
  .default(['docs'])
  .transform((list) => [...new Set(list)]);
export const aiPromptSchema = z.string().max(MAX_AI_PROMPT_LENGTH);
export const analyticsPlaygroundSchema = z.boolean().default(true);

/** Most navbar links, footer groups, links per group and socials, stylesheets. */
export const DOCS_CHROME_LIMITS = {
  navbar: 10,
  footerGroups: 10,
  footerLinks: 30,
  socials: 20,
  css: 20,
} as const;

/** docs.yml / definition `login` fields (SPEC §6): https endpoints, parameter names, the claim, the secret's variable. */
export const loginEndpointUrlSchema = ruledString(
  isLoginEndpointUrl,
  'must be an https URL (http only on localhost)',
);
export const loginParamSchema = ruledString(
  isLoginParamName,
  'must be a query parameter name (letters, digits, _ . -)',
);
export const loginReturnToParamSchema = loginParamSchema.default('state');
export const loginCredentialParamSchema = loginParamSchema.default('id_token');
export const claimPathSchema = ruledString(
  isClaimPath,
  'must be a claim name or a dotted path (api_key, acme.key)',
);
export const loginSecretEnvSchema = ruledString(
  isLoginSecretEnvName,
  `must name the server's environment variable holding the secret, which starts with ${LOGIN_SECRET_ENV_PREFIX} (never the secret itself)`,
);

/** The rule across a login's fields: one way to verify the JWT; with a key set, its issuer and audience. */
export function checkLoginVerification(
  login: {
    jwksUrl?: string | undefined;
    hmacSecretEnv?: string | undefined;
    issuer?: string | undefined;
    audience?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if ((login.jwksUrl === undefined) === (login.hmacSecretEnv === undefined))
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: 'login verifies its JWT one way: give exactly one of jwksUrl and hmacSecretEnv',
    });
  if (login.jwksUrl !== undefined)
    for (const key of ['issuer', 'audience'] as const)
      if (login[key] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `with jwksUrl, give the ${key} the tokens must carry (any other identity provider's tokens are refused)`,
        });
}

/** The fields a social card type requires (X/Twitter's card markup), on `metadata`. */
export function checkSocialCard(
  metadata: { socialCard?: (typeof SOCIAL_CARD_TYPES)[number] | undefined } & Record<string, unknown>,
  ctx: z.RefinementCtx,
): void {
  for (const problem of socialCardProblems({ ...metadata, socialCard: metadata.socialCard ?? 'summary' }))
    ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}
