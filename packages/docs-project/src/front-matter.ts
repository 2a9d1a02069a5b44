/** A markdown page's front matter (title, slug, layout, description, a changelog entry's date and tags), validated. */
import { isEntryDate, PAGE_LAYOUTS, type PageLayout } from '@sextant/definition';
import { z } from 'zod';
import { DocsProjectError } from './errors.js';
import { parseLocatedYaml, toPointer } from './yaml-locate.js';
import { deepestIssue } from './zod-issues.js';

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
  const located = parseLocatedYaml(text);
  const first = located.errors[0];
  // Front matter starts on line 2 of the file (after the opening `---`).
  if (first)
    throw new DocsProjectError(
      file,
      '',
      `invalid front matter: ${first.message}`,
      first.line ? first.line + 1 : undefined,
    );
  const parsed = frontMatterSchema.safeParse(located.value ?? {});
  if (!parsed.success) {
    const issue = deepestIssue(parsed.error.issues);
    const line = located.lineOf(issue.path);
    throw new DocsProjectError(
      file,
      toPointer(issue.path),
      `front matter: ${issue.message}`,
      line ? line + 1 : undefined,
    );
  }
  return parsed.data;
}
