/**
 * Compile-time proof that the docs definition's schemas and its documented interfaces describe
 * the same values, both ways, as `ir/schema/type-checks.ts` does for the IR: a field added,
 * removed or loosened on one side and not the other fails `tsc`. Compared is the schema's
 * output (defaults filled in), which is what the registry stores and the site reads.
 */
import type { z } from 'zod';
import type { Expect, Same } from '../../ir/schema/type-checks.js';
import type {
  AssetRef,
  DocsAiConfig,
  DocsAnalyticsConfig,
  DocsColors,
  DocsConfig,
  DocsFont,
  DocsFooter,
  DocsLayoutConfig,
  DocsLoginConfig,
  DocsLogo,
  DocsMetadata,
  DocsNavbarLink,
  DocsRedirect,
  DocsScript,
  DocsTwitterApp,
  DocsTwitterPlayer,
  ThemedColor,
} from '../config.js';
import type { DocsDefinition, DocsVersion, MarkdownPage, NavItem } from '../docs-definition.js';
import type {
  docsAiConfigSchema,
  docsAnalyticsConfigSchema,
  docsColorsSchema,
  docsConfigSchema,
  docsFontSchema,
  docsFooterSchema,
  docsLayoutConfigSchema,
  docsLoginConfigSchema,
  docsLogoSchema,
  docsMetadataSchema,
  docsNavbarLinkSchema,
  docsRedirectSchema,
  docsScriptSchema,
  docsTwitterAppSchema,
  docsTwitterPlayerSchema,
  imageRefSchema,
  themedColorSchema,
} from './config.js';
import type {
  DocsDefinitionInput,
  docsDefinitionSchema,
  docsVersionSchema,
  markdownPageSchema,
} from './definition.js';
import type { navItemVariants } from './navigation.js';

export type DocsSchemaChecks = [
  Expect<Same<typeof imageRefSchema, AssetRef>>,
  Expect<Same<typeof themedColorSchema, ThemedColor>>,
  Expect<Same<typeof docsColorsSchema, DocsColors>>,
  Expect<Same<typeof docsLogoSchema, DocsLogo>>,
  Expect<Same<typeof docsLayoutConfigSchema, DocsLayoutConfig>>,
  Expect<Same<typeof docsScriptSchema, DocsScript>>,
  Expect<Same<typeof docsFontSchema, DocsFont>>,
  Expect<Same<typeof docsTwitterAppSchema, DocsTwitterApp>>,
  Expect<Same<typeof docsTwitterPlayerSchema, DocsTwitterPlayer>>,
  Expect<Same<typeof docsMetadataSchema, DocsMetadata>>,
  Expect<Same<typeof docsRedirectSchema, DocsRedirect>>,
  Expect<Same<typeof docsNavbarLinkSchema, DocsNavbarLink>>,
  Expect<Same<typeof docsFooterSchema, DocsFooter>>,
  Expect<Same<typeof docsAiConfigSchema, DocsAiConfig>>,
  Expect<Same<typeof docsAnalyticsConfigSchema, DocsAnalyticsConfig>>,
  Expect<Same<typeof docsLoginConfigSchema, DocsLoginConfig>>,
  Expect<Same<typeof docsConfigSchema, DocsConfig>>,
  Expect<Same<typeof navItemVariants, NavItem>>,
  Expect<Same<typeof markdownPageSchema, MarkdownPage>>,
  Expect<Same<typeof docsVersionSchema, DocsVersion>>,
  Expect<Same<typeof docsDefinitionSchema, DocsDefinition>>,
  // What the registry stores can be published again as it is (the CLI sends a built definition).
  Expect<DocsDefinition extends DocsDefinitionInput ? true : false>,
];
