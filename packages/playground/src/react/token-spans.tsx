/** Coloured tokens of a code block: plain text as is, every other kind in a `sx-pg-tok-<kind>` span. */
export function TokenSpans({ tokens }: { tokens: readonly { kind: string; text: string }[] }) {
  return tokens.map((token, index) =>
    token.kind === 'plain' ? (
      token.text
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: tokens are positional
      <span key={index} className={`sx-pg-tok-${token.kind}`}>
        {token.text}
      </span>
    ),
  );
}
