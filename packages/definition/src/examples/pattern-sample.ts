/**
 * A small generator of strings that match a regular expression, for the `pattern` keyword.
 * Handles the forms real API specs use: literals, escapes (`\d \w \s \. \uXXXX`), character
 * classes with ranges and negation, `.`, groups (capturing, `(?:`, named), alternation,
 * anchors and the quantifiers `? * + {n} {n,} {n,m}`. Lookarounds and backreferences are out
 * of scope: the caller gets `undefined` and warns. Every sample is checked against the real
 * pattern (on RE2, see spec-pattern.ts) before it is returned, so a wrong guess can never produce
 * an invalid example.
 */
import { UnsupportedPatternError } from '../errors.js';
import { specPattern } from './spec-pattern.js';

type Node =
  | { kind: 'chars'; pick: string }
  | { kind: 'group'; alternatives: Node[][] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

const CANDIDATES = 'a0bcxyzAB1Z9_-. @:/';

/**
 * A string matching `pattern` whose length is within the bounds, or undefined.
 * @example samplePattern('^[A-Z]{2}-\\d{3}$') // 'AA-000'
 */
export function samplePattern(
  pattern: string,
  minLength = 0,
  maxLength = Number.POSITIVE_INFINITY,
): string | undefined {
  const regex = specPattern(pattern);
  if (!regex) return undefined;
  let ast: Node[][];
  try {
    ast = new Parser(pattern).parse();
  } catch {
    return undefined;
  }
  const base = generate(ast, 0);
  const tries = [0, Math.max(0, minLength - base.length), minLength, minLength * 2];
  for (const extra of tries) {
    const text = extra === 0 ? base : generate(ast, extra);
    if (text.length >= minLength && text.length <= maxLength && regex.test(text)) return text;
  }
  return undefined;
}

function generate(alternatives: Node[][], extra: number): string {
  return (alternatives[0] ?? []).map((node) => emit(node, extra)).join('');
}

function emit(node: Node, extra: number): string {
  if (node.kind === 'chars') return node.pick;
  if (node.kind === 'group') return generate(node.alternatives, extra);
  const count = Math.min(node.max, node.min + extra);
  let out = '';
  for (let i = 0; i < count; i++) out += emit(node.node, extra);
  return out;
}

class Parser {
  private at = 0;
  constructor(private readonly source: string) {}

  parse(): Node[][] {
    const result = this.alternation();
    if (this.at < this.source.length) throw new UnsupportedPatternError('unbalanced parenthesis');
    return result;
  }

  private alternation(): Node[][] {
    const alternatives: Node[][] = [this.sequence()];
    while (this.source[this.at] === '|') {
      this.at++;
      alternatives.push(this.sequence());
    }
    return alternatives;
  }

  private sequence(): Node[] {
    const nodes: Node[] = [];
    while (this.at < this.source.length) {
      const c = this.source[this.at];
      if (c === '|' || c === ')') break;
      const atom = this.atom();
      if (atom) nodes.push(this.quantified(atom));
    }
    return nodes;
  }

  private atom(): Node | undefined {
    const c = this.source[this.at++] as string;
    if (c === '^' || c === '$') return undefined;
    if (c === '.') return { kind: 'chars', pick: 'a' };
    if (c === '[') return this.charClass();
    if (c === '\\') return this.escape();
    if (c === '(') {
      if (this.source[this.at] === '?') {
        const next = this.source[this.at + 1];
        if (next === ':') this.at += 2;
        else if (next === '<' && this.source[this.at + 2] !== '=' && this.source[this.at + 2] !== '!') {
          const close = this.source.indexOf('>', this.at);
          if (close === -1) throw new UnsupportedPatternError('bad group name');
          this.at = close + 1;
        } else throw new UnsupportedPatternError('lookaround');
      }
      const alternatives = this.alternation();
      if (this.source[this.at++] !== ')') throw new UnsupportedPatternError('unclosed group');
      return { kind: 'group', alternatives };
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      if (c === '{' && !/^\{\d/.test(this.source.slice(this.at - 1))) return { kind: 'chars', pick: c };
      throw new UnsupportedPatternError('quantifier without atom');
    }
    return { kind: 'chars', pick: c };
  }

  private quantified(atom: Node): Node {
    const c = this.source[this.at];
    let min = 1;
    let max = 1;
    if (c === '?') [min, max] = [0, 1];
    else if (c === '*') [min, max] = [0, Number.POSITIVE_INFINITY];
    else if (c === '+') [min, max] = [1, Number.POSITIVE_INFINITY];
    else if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!match) return atom;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] ? Number(match[3]) : Number.POSITIVE_INFINITY;
      this.at += match[0].length - 1;
    } else return atom;
    this.at++;
    if (this.source[this.at] === '?' || this.source[this.at] === '+') this.at++;
    return { kind: 'repeat', node: atom, min, max };
  }

  private escape(): Node | undefined {
    const c = this.source[this.at++];
    switch (c) {
      case undefined:
        throw new UnsupportedPatternError('trailing backslash');
      case 'd':
        return { kind: 'chars', pick: '1' };
      case 'w':
        return { kind: 'chars', pick: 'a' };
      case 's':
        return { kind: 'chars', pick: ' ' };
      case 'D':
      case 'W':
      case 'S':
        return { kind: 'chars', pick: c === 'D' ? 'a' : c === 'W' ? '-' : 'a' };
      case 'b':
      case 'B':
        return undefined;
      case 'n':
        return { kind: 'chars', pick: '\n' };
      case 't':
        return { kind: 'chars', pick: '\t' };
      case 'r':
        return { kind: 'chars', pick: '\r' };
      case 'u':
      case 'x':
        return { kind: 'chars', pick: this.codePoint(c) };
      default:
        if (/[1-9]/.test(c) || c === 'p' || c === 'P' || c === 'k')
          throw new UnsupportedPatternError(`\\${c}`);
        return { kind: 'chars', pick: c };
    }
  }

  private codePoint(kind: 'u' | 'x'): string {
    if (kind === 'u' && this.source[this.at] === '{') {
      const close = this.source.indexOf('}', this.at);
      const value = Number.parseInt(this.source.slice(this.at + 1, close), 16);
      this.at = close + 1;
      return String.fromCodePoint(value);
    }
    const length = kind === 'u' ? 4 : 2;
    const hex = this.source.slice(this.at, this.at + length);
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== length) throw new UnsupportedPatternError('bad escape');
    this.at += length;
    return String.fromCharCode(Number.parseInt(hex, 16));
  }

  /** Reads `[...]` (after the `[`) and picks a member: the first for a set, a non-member for a negation. */
  private charClass(): Node {
    const negated = this.source[this.at] === '^';
    if (negated) this.at++;
    const ranges: [number, number][] = [];
    let first = true;
    while (this.at < this.source.length && (this.source[this.at] !== ']' || first)) {
      first = false;
      const low = this.classChar();
      if (
        this.source[this.at] === '-' &&
        this.source[this.at + 1] !== ']' &&
        this.at + 1 < this.source.length
      ) {
        this.at++;
        const high = this.classChar();
        ranges.push([low[0], high[1]]);
      } else ranges.push(low);
    }
    if (this.source[this.at++] !== ']') throw new UnsupportedPatternError('unclosed class');
    const inClass = (code: number) => ranges.some(([lo, hi]) => code >= lo && code <= hi);
    if (negated) {
      for (const candidate of CANDIDATES)
        if (!inClass(candidate.charCodeAt(0))) return { kind: 'chars', pick: candidate };
      throw new UnsupportedPatternError('negated class excludes every candidate');
    }
    // Prefer a readable member: a letter or digit in the class, else its first code point.
    for (const candidate of CANDIDATES)
      if (inClass(candidate.charCodeAt(0))) return { kind: 'chars', pick: candidate };
    const start = ranges[0];
    if (!start) throw new UnsupportedPatternError('empty class');
    return { kind: 'chars', pick: String.fromCodePoint(start[0]) };
  }

  /** One class member as a code point range (escapes like `\d` give their whole range). */
  private classChar(): [number, number] {
    const c = this.source[this.at++] as string;
    if (c !== '\\') return [c.codePointAt(0) ?? 0, c.codePointAt(0) ?? 0];
    const e = this.source[this.at++];
    if (e === 'd') return [48, 57];
    if (e === 'w') return [97, 122];
    if (e === 's') return [32, 32];
    if (e === 'n') return [10, 10];
    if (e === 't') return [9, 9];
    if (e === 'u' || e === 'x') {
      const code = this.codePoint(e).codePointAt(0) ?? 0;
      return [code, code];
    }
    if (e === undefined || e === 'D' || e === 'W' || e === 'S' || e === 'p' || e === 'P') {
      throw new UnsupportedPatternError('class escape');
    }
    const code = e.codePointAt(0) ?? 0;
    return [code, code];
  }
}
