/** The request preview's tokenizer: every character kept, the right kinds for our three snippet languages. */
import { describe, expect, it } from 'vitest';
import { tokenizeSnippet } from './snippet-tokens.js';

const kinds = (text: string, language: string) =>
  tokenizeSnippet(text, language)
    .filter((t) => t.kind !== 'plain')
    .map((t) => [t.kind, t.text]);

describe('tokenizeSnippet', () => {
  it('colours a cURL command: the command, flags and quoted strings (a # inside a URL is not a comment)', () => {
    const text =
      "curl -X POST 'https://api.example.com/p#x?a=1' \\\n  --header 'Content-Type: application/json'";
    expect(kinds(text, 'curl')).toEqual([
      ['keyword', 'curl'],
      ['flag', '-X'],
      ['string', "'https://api.example.com/p#x?a=1'"],
      ['flag', '--header'],
      ['string', "'Content-Type: application/json'"],
    ]);
  });
  it('colours TypeScript: keywords, calls, strings, numbers and comments, not a // inside a string', () => {
    const text = "// send\nconst response = await fetch('https://x.io/a', { retries: 2 });";
    expect(kinds(text, 'typescript')).toEqual([
      ['comment', '// send'],
      ['keyword', 'const'],
      ['keyword', 'await'],
      ['function', 'fetch'],
      ['string', "'https://x.io/a'"],
      ['number', '2'],
    ]);
  });
  it('colours Python and falls back to a generic family for SDK languages', () => {
    expect(kinds('import requests\nrequests.get("u", timeout=5)  # go', 'python')).toEqual([
      ['keyword', 'import'],
      ['function', 'get'],
      ['string', '"u"'],
      ['number', '5'],
      ['comment', '# go'],
    ]);
    expect(kinds('client.Plants.Get(ctx, 2)', 'go')).toEqual([
      ['function', 'Get'],
      ['number', '2'],
    ]);
  });
  it('keeps every character, in order, on hostile input', () => {
    for (const text of ["'unterminated", '"a\\"b', '/* open', '`x${y}`', '', '#', "'\n'", 'a'.repeat(10_000)])
      for (const language of ['curl', 'typescript', 'python', 'ruby'])
        expect(
          tokenizeSnippet(text, language)
            .map((t) => t.text)
            .join(''),
        ).toBe(text);
  });
});
