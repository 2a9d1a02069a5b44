/** Registry routes: code snippets and snippet templates. */
import { z } from 'zod';
import * as s from '../entities/index.js';
import { MB, member, type RouteSpec, route } from './route-spec.js';

export const snippetRoutes = {
  createSnippets: route({
    method: 'POST',
    path: '/snippets/create',
    summary: 'Store snippets for an endpoint of an API.',
    auth: 'token',
    body: s.createSnippetsBodySchema,
    response: s.createSnippetsResponseSchema,
    errors: [...member, 'OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound'],
    bodyLimit: 16 * MB,
  }),
  getSnippetsForEndpoint: route({
    method: 'POST',
    path: '/snippets',
    summary: 'The snippets of one endpoint.',
    auth: 'optional',
    body: s.getSnippetsBodySchema,
    response: s.snippetListSchema,
    errors: ['OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound', 'EndpointNotFound'],
  }),
  loadSnippets: route({
    method: 'POST',
    path: '/snippets/load',
    summary: 'All snippets of an API, 100 per page.',
    auth: 'optional',
    query: z.strictObject({ page: s.pageQuerySchema }),
    body: s.loadSnippetsBodySchema,
    response: s.loadSnippetsResponseSchema,
    errors: ['OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound', 'InvalidPageError'],
  }),
  registerSnippetTemplate: route({
    method: 'POST',
    path: '/snippet-template/register',
    summary: 'Store a snippet template for an endpoint and SDK.',
    auth: 'token',
    body: s.registerTemplateBodySchema,
    response: s.registerTemplateResponseSchema,
    errors: [...member, 'OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound'],
  }),
  registerSnippetTemplateBatch: route({
    method: 'POST',
    path: '/snippet-template/register/batch',
    summary: 'Store many snippet templates in one transaction.',
    auth: 'token',
    body: s.registerTemplateBatchBodySchema,
    response: s.registerTemplateResponseSchema,
    errors: [...member, 'OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound'],
    bodyLimit: 128 * MB,
  }),
  getSnippetTemplate: route({
    method: 'POST',
    path: '/snippet-template/get',
    summary: 'The snippet template of an endpoint for an SDK (newest version when none is given).',
    auth: 'optional',
    body: s.getTemplateBodySchema,
    response: s.storedTemplateSchema,
    errors: ['OrgIdRequiredError', 'ApiIdRequiredError', 'OrgIdAndApiIdNotFound', 'SnippetNotFound'],
  }),
} as const satisfies Record<string, RouteSpec>;
