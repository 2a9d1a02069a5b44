/**
 * The route table: every registry call of SPEC §7 with its method, path, schemas, auth rule and
 * the named errors it may return. The server registers one Fastify route per entry, the client
 * builds one typed method per entry, `/openapi.json` and the fuzz tests are generated from it.
 */
import type { z } from 'zod';
import { definitionRoutes, diffApiDefinitions } from './routes/definition-routes.js';
import { docsRoutes, invalidateDocsCache } from './routes/docs-routes.js';
import { githubRoutes } from './routes/github-routes.js';
import { insightRoutes } from './routes/insight-routes.js';
import { releaseRoutes } from './routes/release-routes.js';
import type { RouteSpec } from './routes/route-spec.js';
import { snippetRoutes } from './routes/snippet-routes.js';
import { tenancyRoutes } from './routes/tenancy-routes.js';

export type { RouteAuth, RouteSpec } from './routes/route-spec.js';

export const routes = {
  ...definitionRoutes,
  ...docsRoutes,
  ...releaseRoutes,
  diffApiDefinitions,
  invalidateDocsCache,
  ...githubRoutes,
  ...snippetRoutes,
  ...tenancyRoutes,
  ...insightRoutes,
} as const satisfies Record<string, RouteSpec>;

/** The route table's type. */
export type Routes = typeof routes;
/** Name of a registry call (the typed client's method name). */
export type RouteName = keyof Routes;

type SchemaOf<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType }
  ? S
  : never;

type RawBodyOf<R> = R extends { rawBody: true } ? Uint8Array : never;

/** What the client passes to a call: `params`, `query` and `body`, each when the route has one. */
export type RouteInput<N extends RouteName> = ([SchemaOf<Routes[N], 'params'>] extends [never]
  ? unknown
  : { params: z.input<SchemaOf<Routes[N], 'params'>> }) &
  ([SchemaOf<Routes[N], 'query'>] extends [never]
    ? unknown
    : { query?: z.input<SchemaOf<Routes[N], 'query'>> }) &
  ([SchemaOf<Routes[N], 'body'>] extends [never] ? unknown : { body: z.input<SchemaOf<Routes[N], 'body'>> }) &
  ([RawBodyOf<Routes[N]>] extends [never] ? unknown : { body: Uint8Array });

/** What a call returns. */
export type RouteOutput<N extends RouteName> = z.output<Routes[N]['response']>;
/** What the server handler receives after validation. */
export type RouteRequest<N extends RouteName> = {
  params: [SchemaOf<Routes[N], 'params'>] extends [never]
    ? Record<string, never>
    : z.output<SchemaOf<Routes[N], 'params'>>;
  query: [SchemaOf<Routes[N], 'query'>] extends [never]
    ? Record<string, never>
    : z.output<SchemaOf<Routes[N], 'query'>>;
  body: [RawBodyOf<Routes[N]>] extends [never]
    ? [SchemaOf<Routes[N], 'body'>] extends [never]
      ? Record<string, never>
      : z.output<SchemaOf<Routes[N], 'body'>>
    : unknown;
};

/** Fills `{name}` parameters of a route path. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}
