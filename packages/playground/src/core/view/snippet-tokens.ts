/**
 * Colours for the request preview without shipping a highlighter: the snippets are ours (cURL,
 * TypeScript fetch, Python requests, and SDK templates), so a small tokenizer per language
 * family finds comments, strings, numbers, keywords and shell flags. Pure and linear in the text;
 * the rest of the text stays plain. The reference page highlights the same snippets with Shiki
 * on the server; this keeps the playground chunk light.
 */

export type SnippetTokenKind = 'plain' | 'comment' | 'string' | 'number' | 'keyword' | 'flag' | 'function';

export interface SnippetToken {
  kind: SnippetTokenKind;
  text: string;
}

const STRING = String.raw`'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\])*"`;
const NUMBER = String.raw`\b\d+(?:\.\d+)?\b`;

const KEYWORDS: Record<'shell' | 'ts' | 'python' | 'other', string[]> = {
  shell: ['curl'],
  ts: [
    'const',
    'let',
    'var',
    'await',
    'async',
    'function',
    'return',
    'new',
    'import',
    'from',
    'export',
    'if',
    'else',
    'true',
    'false',
    'null',
    'undefined',
    'throw',
    'try',
    'catch',
  ],
  python: [
    'import',
    'from',
    'as',
    'def',
    'return',
    'if',
    'else',
    'elif',
    'with',
    'for',
    'in',
    'True',
    'False',
    'None',
    'print',
  ],
  other: [
    'func',
    'package',
    'import',
    'return',
    'if',
    'else',
    'var',
    'const',
    'let',
    'new',
    'require',
    'def',
    'end',
    'do',
    'true',
    'false',
    'nil',
    'null',
    'await',
    'async',
    'using',
    'fn',
    'use',
    'pub',
  ],
};

function family(language: string): 'shell' | 'ts' | 'python' | 'other' {
  const id = language.toLowerCase();
  if (id === 'curl' || id === 'shell' || id === 'bash') return 'shell';
  if (['typescript', 'ts', 'javascript', 'js', 'node'].includes(id)) return 'ts';
  if (id === 'python' || id === 'py') return 'python';
  return 'other';
}

const PATTERNS = new Map<string, RegExp>();

function pattern(kind: ReturnType<typeof family>): RegExp {
  const cached = PATTERNS.get(kind);
  if (cached) return cached;
  const comment =
    kind === 'shell' || kind === 'python'
      ? String.raw`(?:^|(?<=\s))#[^\n]*`
      : kind === 'ts'
        ? String.raw`\/\/[^\n]*|\/\*[\s\S]*?\*\/`
        : String.raw`\/\/[^\n]*|(?:^|(?<=\s))#[^\n]*`;
  const strings = kind === 'ts' || kind === 'other' ? `${STRING}|\`(?:\\\\.|[^\`\\\\])*\`` : STRING;
  const flag = kind === 'shell' ? String.raw`(?<=\s)--?[A-Za-z][\w-]*` : '(?!)';
  const keyword = `\\b(?:${KEYWORDS[kind].join('|')})\\b`;
  const call = kind === 'shell' ? '(?!)' : String.raw`\b[A-Za-z_][\w]*(?=\()`;
  const regex = new RegExp(`(${comment})|(${strings})|(${flag})|(${keyword})|(${call})|(${NUMBER})`, 'gm');
  PATTERNS.set(kind, regex);
  return regex;
}

const KINDS: SnippetTokenKind[] = ['comment', 'string', 'flag', 'keyword', 'function', 'number'];

/**
 * Tokens of a snippet in `language` (the request card's language id).
 *
 * @example
 * tokenizeSnippet("curl -X GET 'https://api.example.com'", 'curl')
 * // [{kind:'keyword',text:'curl'},{kind:'plain',text:' '},{kind:'flag',text:'-X'},{kind:'plain',text:' GET '},{kind:'string',text:"'https://api.example.com'"}]
 */
export function tokenizeSnippet(text: string, language: string): SnippetToken[] {
  const tokens: SnippetToken[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern(family(language)))) {
    const index = match.index ?? 0;
    if (match[0] === '') continue;
    if (index > last) tokens.push({ kind: 'plain', text: text.slice(last, index) });
    const group = match.slice(1).findIndex((g) => g !== undefined);
    tokens.push({ kind: KINDS[group] ?? 'plain', text: match[0] });
    last = index + match[0].length;
  }
  if (last < text.length) tokens.push({ kind: 'plain', text: text.slice(last) });
  return tokens;
}
