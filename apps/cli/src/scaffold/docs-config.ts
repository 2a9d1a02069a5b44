/**
 * The `docs.yml` `sextant init` writes: every docs site option of SPEC §9 the docs project format
 * accepts, set to its default, with the allowed values in a comment above it, and a navigation
 * of two tabs: Guides (the welcome page, the site's home) and API Reference (the spec).
 */
import {
  AI_LOCATIONS,
  AI_MODELS,
  CONTENT_ALIGNMENTS,
  defaultDocsConfig,
  FONT_DISPLAYS,
  HEADER_POSITIONS,
  PAGE_ACTIONS,
  PAGE_LAYOUTS,
  SCRIPT_STRATEGIES,
  SEARCHBAR_PLACEMENTS,
  SOCIAL_CARD_TYPES,
  slugify,
  TABS_PLACEMENTS,
} from '@sextant/definition';

export interface DocsConfigInput {
  title: string;
  /** Title of the API reference section. */
  apiTitle: string;
  /** Path of the spec inside the project folder. */
  specPath: string;
  /** Path of the welcome page inside the project folder. */
  welcomePath: string;
}

const oneOf = (values: readonly string[]) => values.join(' | ');

/** Quotes a YAML scalar when it needs it. */
function scalar(text: string): string {
  return /^[\w][\w .,/()-]*$/.test(text) && !/^(true|false|null|yes|no|on|off|~)$/i.test(text)
    ? text
    : JSON.stringify(text);
}

/**
 * The text of `docs.yml`.
 * @example renderDocsConfig({ title: 'Petstore', apiTitle: 'API Reference', specPath: 'openapi.yaml', welcomePath: 'pages/welcome.md' })
 */
export function renderDocsConfig(input: DocsConfigInput): string {
  const d = defaultDocsConfig(input.title);
  return `# Sextant docs project. Preview with \`sextant dev\`, publish with \`sextant publish\`.
title: ${scalar(input.title)}

# Default theme before the reader picks one: light | dark | system
theme: ${d.defaultTheme}

# Colours: a CSS colour, or { light: ..., dark: ... }. Keys: accentPrimary, background, border,
# sidebarBackground, headerBackground, cardBackground.
colors:
  accentPrimary: { light: "#4f46e5", dark: "#818cf8" }

# logo: { light: logo.svg, dark: logo-dark.svg, href: /, height: 28 }   (files of this folder or https URLs)
# favicon: favicon.svg

layout:
  # ${oneOf(SEARCHBAR_PLACEMENTS)}
  searchbarPlacement: ${d.layout.searchbarPlacement}
  # ${oneOf(TABS_PLACEMENTS)}
  tabsPlacement: ${d.layout.tabsPlacement}
  # ${oneOf(CONTENT_ALIGNMENTS)}
  contentAlignment: ${d.layout.contentAlignment}
  # ${oneOf(HEADER_POSITIONS)}
  headerPosition: ${d.layout.headerPosition}
  # Layout of pages without \`layout:\` in their front matter: ${oneOf(PAGE_LAYOUTS)}
  pageLayout: ${d.defaultPageLayout}
  # contentWidth: 880   (px)
  # sidebarWidth: 280   (px)

# Actions offered on every page: ${oneOf(PAGE_ACTIONS)}
pageActions: [${d.pageActions.join(', ')}]

metadata:
  description: ${scalar(`Documentation of ${input.apiTitle}`)}
  # ${oneOf(SOCIAL_CARD_TYPES)}
  socialCard: ${d.metadata.socialCard}
  # ogImage: social.png              (summary_large_image and player need it)
  # twitterSite: "@example"          (app and player need it)
  # twitterApp: { iphone: "123", ipad: "123", googleplay: com.example.app }   (app)
  # twitterPlayer: { url: https://example.com/embed, width: 480, height: 270 } (player)

# Your own stylesheets, linked after the site's (see README: Custom CSS for the names to target)
# css: [styles/custom.css]

# Where site-relative links in API descriptions (/docs/x) lead when this site has no such page
# apiLinkBase: https://www.example.com

# Extra scripts; strategy: ${oneOf(SCRIPT_STRATEGIES)}
scripts: []
#  - { src: analytics.js, strategy: afterInteractive }

# Fonts for body, heading and code; display: ${oneOf(FONT_DISPLAYS)}
# fonts:
#   body: { name: Inter, src: fonts/inter.woff2, display: swap }

# Redirects: { source: /old, destination: /new, permanent: true } (a trailing * matches any rest)
redirects: []

# Ask AI: answers readers' questions from these pages and the API reference, citing them. The keys
# come from the server's environment: ANTHROPIC_API_KEY (claude-*) or CO_API_KEY (command-a).
ai:
  enabled: false
  # ${oneOf(AI_MODELS)}
  model: claude-4
  # Where it answers, any of: ${oneOf(AI_LOCATIONS)}
  location: [docs]
  # prompt: "You answer questions about the Acme API."   (added to the system prompt)

# Analytics: Try-it requests (endpoint, status, latency; never headers, bodies or credentials)
# shown in the dashboard. Readers with Do-Not-Track or Global Privacy Control on are never counted.
analytics:
  playground: true

# Navigation: tabs (shown where layout.tabsPlacement says), each with its pages, sections, links and
# API references. Entries outside every tab show in every tab's sidebar. Also: versions (a list of
# { name, slug, navigation or path }), \`- changelog: Changelog\` with \`path: changelog/\`, navbar,
# footer, announcement and editThisPage; see the README.
navigation:
  - tab: Guides
    icon: book
    contents:
      - page: Welcome
        path: ${input.welcomePath}
        slug: ""
  - tab: API Reference
    icon: code
    contents:
      - api: ${scalar(input.apiTitle)}
        spec: ${input.specPath}
        slug: ${slugify(input.apiTitle)}
`;
}

/** The starter markdown page. */
export function renderWelcomePage(title: string): string {
  // One H1: the page's leading heading is its title; the sidebar shows docs.yml's label (Welcome).
  return `---
description: ${JSON.stringify(`What ${title} documents and how to try it.`)}
---

# ${title}

This site is built by [Sextant](https://github.com/sextant) from \`docs.yml\`, the markdown pages it
lists and the API spec. Edit this file while \`sextant dev\` runs and the page reloads.

:::tip[Try it]
Open an endpoint of the API reference and press **Try it** to send a real request.
:::
`;
}

/** A minimal OpenAPI document for \`sextant init\` without \`--spec\`. */
export const STARTER_SPEC = `openapi: 3.1.0
info:
  title: Starter API
  version: 0.1.0
servers:
  - url: https://api.example.com
paths:
  /hello:
    get:
      operationId: sayHello
      summary: Say hello
      parameters:
        - name: name
          in: query
          schema: { type: string }
      responses:
        '200':
          description: A greeting
          content:
            application/json:
              schema:
                type: object
                required: [message]
                properties:
                  message: { type: string }
`;
