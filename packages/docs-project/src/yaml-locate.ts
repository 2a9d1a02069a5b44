/** Parses YAML keeping positions, so validation errors can name the line of a JSON pointer. */
import { jsonPointer } from '@sextant/definition';
import { isNode, LineCounter, parseDocument } from 'yaml';

export interface LocatedYaml {
  value: unknown;
  /** 1-based line of the node at `path`, or of its nearest existing parent. */
  lineOf: (path: readonly PropertyKey[]) => number | undefined;
  /** YAML syntax errors: message and line. */
  errors: { message: string; line?: number }[];
}

/** Parses `text` as one YAML document. */
export function parseLocatedYaml(text: string): LocatedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineAt = (offset: number | undefined) =>
    offset === undefined ? undefined : lineCounter.linePos(offset).line;
  return {
    value: doc.errors.length ? undefined : doc.toJS({ maxAliasCount: 100 }),
    errors: doc.errors.map((e) => ({
      message: e.message.split('\n')[0] ?? e.message,
      line: lineAt(e.pos[0]),
    })),
    lineOf: (path) => {
      for (let n = path.length; n >= 0; n--) {
        const node = doc.getIn(path.slice(0, n) as unknown[], true);
        if (isNode(node) && node.range) return lineAt(node.range[0]);
      }
      return undefined;
    },
  };
}

/** `['navigation', 2, 'path']` → `/navigation/2/path`. */
export function toPointer(path: readonly PropertyKey[]): string {
  return jsonPointer(...path.map(String));
}

/** Splits `---` front matter from a markdown file. */
export function splitFrontMatter(text: string): { frontMatter?: string; body: string; bodyLine: number } {
  // A byte order mark before the fence is not content; fences may carry trailing blanks; the
  // block may be empty (`---` twice).
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const match = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) return { body: source, bodyLine: 1 };
  return {
    frontMatter: match[1] ?? '',
    body: source.slice(match[0].length),
    bodyLine: match[0].split('\n').length + (match[0].endsWith('\n') ? 0 : 1),
  };
}
