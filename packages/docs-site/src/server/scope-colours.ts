/**
 * The two themes' attributes and colours of scope paths, as vscode-textmate computes them for a
 * token from its scopes: line-tokens.ts reads them for the grammar's tokens, json-tokens.ts for
 * its own. A {@link ScopeNode} is one scope path, interned, with both themes' attributes computed
 * once.
 */
import { applyColorReplacements, type HighlighterCore, resolveColorReplacements } from 'shiki/core';
import { EncodedTokenMetadata, Theme } from 'shiki/textmate';

const THEMES = { light: 'github-light', dark: 'github-dark' } as const;

/**
 * A grammar as Shiki loads it: vscode-textmate's `Grammar`, whose scope attributes (language,
 * token type) Shiki's type leaves out.
 */
export type Grammar = ReturnType<HighlighterCore['getLanguage']> & {
  getMetadataForScope(scope: string): { languageId: number; tokenType: number };
};
/** A scope path as vscode-textmate's themes read it: the innermost scope, then its parents. */
export type ScopePath = NonNullable<Parameters<Theme['match']>[0]>;

/** One theme as vscode-textmate resolves it (Shiki's own `setTheme` does the same), and its colours. */
export interface ThemeColours {
  theme: Theme;
  colorMap: string[];
  replacements: ReturnType<typeof resolveColorReplacements>;
  /** The attributes under every scope: the theme's default style. */
  base: number;
}

const themesOf = new WeakMap<HighlighterCore, [ThemeColours, ThemeColours]>();

function themeColours(instance: HighlighterCore, name: string): ThemeColours {
  const registration = instance.getTheme(name);
  const theme = Theme.createFromRawTheme(
    registration as unknown as Parameters<typeof Theme.createFromRawTheme>[0],
  );
  const defaults = theme.getDefaults();
  return {
    theme,
    colorMap: theme.getColorMap(),
    replacements: resolveColorReplacements(registration, {}),
    base: EncodedTokenMetadata.set(
      0,
      0,
      8 /* OptionalStandardTokenType.NotSet */,
      null,
      defaults.fontStyle,
      defaults.foregroundId,
      defaults.backgroundId,
    ),
  };
}

/** The light and dark themes of `instance`, resolved once. */
export function themesFor(instance: HighlighterCore): [ThemeColours, ThemeColours] {
  let known = themesOf.get(instance);
  if (!known) {
    known = [themeColours(instance, THEMES.light), themeColours(instance, THEMES.dark)];
    themesOf.set(instance, known);
  }
  return known;
}

/**
 * The attributes of `path` (whose parent has `parent`) under `theme`: vscode-textmate's
 * `AttributedScopeStack._pushAttributed` (the scope's language and token type, the theme's
 * style where its rules match). Shiki configures no embedded languages, so the language is the
 * same for every scope and never cuts a token.
 */
export function scopeAttributes(grammar: Grammar, theme: Theme, parent: number, path: ScopePath): number {
  const basic = grammar.getMetadataForScope(path.scopeName);
  const style = theme.match(path);
  return EncodedTokenMetadata.set(
    parent,
    basic.languageId,
    basic.tokenType,
    null,
    style ? style.fontStyle : -1 /* FontStyle.NotSet */,
    style ? style.foregroundId : 0,
    style ? style.backgroundId : 0,
  );
}

/** The foreground colour of `attributes` under a theme ('' for none). */
export function colourOf(colours: ThemeColours, attributes: number): string {
  return (
    applyColorReplacements(
      colours.colorMap[EncodedTokenMetadata.getForeground(attributes)] ?? '',
      colours.replacements,
    ) ?? ''
  );
}

/** A scope path of one grammar with both themes' attributes and colours; its children interned. */
export interface ScopeNode {
  readonly path: ScopePath;
  readonly light: number;
  readonly dark: number;
  readonly lightColour: string;
  readonly darkColour: string;
  /** The path with one more scope: `child` in it, created once. */
  child(name: string): ScopeNode;
}

interface ScopeContext {
  grammar: Grammar;
  themes: [ThemeColours, ThemeColours];
}

function scopeNode(context: ScopeContext, parent: ScopeNode | undefined, name: string): ScopeNode {
  const [light, dark] = context.themes;
  const path = { parent: parent?.path ?? null, scopeName: name } as ScopePath;
  const lightAttributes = scopeAttributes(context.grammar, light.theme, parent?.light ?? light.base, path);
  const darkAttributes = scopeAttributes(context.grammar, dark.theme, parent?.dark ?? dark.base, path);
  const children = new Map<string, ScopeNode>();
  const node: ScopeNode = {
    path,
    light: lightAttributes,
    dark: darkAttributes,
    lightColour: colourOf(light, lightAttributes),
    darkColour: colourOf(dark, darkAttributes),
    child(childName) {
      let known = children.get(childName);
      if (!known) {
        known = scopeNode(context, node, childName);
        children.set(childName, known);
      }
      return known;
    },
  };
  return node;
}

const rootsOf = new WeakMap<HighlighterCore, Map<string, ScopeNode>>();

/**
 * The scope path of `lang`'s root scope (`scopeName`, as its grammar names it), its descendants
 * created on demand and kept for the process (a grammar has a bounded set of scope names).
 * @example rootScope(h, 'json', 'source.json').child('meta.structure.dictionary.json').lightColour
 */
export function rootScope(instance: HighlighterCore, lang: string, scopeName: string): ScopeNode {
  let roots = rootsOf.get(instance);
  if (!roots) {
    roots = new Map();
    rootsOf.set(instance, roots);
  }
  const key = `${lang}\n${scopeName}`;
  let root = roots.get(key);
  if (!root) {
    const grammar = instance.getLanguage(lang) as Grammar;
    root = scopeNode({ grammar, themes: themesFor(instance) }, undefined, scopeName);
    roots.set(key, root);
  }
  return root;
}
