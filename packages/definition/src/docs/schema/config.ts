/**
 * Zod schema of the docs site configuration as a docs definition carries it (`../config.ts`,
 * SPEC §9). Fields the config has defaults for (`defaultDocsConfig`) may be absent and are
 * filled in; what the site turns into URLs, CSS or markup is checked with the shared rules of
 * `leaves.ts`. `type-checks.ts` proves each schema's output equal to its interface.
 */
import { z } from 'zod';
import { isProjectFilePath, isSafeAssetUrl } from '../url-rules.js';
import {
  aiLocationsSchema,
  aiModelSchema,
  aiPromptSchema,
  analyticsPlaygroundSchema,
  apiLinkBaseSchema,
  checkLoginVerification,
  checkSocialCard,
  claimPathSchema,
  contentAlignmentSchema,
  cssColorSchema,
  DOCS_CHROME_LIMITS,
  DOCS_CONFIG_DEFAULTS,
  defaultPageLayoutSchema,
  editThisPageUrlSchema,
  fontDisplaySchema,
  fontStyleSchema,
  headerPositionSchema,
  linkHrefSchema,
  loginCredentialParamSchema,
  loginEndpointUrlSchema,
  loginReturnToParamSchema,
  loginSecretEnvSchema,
  navbarLinkTypeSchema,
  pageActionsSchema,
  playerUrlSchema,
  redirectDestinationSchema,
  redirectPermanentSchema,
  redirectSourceSchema,
  ruledString,
  scriptStrategySchema,
  searchbarPlacementSchema,
  showValue,
  socialCardTypeSchema,
  stylesheetPathSchema,
  tabsPlacementSchema,
  themeSchema,
} from './leaves.js';

/** A file of the project or an https URL; `inlineImage` allows an allowlisted `data:` image too. */
const assetRef = (inlineImage: boolean) =>
  z.discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('file'),
        path: ruledString(isProjectFilePath, 'must be a relative path inside the project'),
      }),
      z.object({
        type: z.literal('url'),
        url: ruledString(
          (url) => isSafeAssetUrl(url, { inlineImage }),
          `must be an https URL${inlineImage ? ' or an inlined image (data:image/…;base64)' : ''}`,
        ),
      }),
    ],
    { error: 'must be { type: "file", path } or { type: "url", url }' },
  );
/** A logo, favicon or social image. */
export const imageRefSchema = assetRef(true);
/** A script or font: never inlined. */
export const fileOrUrlRefSchema = assetRef(false);

export const themedColorSchema = z.object({
  light: cssColorSchema.optional(),
  dark: cssColorSchema.optional(),
});

export const docsColorsSchema = z.object({
  accentPrimary: themedColorSchema.optional(),
  background: themedColorSchema.optional(),
  border: themedColorSchema.optional(),
  sidebarBackground: themedColorSchema.optional(),
  headerBackground: themedColorSchema.optional(),
  cardBackground: themedColorSchema.optional(),
});

export const docsLogoSchema = z.object({
  light: imageRefSchema.optional(),
  dark: imageRefSchema.optional(),
  href: linkHrefSchema.optional(),
  height: z.number().optional(),
});

export const docsLayoutConfigSchema = z.object({
  searchbarPlacement: searchbarPlacementSchema,
  tabsPlacement: tabsPlacementSchema,
  contentAlignment: contentAlignmentSchema,
  headerPosition: headerPositionSchema,
  contentWidth: z.number().optional(),
  sidebarWidth: z.number().optional(),
});

export const docsScriptSchema = z.object({ src: fileOrUrlRefSchema, strategy: scriptStrategySchema });

export const docsFontSchema = z.object({
  name: z.string(),
  src: fileOrUrlRefSchema,
  weight: z.string().optional(),
  style: fontStyleSchema.optional(),
  display: fontDisplaySchema,
});

export const docsTwitterAppSchema = z.object({
  iphone: z.string(),
  ipad: z.string(),
  googleplay: z.string(),
  country: z.string().optional(),
});

export const docsTwitterPlayerSchema = z.object({
  url: playerUrlSchema,
  width: z.number(),
  height: z.number(),
});

export const docsMetadataObjectSchema = z.object({
  description: z.string().optional(),
  socialCard: socialCardTypeSchema,
  ogImage: imageRefSchema.optional(),
  twitterSite: z.string().optional(),
  twitterApp: docsTwitterAppSchema.optional(),
  twitterPlayer: docsTwitterPlayerSchema.optional(),
});
/** The metadata with the fields its social card type requires. */
export const docsMetadataSchema = docsMetadataObjectSchema.superRefine(checkSocialCard);

export const docsRedirectSchema = z.object({
  source: redirectSourceSchema,
  destination: redirectDestinationSchema,
  permanent: redirectPermanentSchema,
});

export const docsNavbarLinkSchema = z.object({
  text: z.string(),
  href: linkHrefSchema,
  type: navbarLinkTypeSchema,
});

export const docsFooterLinkSchema = z.object({ text: z.string(), href: linkHrefSchema });

export const docsFooterSchema = z.object({
  groups: z
    .array(
      z.object({
        title: z.string(),
        links: z.array(docsFooterLinkSchema).max(DOCS_CHROME_LIMITS.footerLinks),
      }),
    )
    .max(DOCS_CHROME_LIMITS.footerGroups)
    .default([]),
  socials: z
    .array(z.object({ type: z.string(), href: linkHrefSchema }))
    .max(DOCS_CHROME_LIMITS.socials)
    .default([]),
});

export const docsAnnouncementSchema = z.object({ message: z.string() });
export const docsEditThisPageSchema = z.object({ url: editThisPageUrlSchema });

export const docsAiConfigSchema = z.object({
  enabled: z.boolean(),
  model: aiModelSchema,
  location: aiLocationsSchema,
  prompt: aiPromptSchema.optional(),
});

export const docsAnalyticsConfigSchema = z.object({ playground: analyticsPlaygroundSchema });

export const docsLoginObjectSchema = z.object({
  authorizationUrl: loginEndpointUrlSchema,
  returnToQueryParam: loginReturnToParamSchema,
  credentialParam: loginCredentialParamSchema,
  apiKeyClaim: claimPathSchema,
  jwksUrl: loginEndpointUrlSchema.optional(),
  hmacSecretEnv: loginSecretEnvSchema.optional(),
  issuer: z.string().optional(),
  audience: z.string().optional(),
});
/** The login with exactly one way to verify its JWT. */
export const docsLoginConfigSchema = docsLoginObjectSchema.superRefine(checkLoginVerification);

/** A project stylesheet: a `.css` file of the project, never a URL. */
const stylesheetRefSchema = imageRefSchema.superRefine((ref, ctx) => {
  if (ref.type !== 'file' || !stylesheetPathSchema.safeParse(ref.path).success)
    ctx.addIssue({ code: 'custom', message: `${showValue(ref)} must be a .css file of the project` });
});

export const docsConfigSchema = z.object({
  title: z.string(),
  logo: docsLogoSchema.optional(),
  favicon: imageRefSchema.optional(),
  colors: docsColorsSchema.default(() => ({})),
  defaultTheme: themeSchema,
  layout: docsLayoutConfigSchema.default(() => ({ ...DOCS_CONFIG_DEFAULTS.layout })),
  defaultPageLayout: defaultPageLayoutSchema,
  pageActions: pageActionsSchema,
  metadata: docsMetadataSchema.default(() => ({ ...DOCS_CONFIG_DEFAULTS.metadata })),
  scripts: z.array(docsScriptSchema).default(() => []),
  fonts: z
    .object({
      body: docsFontSchema.optional(),
      heading: docsFontSchema.optional(),
      code: docsFontSchema.optional(),
    })
    .default(() => ({})),
  redirects: z.array(docsRedirectSchema).default(() => []),
  css: z.array(stylesheetRefSchema).max(DOCS_CHROME_LIMITS.css).optional(),
  apiLinkBase: apiLinkBaseSchema.optional(),
  navbar: z.array(docsNavbarLinkSchema).max(DOCS_CHROME_LIMITS.navbar).optional(),
  footer: docsFooterSchema.optional(),
  announcement: docsAnnouncementSchema.optional(),
  editThisPage: docsEditThisPageSchema.optional(),
  ai: docsAiConfigSchema.optional(),
  analytics: docsAnalyticsConfigSchema.optional(),
  login: docsLoginConfigSchema.optional(),
});
