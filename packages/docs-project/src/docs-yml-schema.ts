/**
 * The zod schema of `docs.yml`, the config file of a docs project. Enums come from the docs
 * definition model (SPEC §9), so the file accepts exactly what the site can render.
 */
import {
  AI_LOCATIONS,
  AI_MODELS,
  CONTENT_ALIGNMENTS,
  FONT_DISPLAYS,
  HEADER_POSITIONS,
  isApiLinkBase,
  isClaimPath,
  isCssColor,
  isLoginEndpointUrl,
  isLoginParamName,
  isLoginSecretEnvName,
  isPlayerUrl,
  isRedirectSource,
  isSafeLinkHref,
  isSafeRedirectDestination,
  isStylesheetPath,
  LOGIN_SECRET_ENV_PREFIX,
  MAX_AI_PROMPT_LENGTH,
  NAVBAR_LINK_TYPES,
  PAGE_ACTIONS,
  PAGE_LAYOUTS,
  SCRIPT_STRATEGIES,
  SEARCHBAR_PLACEMENTS,
  SOCIAL_CARD_TYPES,
  slugify,
  socialCardProblems,
  TABS_PLACEMENTS,
} from '@sextant/definition';
import { z } from 'zod';

const color = z.string().refine(isCssColor, 'must be a CSS colour like #4f46e5');
/** A link a reader follows: the shared URL rule of docs sites (no `javascript:` or other schemes). */
const linkHref = z.string().refine(isSafeLinkHref, 'links must be http(s), mailto:, site paths or relative');
/** A login page or key set: https, or http on this machine. */
const loginEndpointUrl = z
  .string()
  .refine(isLoginEndpointUrl, 'must be an https URL (http only on localhost)');
const loginParam = z
  .string()
  .refine(isLoginParamName, 'must be a query parameter name (letters, digits, _ . -)');
const themedColor = z.union([color, z.strictObject({ light: color.optional(), dark: color.optional() })]);
/** A file of the project (relative path) or an https URL. */
const asset = z.string().min(1).max(2000);
const slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9/_-]*$|^$/, 'slugs use lower-case letters, digits, "-", "_" and "/"')
  .transform((s) => s.replace(/\/+$/, ''));

const font = z.strictObject({
  name: z.string().min(1).max(100),
  src: asset,
  weight: z.string().max(20).optional(),
  style: z.enum(['normal', 'italic']).optional(),
  display: z.enum(FONT_DISPLAYS).default('swap'),
});

export type NavEntryInput =
  | { section: string; slug?: string; collapsed?: boolean; contents: NavEntryInput[] }
  | { tab: string; slug?: string; icon?: string; hidden?: boolean; contents: NavEntryInput[] }
  | { page: string; path: string; slug?: string; hidden?: boolean }
  | { link: string; href: string }
  | { api: string; spec?: string; url?: string; slug?: string; showTypes?: boolean }
  | { changelog: string; path: string; slug?: string; hidden?: boolean };

const navEntry: z.ZodType<NavEntryInput> = z.lazy(() =>
  z.union([
    z.strictObject({
      section: z.string().min(1).max(200),
      slug: slug.optional(),
      collapsed: z.boolean().optional(),
      contents: z.array(navEntry).max(10_000),
    }),
    z.strictObject({
      tab: z.string().min(1).max(200),
      slug: slug.optional(),
      /** A bundled icon (`book`, `code`, Font Awesome names such as `fa-solid fa-book`). */
      icon: z.string().min(1).max(100).optional(),
      hidden: z.boolean().optional(),
      contents: z.array(navEntry).max(10_000),
    }),
    z.strictObject({
      page: z.string().min(1).max(200),
      path: z.string().min(1),
      slug: slug.optional(),
      hidden: z.boolean().optional(),
    }),
    z.strictObject({
      link: z.string().min(1).max(200),
      href: linkHref,
    }),
    /** A folder of dated entries (`2026-11-20.md`, or front matter `date`). */
    z.strictObject({
      changelog: z.string().min(1).max(200),
      path: z.string().min(1).max(1000),
      slug: slug.optional(),
      hidden: z.boolean().optional(),
    }),
    z
      .strictObject({
        api: z.string().min(1).max(200),
        spec: z.string().min(1).optional(),
        url: z.string().min(1).optional(),
        slug: slug.optional(),
        showTypes: z.boolean().optional(),
      })
      .refine(
        (v) => (v.spec === undefined) !== (v.url === undefined),
        'an api entry needs exactly one of "spec" (a file) or "url"',
      ),
  ]),
);

/** A version's URL prefix: one path segment (`v1`, `2024-06`, `v2.1`). */
const versionSlug = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9._-]*$/,
    'a version slug is one path segment of lower-case letters, digits, ".", "-" and "_"',
  );

/** One version of the docs: its navigation inline, or in a file of its own (`path`). */
const versionEntry = z
  .strictObject({
    name: z.string().min(1).max(100),
    slug: versionSlug.optional(),
    /** The version's navigation, or `path`: a YAML file holding `navigation:` (its paths relative to that file). */
    navigation: z.array(navEntry).min(1, 'a version needs at least one navigation entry').optional(),
    path: z.string().min(1).max(1000).optional(),
    deprecated: z.boolean().optional(),
    hidden: z.boolean().optional(),
  })
  .refine(
    (v) => (v.navigation === undefined) !== (v.path === undefined),
    'a version needs exactly one of "navigation" (inline) or "path" (a version file)',
  );

/**
 * One product of the docs (docs.yml `products`): an independent doc set, read like a version
 * (its own URLs under its slug, navigation inline or in a file), chosen with the header's
 * product switcher.
 */
const productEntry = z
  .strictObject({
    name: z.string().min(1).max(100),
    slug: versionSlug.optional(),
    /** A bundled icon (`book`, `code`, Font Awesome names such as `fa-solid fa-book`). */
    icon: z.string().min(1).max(100).optional(),
    navigation: z.array(navEntry).min(1, 'a product needs at least one navigation entry').optional(),
    path: z.string().min(1).max(1000).optional(),
    hidden: z.boolean().optional(),
  })
  .refine(
    (v) => (v.navigation === undefined) !== (v.path === undefined),
    'a product needs exactly one of "navigation" (inline) or "path" (a product file)',
  );

/** A version file (a version's or product's `path`): its navigation. */
export const versionFileSchema = z.strictObject({
  navigation: z.array(navEntry).min(1, 'navigation needs at least one entry'),
});

const docsYmlObject = z.strictObject({
  title: z.string().min(1).max(200),
  logo: z
    .strictObject({
      light: asset.optional(),
      dark: asset.optional(),
      href: linkHref.optional(),
      height: z.number().int().min(8).max(200).optional(),
    })
    .optional(),
  favicon: asset.optional(),
  colors: z
    .strictObject({
      accentPrimary: themedColor.optional(),
      background: themedColor.optional(),
      border: themedColor.optional(),
      sidebarBackground: themedColor.optional(),
      headerBackground: themedColor.optional(),
      cardBackground: themedColor.optional(),
    })
    .optional(),
  theme: z.enum(['light', 'dark', 'system']).optional(),
  layout: z
    .strictObject({
      searchbarPlacement: z.enum(SEARCHBAR_PLACEMENTS).optional(),
      tabsPlacement: z.enum(TABS_PLACEMENTS).optional(),
      contentAlignment: z.enum(CONTENT_ALIGNMENTS).optional(),
      headerPosition: z.enum(HEADER_POSITIONS).optional(),
      contentWidth: z.number().int().min(320).max(3000).optional(),
      sidebarWidth: z.number().int().min(160).max(600).optional(),
      pageLayout: z.enum(PAGE_LAYOUTS).optional(),
    })
    .optional(),
  pageActions: z.array(z.enum(PAGE_ACTIONS)).optional(),
  metadata: z
    .strictObject({
      description: z.string().max(500).optional(),
      socialCard: z.enum(SOCIAL_CARD_TYPES).optional(),
      ogImage: asset.optional(),
      twitterSite: z.string().max(100).optional(),
      twitterApp: z
        .strictObject({
          iphone: z.string().min(1).max(100),
          ipad: z.string().min(1).max(100),
          googleplay: z.string().min(1).max(200),
          country: z.string().length(2).optional(),
        })
        .optional(),
      twitterPlayer: z
        .strictObject({
          url: z.string().refine(isPlayerUrl, 'the player is an https URL'),
          width: z.number().int().min(1).max(4000),
          height: z.number().int().min(1).max(4000),
        })
        .optional(),
    })
    .superRefine((metadata, ctx) => {
      // Each card type with the fields it requires (X/Twitter's card markup).
      for (const problem of socialCardProblems({ ...metadata, socialCard: metadata.socialCard ?? 'summary' }))
        ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    })
    .optional(),
  /** Stylesheets of the project, linked after the site's own (same origin: the CSP's `style-src 'self'`). */
  css: z
    .array(z.string().refine(isStylesheetPath, 'a stylesheet is a .css file of the project'))
    .max(20)
    .optional(),
  /** Where site-relative links of API descriptions lead (`https://stripe.com`). */
  apiLinkBase: z
    .string()
    .refine(isApiLinkBase, 'apiLinkBase is an http(s) URL without query or fragment, e.g. https://stripe.com')
    .optional(),
  scripts: z
    .array(z.strictObject({ src: asset, strategy: z.enum(SCRIPT_STRATEGIES).default('afterInteractive') }))
    .optional(),
  fonts: z
    .strictObject({ body: font.optional(), heading: font.optional(), code: font.optional() })
    .optional(),
  redirects: z
    .array(
      z.strictObject({
        source: z
          .string()
          .refine(
            isRedirectSource,
            'a redirect source is a site path starting with "/", without line breaks, control characters or backslashes',
          ),
        destination: z
          .string()
          .refine(
            isSafeRedirectDestination,
            'a redirect destination is a site path or an http(s) URL, without line breaks, control characters or backslashes',
          ),
        permanent: z.boolean().default(false),
      }),
    )
    .optional(),
  ai: z
    .strictObject({
      enabled: z.boolean(),
      model: z.enum(AI_MODELS).default('claude-4'),
      location: z
        .array(z.enum(AI_LOCATIONS))
        .min(1, 'name at least one location: docs, slack or discord')
        .default(['docs'])
        .transform((list) => [...new Set(list)]),
      prompt: z.string().min(1).max(MAX_AI_PROMPT_LENGTH).optional(),
    })
    .optional(),
  analytics: z.strictObject({ playground: z.boolean().default(true) }).optional(),
  /** The site's login (SPEC §6): its JWT carries the reader's API key into the playground. */
  login: z
    .strictObject({
      authorizationUrl: loginEndpointUrl,
      returnToQueryParam: loginParam.default('state'),
      credentialParam: loginParam.default('id_token'),
      apiKeyClaim: z
        .string()
        .refine(isClaimPath, 'apiKeyClaim is a claim name or a dotted path (api_key, acme.key)'),
      jwksUrl: loginEndpointUrl.optional(),
      hmacSecretEnv: z
        .string()
        .refine(
          isLoginSecretEnvName,
          `hmacSecretEnv names the server's environment variable holding the secret, and starts with ${LOGIN_SECRET_ENV_PREFIX} (never the secret itself)`,
        )
        .optional(),
      issuer: z.string().min(1).max(2000).optional(),
      audience: z.string().min(1).max(2000).optional(),
    })
    .superRefine((login, ctx) => {
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
    })
    .optional(),
  /** Header links: `primary` a call to action, `secondary` a link, `github` the repository. */
  navbar: z
    .array(
      z.strictObject({
        text: z.string().min(1).max(100),
        href: linkHref,
        type: z.enum(NAVBAR_LINK_TYPES).default('secondary'),
      }),
    )
    .max(10)
    .optional(),
  /** Footer: groups of links, and social profiles. */
  footer: z
    .strictObject({
      groups: z
        .array(
          z.strictObject({
            title: z.string().min(1).max(100),
            links: z.array(z.strictObject({ text: z.string().min(1).max(100), href: linkHref })).max(30),
          }),
        )
        .max(10)
        .default([]),
      socials: z
        .array(
          z.strictObject({
            type: z
              .string()
              .regex(
                /^[a-z0-9][a-z0-9-]{0,30}$/,
                'a social network by name: github, x, discord, linkedin, youtube…',
              ),
            href: linkHref,
          }),
        )
        .max(20)
        .default([]),
    })
    .optional(),
  /** A banner above the header; readers dismiss it, until the message changes. */
  announcement: z.strictObject({ message: z.string().min(1).max(500) }).optional(),
  /** Each markdown page links to its source: `{path}` is the page's path in the project (else appended). */
  editThisPage: z
    .strictObject({
      url: z
        .string()
        .max(2000)
        .refine(
          (url) => /^https?:\/\//i.test(url) && isSafeLinkHref(url.replace('{path}', 'x')),
          'editThisPage.url is an http(s) URL, e.g. https://github.com/acme/docs/edit/main/{path}',
        ),
    })
    .optional(),
  /** Versions of the docs; the first is the default (served without a prefix). */
  versions: z.array(versionEntry).min(1).max(50).optional(),
  /** Products of the docs, each a doc set of its own; the first is served without a prefix. */
  products: z.array(productEntry).min(1).max(50).optional(),
  navigation: z.array(navEntry).min(1, 'navigation needs at least one entry').optional(),
});

/** docs.yml: a navigation, or versions each with their own, or products each with their own. */
export const docsYmlSchema = docsYmlObject.superRefine((yml, ctx) => {
  if (yml.versions && yml.products)
    ctx.addIssue({
      code: 'custom',
      path: ['products'],
      message:
        'a site has versions or products, not both (a product with versions of its own is not supported yet)',
    });
  const views = yml.versions ? 'versions' : yml.products ? 'products' : undefined;
  const noun = views === 'products' ? 'product' : 'version';
  if (views && yml.navigation)
    ctx.addIssue({
      code: 'custom',
      path: ['navigation'],
      message: `with ${views}, each ${noun} has its own navigation: move this one into the first ${noun} (inline or in a ${noun} file)`,
    });
  if (!views && !yml.navigation)
    ctx.addIssue({ code: 'custom', path: ['navigation'], message: 'navigation needs at least one entry' });
  // Two versions (products) at one URL, or two with one name in the selector, cannot both be read.
  const seen = { slug: new Set<string>(), name: new Set<string>() };
  for (const [index, version] of ((views && yml[views]) ?? []).entries()) {
    const slug = version.slug ?? slugify(version.name);
    if (seen.slug.has(slug))
      ctx.addIssue({
        code: 'custom',
        path: [views ?? 'versions', index, 'slug'],
        message: `another ${noun} has the slug "${slug}"`,
      });
    if (seen.name.has(version.name))
      ctx.addIssue({
        code: 'custom',
        path: [views ?? 'versions', index, 'name'],
        message: `another ${noun} is named "${version.name}"`,
      });
    seen.slug.add(slug);
    seen.name.add(version.name);
  }
});

export type DocsYml = z.infer<typeof docsYmlSchema>;
