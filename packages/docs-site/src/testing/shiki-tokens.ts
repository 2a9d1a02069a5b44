/**
 * Shiki's own two-theme tokens of `code` (`codeToTokensWithThemes`, with line-tokens.ts's
 * line-length cap and no time limit), in `themedLines`' shape: what tests hold the server's
 * highlighting to.
 */
import type { HighlighterCore } from 'shiki/core';
import { MAX_TOKENIZED_LINE_LENGTH, type ThemedToken } from '../server/line-tokens.js';

export function shikiThemedLines(instance: HighlighterCore, code: string, lang: string): ThemedToken[][] {
  return instance
    .codeToTokensWithThemes(code, {
      lang,
      themes: { light: 'github-light', dark: 'github-dark' },
      tokenizeMaxLineLength: MAX_TOKENIZED_LINE_LENGTH,
      tokenizeTimeLimit: 0,
    })
    .map((line) =>
      line.map((token) => ({
        content: token.content,
        ...(token.variants.light?.color ? { light: token.variants.light.color } : {}),
        ...(token.variants.dark?.color ? { dark: token.variants.dark.color } : {}),
      })),
    );
}
