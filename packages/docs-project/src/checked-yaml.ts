/**
 * A YAML text of the project checked against its zod schema: docs.yml, a version file, a page's
 * front matter. What is wrong (a YAML syntax error, or the deepest schema issue) comes back as a
 * DocsProjectError naming the file, the JSON pointer and the line.
 */
import type { z } from 'zod';
import { DocsProjectError } from './errors.js';
import { type LocatedYaml, parseLocatedYaml, toPointer } from './yaml-locate.js';
import { deepestIssue } from './zod-issues.js';

/**
 * `text` of `file`, valid for `schema`, and the line of any path in it. For front matter
 * (`frontMatter`), messages say so and lines count from the file's, after the opening `---`.
 * @example checkedYaml('docs.yml', 'title: Acme', docsYmlSchema).data.title // 'Acme'
 */
export function checkedYaml<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
  frontMatter = false,
): { data: z.output<S>; lineOf: LocatedYaml['lineOf'] } {
  const located = parseLocatedYaml(text);
  const fileLine = (line: number | undefined) => (frontMatter ? (line ? line + 1 : undefined) : line);
  const first = located.errors[0];
  if (first)
    throw new DocsProjectError(
      file,
      '',
      `invalid ${frontMatter ? 'front matter' : 'YAML'}: ${first.message}`,
      fileLine(first.line),
    );
  const parsed = schema.safeParse(located.value ?? {});
  if (!parsed.success) {
    const issue = deepestIssue(parsed.error.issues);
    throw new DocsProjectError(
      file,
      toPointer(issue.path),
      frontMatter ? `front matter: ${issue.message}` : issue.message,
      fileLine(located.lineOf(issue.path)),
    );
  }
  return { data: parsed.data, lineOf: located.lineOf };
}
