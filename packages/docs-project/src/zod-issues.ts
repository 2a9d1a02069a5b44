/** Which of a zod validation's issues to report. */
import type { z } from 'zod';

/** Of a union's issues, the one that went deepest into the input is the most telling. */
export function deepestIssue(issues: z.core.$ZodIssue[]): { path: PropertyKey[]; message: string } {
  let best: { path: PropertyKey[]; message: string } = { path: [], message: 'invalid' };
  const visit = (list: z.core.$ZodIssue[], prefix: PropertyKey[]) => {
    for (const issue of list) {
      const path = [...prefix, ...issue.path];
      if (issue.code === 'invalid_union' && issue.errors.length > 0) {
        for (const branch of issue.errors) visit(branch, path);
      } else if (best.message === 'invalid' || path.length > best.path.length) {
        best = { path, message: issue.message };
      }
    }
  };
  visit(issues, []);
  return best;
}
