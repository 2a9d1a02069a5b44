/** Zod schemas of the IR's auth schemes (`../auth.ts`). */
import { z } from 'zod';

export const oauthTokenEndpointSchema = z.object({
  endpointId: z.string(),
  accessTokenLocator: z.string(),
  expiresInLocator: z.string().optional(),
});

export const oauthScopeSchema = z.object({ name: z.string(), description: z.string().optional() });

export const oauthFlowSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('clientCredentials'),
    tokenEndpoint: oauthTokenEndpointSchema,
    scopes: z.array(oauthScopeSchema),
    tokenPrefix: z.string().optional(),
  }),
  z.object({
    type: z.literal('authorizationCode'),
    authorizationUrl: z.string(),
    tokenEndpoint: oauthTokenEndpointSchema,
    refreshUrl: z.string().optional(),
    scopes: z.array(oauthScopeSchema),
    pkce: z.literal('S256'),
    tokenPrefix: z.string().optional(),
  }),
  z.object({
    type: z.literal('password'),
    tokenEndpoint: oauthTokenEndpointSchema,
    refreshUrl: z.string().optional(),
    scopes: z.array(oauthScopeSchema),
    tokenPrefix: z.string().optional(),
  }),
  z.object({
    type: z.literal('implicit'),
    authorizationUrl: z.string(),
    scopes: z.array(oauthScopeSchema),
    unsupported: z.string(),
  }),
]);

export const authSchemeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bearerAuth'),
    id: z.string(),
    tokenName: z.string().optional(),
    description: z.string().optional(),
  }),
  z.object({
    type: z.literal('basicAuth'),
    id: z.string(),
    usernameName: z.string().optional(),
    passwordName: z.string().optional(),
    description: z.string().optional(),
  }),
  z.object({
    type: z.literal('header'),
    id: z.string(),
    headerWireValue: z.string(),
    nameOverride: z.string().optional(),
    prefix: z.string().optional(),
    description: z.string().optional(),
  }),
  z.object({
    type: z.literal('queryParameter'),
    id: z.string(),
    queryParameterName: z.string(),
    nameOverride: z.string().optional(),
    description: z.string().optional(),
  }),
  z.object({
    type: z.literal('oAuth'),
    id: z.string(),
    value: oauthFlowSchema,
    flows: z.array(oauthFlowSchema).optional(),
    description: z.string().optional(),
  }),
]);
