/**
 * Zod schema of a docs definition's navigation tree (`NavItem` of `../docs-definition.ts`):
 * sections, tabs, changelogs, pages, links and the API reference items. The tree is measured
 * without recursion before zod walks it, so a hostile nesting is one problem at its path, never
 * a stack overflow; lists are capped so a flood is refused rather than walked.
 */
import { z } from 'zod';
import { httpMethodSchema } from '../../ir/schema/endpoint.js';
import type { NavItem } from '../docs-definition.js';
import { linkHrefSchema } from './leaves.js';

/** Deepest navigation a definition may nest (sections in sections…). */
export const MAX_NAVIGATION_DEPTH = 32;
/** Most items in one navigation list (a generated API group lists its endpoints). */
export const MAX_NAVIGATION_ITEMS = 100_000;

const navBase = { title: z.string(), slug: z.string(), hidden: z.boolean().optional() };
const children = () => z.array(navItemSchema).max(MAX_NAVIGATION_ITEMS);

/** Every child list is read through here, so recursion costs nothing at import. */
export const navItemSchema: z.ZodType<NavItem> = z.lazy(() => navItemVariants);

export const navItemVariants = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('section'),
    ...navBase,
    children: children(),
    collapsed: z.boolean().optional(),
  }),
  z.object({ type: z.literal('tab'), ...navBase, children: children(), icon: z.string().optional() }),
  z.object({ type: z.literal('changelog'), ...navBase, children: children() }),
  z.object({ type: z.literal('page'), ...navBase, pageId: z.string() }),
  z.object({ type: z.literal('link'), title: z.string(), href: linkHrefSchema }),
  z.object({ type: z.literal('apiReference'), ...navBase, apiId: z.string(), children: children() }),
  z.object({
    type: z.literal('group'),
    ...navBase,
    apiId: z.string(),
    subpackageId: z.string(),
    children: children(),
  }),
  z.object({
    type: z.literal('endpoint'),
    ...navBase,
    apiId: z.string(),
    endpointId: z.string(),
    method: httpMethodSchema,
  }),
  z.object({ type: z.literal('channel'), ...navBase, apiId: z.string(), channelId: z.string() }),
  z.object({
    type: z.literal('webhook'),
    ...navBase,
    apiId: z.string(),
    webhookId: z.string(),
    method: z.enum(['GET', 'POST']),
  }),
  z.object({ type: z.literal('type'), ...navBase, apiId: z.string(), typeId: z.string() }),
]);

/** The first list nested deeper than `MAX_NAVIGATION_DEPTH`, as a path from `items`; walked without recursion. */
function tooDeep(items: unknown): PropertyKey[] | undefined {
  const stack: { path: PropertyKey[]; items: unknown }[] = [{ path: [], items }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (!Array.isArray(next.items)) continue;
    if (next.path.length / 2 > MAX_NAVIGATION_DEPTH) return next.path;
    for (const [index, item] of next.items.entries())
      if (typeof item === 'object' && item !== null && 'children' in item)
        stack.push({ path: [...next.path, index, 'children'], items: item.children });
  }
  return undefined;
}

/** A navigation tree: its depth measured first, then every item checked. */
export const navigationSchema = z
  .unknown()
  .superRefine((items, ctx) => {
    const path = tooDeep(items);
    // Not continuable: the definition's reference walk must not run over the tree it refused.
    if (path)
      ctx.addIssue({
        code: 'custom',
        path,
        message: `navigation nests deeper than ${MAX_NAVIGATION_DEPTH} levels`,
        continue: false,
      });
  })
  .pipe(z.array(navItemSchema).max(MAX_NAVIGATION_ITEMS));
