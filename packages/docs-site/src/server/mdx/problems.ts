/**
 * What is wrong with a page's MDX, located: an error (an import, a JavaScript expression, an
 * event-handler prop, a `javascript:` URL, an unknown component: the page shows it in place and
 * `sextant publish` refuses it) or a warning (a `.md` page that is not MDX and renders as plain
 * markdown, an unknown icon). Lines count in the page's source file, front matter included.
 */

export interface ContentProblem {
  severity: 'error' | 'warning';
  /** 1-based line in the source file. */
  line: number;
  /** 1-based column. */
  column: number;
  message: string;
}

/** A position of a syntax tree node (unist). */
export interface NodePosition {
  start: { line: number; column: number; offset?: number };
  end: { line: number; column: number; offset?: number };
}

/** Collects a page's problems, with lines moved by where the body starts in its file. */
export class ProblemList {
  readonly list: ContentProblem[] = [];
  constructor(
    /** Line of the source file where the markdown body starts (after front matter). */
    private readonly bodyLine = 1,
  ) {}

  add(
    severity: ContentProblem['severity'],
    at: { line: number; column: number } | undefined,
    message: string,
  ): ContentProblem {
    const problem = {
      severity,
      line: (at?.line ?? 1) + this.bodyLine - 1,
      column: at?.column ?? 1,
      message,
    };
    this.list.push(problem);
    return problem;
  }

  error(at: { line: number; column: number } | undefined, message: string): ContentProblem {
    return this.add('error', at, message);
  }

  warn(at: { line: number; column: number } | undefined, message: string): ContentProblem {
    return this.add('warning', at, message);
  }

  /** Whether an error was reported inside `position` (a node whose rendering stopped there). */
  hasErrorWithin(position: NodePosition | undefined): boolean {
    if (!position) return false;
    const shift = this.bodyLine - 1;
    const startLine = position.start.line + shift;
    const endLine = position.end.line + shift;
    const { column: startColumn } = position.start;
    const { column: endColumn } = position.end;
    return this.list.some(
      (problem) =>
        problem.severity === 'error' &&
        (problem.line > startLine || (problem.line === startLine && problem.column >= startColumn)) &&
        (problem.line < endLine || (problem.line === endLine && problem.column <= endColumn)),
    );
  }
}

/**
 * `file:line:column: message`, the way compilers name a place.
 * @example problemLine('pages/a.mdx', { severity: 'error', line: 3, column: 1, message: 'x' }) // 'pages/a.mdx:3:1: x'
 */
export function problemLine(file: string | undefined, problem: ContentProblem): string {
  return `${file ?? 'page'}:${problem.line}:${problem.column}: ${problem.message}`;
}
