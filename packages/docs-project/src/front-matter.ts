/** A markdown page's front matter (title, slug, layout, description, a changelog entry's date and tags), validated. */
import { isEntryDate, PAGE_LAYOUTS, type PageLayout } from '@sextant/definition';
import { z } from 'zod';
import { checkedYaml } from './checked-yaml.js';

const frontMatterSchema = z.object({
  title: z.string().min(1).max(200).optional(),
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9/_-]*$|^$/)
    .optional(),
  layout: z.enum(PAGE_LAYOUTS).optional(),
  description: z.string().max(500).optional(),
  /** A changelog entry's day (YAML may read an unquoted date as a timestamp). */
  date: z
    .union([z.string(), z.date().transform((d) => d.toISOString().slice(0, 10))])
    .refine(isEntryDate, 'a date is written YYYY-MM-DD, e.g. 2026-11-20')
    .optional(),
  /** A changelog entry's tags. */
  tags: z.array(z.string().min(1).max(50)).max(20).optional(),
});

/** The front matter `text` of `file` (without its `---` lines); a DocsProjectError with its line when invalid. */
export function parseFrontMatter(
  file: string,
  text: string,
): {
  title?: string;
  slug?: string;
  layout?: PageLayout;
  description?: string;
  date?: string;
  tags?: string[];
} {
  return checkedYaml(file, text, frontMatterSchema, true).data;
}
