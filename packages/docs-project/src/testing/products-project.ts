/**
 * A docs project of two products (docs.yml `products`): Payments (the first, served at /, with
 * guides and its API inline) and Identity (at /identity, its navigation in a product file, its
 * own API). Both have a page titled Quickstart, so a switcher that kept the page would show.
 */
import { writeTempFolder } from './temp-folder.js';

/** A one-endpoint API named `title` whose operation is `operationId` at `path`. */
function spec(title: string, operationId: string, path: string): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title, version: '1.0.0' },
    servers: [{ url: 'https://api.acme.test' }],
    paths: {
      [path]: {
        post: {
          operationId,
          summary: operationId === 'createCharge' ? 'Create a charge' : 'Create a user',
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object', properties: { amount: { type: 'integer' } } } },
            },
          },
          responses: { '201': { description: 'Created' } },
        },
      },
    },
  });
}

export const PRODUCTS_DOCS_YML = `title: Acme Docs
layout:
  tabsPlacement: HEADER
products:
  - name: Payments
    icon: credit-card
    navigation:
      - page: Welcome
        path: pages/payments/welcome.md
        slug: ""
      - tab: Guides
        icon: book
        contents:
          - page: Quickstart
            path: pages/payments/quickstart.md
      - tab: API Reference
        slug: reference
        icon: code
        contents:
          - api: Payments API
            spec: specs/payments.json
  - name: Identity
    icon: users
    path: products/identity.yml
`;

const IDENTITY_YML = `navigation:
  - tab: Guides
    icon: book
    contents:
      - page: Quickstart
        path: ../pages/identity/quickstart.md
      - page: Sessions
        path: ../pages/identity/sessions.md
  - tab: API Reference
    slug: reference
    icon: code
    contents:
      - api: Identity API
        spec: ../specs/identity.json
`;

/** Writes the project; `files` adds or replaces files (paths relative to the project). */
export async function writeProductsProject(files: Record<string, string> = {}): Promise<string> {
  const all: Record<string, string> = {
    'docs.yml': PRODUCTS_DOCS_YML,
    'products/identity.yml': IDENTITY_YML,
    'pages/payments/welcome.md': '# Acme Payments\n\nTake payments with charges.\n',
    'pages/payments/quickstart.md': '# Quickstart\n\nCreate a charge with `POST /charges`.\n',
    'pages/identity/quickstart.md': '# Quickstart\n\nCreate a user with `POST /users`.\n',
    'pages/identity/sessions.md': '# Sessions\n\nA session signs a user in.\n',
    'specs/payments.json': spec('Payments API', 'createCharge', '/charges'),
    'specs/identity.json': spec('Identity API', 'createUser', '/users'),
    ...files,
  };
  return writeTempFolder(all, 'sextant-products-');
}
