/**
 * The zod schema of `docs.yml`, the config file of a docs project. docs.yml is the author's file
 * and the docs definition is what publish builds from it, so their shapes differ (a colour may be
 * one string here, an asset is a path or URL string, navigation entries name files, versions may
 * live in files of their own); every leaf they share — URL and colour rules, enums and their
 * defaults, login fields and the rule across them, social card requirements, list limits — is
 * the docs definition's own (`@sextant/definition`, `docs/schema/leaves.ts`), so the file accepts
 * exactly what the registry stores and the site renders.
 */
import {
  aiPromptSchema,
  analyticsPlaygroundSchema,
  apiLinkBaseSchema,
  checkLoginVerification,
  checkSocialCard,
  contentAlignmentSchema,
  cssColorSchema,
  DOCS_CHROME_LIMITS,
  docsAiConfigSchema,
  docsLoginObjectSchema,
  editThisPageUrlSchema,
  fontDisplaySchema,
  fontStyleSchema,
  headerPositionSchema,
  linkHrefSchema,
  MAX_DOCS_VERSIONS,
  navbarLinkTypeSchema,
  pageActionsSchema,
  pageLayoutSchema,
  playerUrlSchema,
  redirectDestinationSchema,
  redirectPermanentSchema,
  redirectSourceSchema,
  scriptStrategySchema,
  searchbarPlacementSchema,
  slugify,
  socialCardTypeSchema,
  stylesheetPathSchema,
  tabsPlacementSchema,
  themeSchema,
} from '@sextant/definition';
import { z } from 'zod';

const color = cssColorSchema;
/** A link a reader follows: the shared URL rule of docs sites (no `javascript:` or other schemes). */
const linkHref = linkHrefSchema;
const themedColor = z.union([color, z.strictObject({ light: color.optional(), dark: color.optional() })]);
/** A file of the project (relative path) or an https URL; publish checks which, and the rules of each. */
const asset = z.string().min(1).max(2000);
const slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9/_-]*$|^$/, 'slugs use lower-case letters, digits, "-", "_" and "/"')
  .transform((s) => s.replace(/\/+$/, ''));

const font = z.strictObject({
  name: z.string().min(1).max(100),
  src: asset,
  weight: z.string().max(20).optional(),
  style: fontStyleSchema.optional(),
  display: fontDisplaySchema,
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
  theme: themeSchema.optional(),
  layout: z
    .strictObject({
      searchbarPlacement: searchbarPlacementSchema.optional(),
      tabsPlacement: tabsPlacementSchema.optional(),
      contentAlignment: contentAlignmentSchema.optional(),
      headerPosition: headerPositionSchema.optional(),
      contentWidth: z.number().int().min(320).max(3000).optional(),
      sidebarWidth: z.number().int().min(160).max(600).optional(),
      pageLayout: pageLayoutSchema.optional(),
    })
    .optional(),
  pageActions: pageActionsSchema.optional(),
  metadata: z
    .strictObject({
      description: z.string().max(500).optional(),
      socialCard: socialCardTypeSchema.optional(),
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
          url: playerUrlSchema,
          width: z.number().int().min(1).max(4000),
          height: z.number().int().min(1).max(4000),
        })
        .optional(),
    })
    .superRefine(checkSocialCard)
    .optional(),
  /** Stylesheets of the project, linked after the site's own (same origin: the CSP's `style-src 'self'`). */
  css: z.array(stylesheetPathSchema).max(DOCS_CHROME_LIMITS.css).optional(),
  /** Where site-relative links of API descriptions lead (`https://stripe.com`). */
  apiLinkBase: apiLinkBaseSchema.optional(),
  scripts: z.array(z.strictObject({ src: asset, strategy: scriptStrategySchema })).optional(),
  fonts: z
    .strictObject({ body: font.optional(), heading: font.optional(), code: font.optional() })
    .optional(),
  redirects: z
    .array(
      z.strictObject({
        source: redirectSourceSchema,
        destination: redirectDestinationSchema,
        permanent: redirectPermanentSchema,
      }),
    )
    .optional(),
  ai: z.strictObject({ ...docsAiConfigSchema.shape, prompt: aiPromptSchema.min(1).optional() }).optional(),
  analytics: z.strictObject({ playground: analyticsPlaygroundSchema }).optional(),
  /** The site's login (SPEC §6): its JWT carries the reader's API key into the playground. */
  login: z
    .strictObject({
      ...docsLoginObjectSchema.shape,
      issuer: z.string().min(1).max(2000).optional(),
      audience: z.string().min(1).max(2000).optional(),
    })
    .superRefine(checkLoginVerification)
    .optional(),
  /** Header links: `primary` a call to action, `secondary` a link, `github` the repository. */
  navbar: z
    .array(
      z.strictObject({
        text: z.string().min(1).max(100),
        href: linkHref,
        type: navbarLinkTypeSchema,
      }),
    )
    .max(DOCS_CHROME_LIMITS.navbar)
    .optional(),
  /** Footer: groups of links, and social profiles. */
  footer: z
    .strictObject({
      groups: z
        .array(
          z.strictObject({
            title: z.string().min(1).max(100),
            links: z
              .array(z.strictObject({ text: z.string().min(1).max(100), href: linkHref }))
              .max(DOCS_CHROME_LIMITS.footerLinks),
          }),
        )
        .max(DOCS_CHROME_LIMITS.footerGroups)
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
        .max(DOCS_CHROME_LIMITS.socials)
        .default([]),
    })
    .optional(),
  /** A banner above the header; readers dismiss it, until the message changes. */
  announcement: z.strictObject({ message: z.string().min(1).max(500) }).optional(),
  /** Each markdown page links to its source: `{path}` is the page's path in the project (else appended). */
  editThisPage: z
    .strictObject({
      url: editThisPageUrlSchema,
    })
    .optional(),
  /** Versions of the docs; the first is the default (served without a prefix). */
  versions: z.array(versionEntry).min(1).max(MAX_DOCS_VERSIONS).optional(),
  /** Products of the docs, each a doc set of its own; the first is served without a prefix. */
  products: z.array(productEntry).min(1).max(MAX_DOCS_VERSIONS).optional(),
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
