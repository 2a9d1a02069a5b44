/** Registry routes: loading and registering API definitions. */
import { z } from 'zod';
import * as s from '../entities/index.js';
import { MB, member, type RouteSpec, route } from './route-spec.js';

export const definitionRoutes = {
  loadLatestApiDefinition: route({
    method: 'GET',
    path: '/registry/api/latest/load/{id}',
    summary: 'Load the newest registered definition of the same API as definition `id`.',
    auth: 'public',
    params: s.idParamsSchema,
    response: s.apiDefinitionSchema,
    errors: ['ApiDoesNotExistError'],
  }),
  loadApiDefinition: route({
    method: 'GET',
    path: '/registry/api/load/{id}',
    summary: 'Load an API definition by its registry id.',
    auth: 'public',
    params: s.idParamsSchema,
    response: s.apiDefinitionSchema,
    errors: ['ApiDoesNotExistError'],
  }),
  registerApiDefinition: route({
    method: 'POST',
    path: '/registry/api/register',
    summary: 'Store a new version of an API definition; returns its registry id.',
    auth: 'token',
    body: s.registerApiDefinitionBodySchema,
    response: s.registerApiDefinitionResponseSchema,
    errors: [...member, 'OrgIdNotFound', 'InvalidApiDefinitionError'],
    bodyLimit: 128 * MB,
  }),
} as const satisfies Record<string, RouteSpec>;

/** Kept apart so the route table keeps its order (and `/openapi.json` its path order). */
export const diffApiDefinitions = route({
  method: 'GET',
  path: '/registry/diff',
  summary: 'Structural diff of two API definitions with a markdown summary.',
  auth: 'public',
  query: z.strictObject({
    previousApiDefinitionId: z.string().min(1),
    currentApiDefinitionId: z.string().min(1),
  }),
  response: s.definitionDiffResponseSchema,
  errors: ['ApiDoesNotExistError'],
});
