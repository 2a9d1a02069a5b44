/**
 * Mintlify's snippets with props: `<Greeting word="bananas" />` where the snippet file writes
 * `{word}`. A page of the new project may not hold JavaScript expressions, so when a snippet is
 * inlined each `{name}` of a prop given as a literal (`"…"`, `'…'`, `{"…"}`, `{3}`, `{true}`)
 * is replaced by its value: as escaped text in the page's text, as a quoted value in an attribute
 * (`title={name}`). Fenced and inline code stay as written, as Mintlify leaves them.
 */

import { outsideCode } from './fences.js';

/** A prop written as a literal: `name="…"`, `name='…'`, `name={"…"}`, `name={3}`, `name={true}`, or bare `name`. */
const LITERAL_PROP =
  /([A-Za-z_$][\w$-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|(-?\d+(?:\.\d+)?|true|false))\s*\}))?/y;

/**
 * The props of a snippet use's attribute text (`word="bananas" count={3}`), or undefined when
 * one of them is not a literal (`{user.name}`, a spread): those cannot be filled in.
 */
export function literalSnippetProps(attributes: string): Map<string, string> | undefined {
  const props = new Map<string, string>();
  let at = 0;
  for (;;) {
    while (at < attributes.length && /\s/.test(attributes[at] ?? '')) at++;
    if (at >= attributes.length) return props;
    LITERAL_PROP.lastIndex = at;
    const match = LITERAL_PROP.exec(attributes);
    if (!match || match[0] === '') return undefined;
    const [whole, name = '', ...values] = match;
    const value = values.find((v) => v !== undefined);
    props.set(name, value ?? (whole.includes('=') ? '' : 'true'));
    at += whole.length;
  }
}

/** Markdown and MDX punctuation a text value escapes, so it reads as the characters it holds. */
const TEXT_SPECIAL = /[\\`*_{}[\]<>#|~!&]/g;

/** `content` with each `{name}` of `props` replaced (outside code), the rest as written. */
export function fillSnippetProps(content: string, props: ReadonlyMap<string, string>): string {
  if (props.size === 0) return content;
  const expression = /(=\s*)?\{\s*([A-Za-z_$][\w$]*)\s*\}/g;
  const fill = (part: string) =>
    part.replace(expression, (whole, assign: string | undefined, name: string) => {
      const value = props.get(name);
      if (value === undefined) return whole;
      if (assign !== undefined) return `${assign}"${value.replace(/"/g, '&quot;')}"`;
      return value.replace(TEXT_SPECIAL, '\\$&');
    });
  return outsideCode(content, fill);
}
