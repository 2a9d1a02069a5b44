/**
 * Server-side syntax highlighting with Shiki (never shipped to the client). Tokens are written
 * as classes, not inline styles, so the site's Content-Security-Policy needs no 'unsafe-inline'
 * for styles: `highlightCss()` holds one rule per colour of the light and dark themes.
 */
import { flatString } from '@sextant/definition';
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { shapedHtml } from './code-shapes.js';
import { highlightCache } from './highlight-caches.js';
import { tokenisedLines } from './line-tokens.js';
import { colorClass, escapeHtml, lineHtml, setDefaultColours } from './token-html.js';

const LANGS = {
  bash: () => import('@shikijs/langs/shellscript'),
  json: () => import('@shikijs/langs/json'),
  typescript: () => import('@shikijs/langs/typescript'),
  javascript: () => import('@shikijs/langs/javascript'),
  python: () => import('@shikijs/langs/python'),
  yaml: () => import('@shikijs/langs/yaml'),
  http: () => import('@shikijs/langs/http'),
  html: () => import('@shikijs/langs/html'),
  go: () => import('@shikijs/langs/go'),
  java: () => import('@shikijs/langs/java'),
  ruby: () => import('@shikijs/langs/ruby'),
  xml: () => import('@shikijs/langs/xml'),
};
const ALIASES: Record<string, keyof typeof LANGS> = {
  sh: 'bash',
  shell: 'bash',
  shellscript: 'bash',
  curl: 'bash',
  zsh: 'bash',
  ts: 'typescript',
  tsx: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  node: 'javascript',
  py: 'python',
  yml: 'yaml',
  jsonc: 'json',
  json5: 'json',
};

/**
 * Typical code of each grammar, in the shapes endpoint pages show (the snippet generators' cURL,
 * fetch and requests code): highlighting it once compiles the grammar rules real pages use, so
 * the first pages do not (issue #30: ~0.1 s a grammar). `x` is only ever inside strings.
 */
const WARM_UP: Record<string, string> = {
  bash: [
    `curl -X POST 'https://api.example.com/v1/items?limit=10' \\`,
    `  -H 'Authorization: Bearer <token>' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  --data '{`,
    `  "name": "x",`,
    `  "n": [1, 2.5],`,
    `  "it'\\''s": null`,
    `}'`,
    `curl 'https://api.example.com/v1/items/x'`,
    `curl -X DELETE 'https://api.example.com/v1/items/x'`,
    `curl -X PUT 'https://api.example.com/v1/items/x' \\`,
    `  --data 'x'`,
  ].join('\n'),
  typescript: [
    'const body = {',
    '  name: "x",',
    '  count: 12,',
    '  ok: true,',
    '  none: null,',
    '  tags: [',
    '    "x",',
    '  ],',
    '  nested: {',
    '    "Content-Type": "x",',
    '  },',
    '};',
    'const none = null;',
    '',
    'const response = await fetch("https://api.example.com/v1/items", {',
    '  method: "POST",',
    '  headers: {',
    '    "Content-Type": "application/json",',
    '  },',
    '  body: JSON.stringify(body, null, 2),',
    '});',
    '',
    'const data = await response.json();',
    'console.log(data);',
    'const file = await response.blob();',
    'console.log(response.status);',
  ].join('\n'),
  python: [
    'import json',
    '',
    'import requests',
    '',
    'url = "https://api.example.com/v1/items?limit=10"',
    '',
    'headers = {',
    '  "Content-Type": "application/json",',
    '}',
    '',
    'payload = {',
    '  "name": "x",',
    '  "n": 12,',
    '  "ok": True,',
    '  "none": None,',
    '  "tags": [',
    '    "x",',
    '  ],',
    '  "nested": {',
    '    "b": False,',
    '  },',
    '}',
    '',
    'response = requests.request("POST", url, headers=headers, data=json.dumps(payload, indent=2, ensure_ascii=False).encode("utf-8"))',
    '',
    'print(response.json())',
    'print(response.status_code)',
    'print(len(response.content), response.headers.get("Content-Type"))',
  ].join('\n'),
  json: `{"a": [1, -2.5e3, "s\\n", true, false, null, {"b": {}}]}`,
  // The other grammars, as descriptions' fenced code uses them (GitHub's Ruby secret encryption):
  // loaded in the background after the first page, and compiled there too (Ruby: ~25 ms).
  ruby: [
    'require "base64"',
    '',
    '# A comment',
    'client = Octokit::Client.new(access_token: "x", per_page: 10)',
    'items = client.get("/items/x", { page: 1 })',
    'items.each do |item|',
    '  puts "#{item[:name]}: #{item.fetch(\'n\', 0)}" if item.key?(:name)',
    'end',
  ].join('\n'),
  javascript: [
    "import { Octokit } from 'x';",
    '// A comment',
    "const octokit = new Octokit({ auth: 'x' });",
    "const { data } = await octokit.request('GET /items/{id}', { id: 1, ok: true });",
    'console.log(`${data.name}: x`);',
  ].join('\n'),
  go: [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"net/http"',
    ')',
    '',
    '// main prints the status.',
    'func main() {',
    '\tresp, err := http.Get("https://api.example.com/x")',
    '\tif err != nil {',
    '\t\treturn',
    '\t}',
    '\tfmt.Println(resp.StatusCode, 1.5)',
    '}',
  ].join('\n'),
  java: [
    'import java.net.http.HttpClient;',
    '',
    'public class Sample {',
    '  // A comment',
    '  public static void main(String[] args) throws Throwable {',
    '    HttpClient client = HttpClient.newHttpClient();',
    '    System.out.println("x" + 1);',
    '  }',
    '}',
  ].join('\n'),
  yaml: ['# A comment', 'name: x', 'items:', '  - id: 1', '    ok: true', '    text: "x"'].join('\n'),
  http: ['GET /items/x HTTP/1.1', 'Host: api.example.com', 'Accept: application/json'].join('\n'),
  html: ['<!-- A comment -->', '<a href="https://example.com/x" class="x">x &amp; y</a>'].join('\n'),
  xml: ['<?xml version="1.0"?>', '<items><item id="1">x</item></items>'].join('\n'),
};

let highlighter: Promise<HighlighterCore> | undefined;
let css = '';
/** Grammars loaded or loading, by name. */
const grammars = new Map<keyof typeof LANGS, Promise<void>>();
/** Grammars loaded in the highlighter. */
const ready = new Set<keyof typeof LANGS>();
/** Set while {@link withLanguages} builds: the languages asked for that were not loaded. */
let missing: Set<keyof typeof LANGS> | undefined;
let warmScheduled = false;
/** How many page builds had to wait for a grammar to load ({@link grammarWaits}). */
let waits = 0;
/** How long after the first page the other grammars load and compile, off the reader's path. */
const WARM_DELAY_MS = 1000;

/**
 * Loads Shiki and the two themes once per process; grammars load when a page first needs them
 * ({@link withLanguages}), so the first page does not wait for twelve of them.
 */
export function loadHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [light, dark] = await Promise.all([
      import('@shikijs/themes/github-light').then((m) => m.default),
      import('@shikijs/themes/github-dark').then((m) => m.default),
    ]);
    const instance = await createHighlighterCore({
      themes: [light, dark],
      langs: [],
      engine: createJavaScriptRegexEngine(),
    });
    css = themeCss(instance);
    setDefaultColours({
      light: (instance.getTheme('github-light').fg ?? '').toLowerCase(),
      dark: (instance.getTheme('github-dark').fg ?? '').toLowerCase(),
    });
    return instance;
  })();
  return highlighter;
}

function loadGrammar(instance: HighlighterCore, lang: keyof typeof LANGS): Promise<void> {
  let loading = grammars.get(lang);
  if (!loading) {
    loading = LANGS[lang]()
      .then((m) => instance.loadLanguage(m.default))
      .then(() => {
        ready.add(lang);
        // Grammars compile on first use (up to hundreds of ms): do it now, not on a reader's request.
        const sample = WARM_UP[lang];
        if (sample) warmGrammar(instance, sample, lang);
      });
    grammars.set(lang, loading);
  }
  return loading;
}

/**
 * Highlights `sample` twice: V8 compiles a regular expression once per kind of string it searches
 * (Latin-1 or UTF-16), so the second time its strings hold a character beyond the BMP (text
 * literal-masks.ts leaves to the grammar), as GitHub's examples' emoji do.
 */
function warmGrammar(instance: HighlighterCore, sample: string, lang: keyof typeof LANGS): void {
  highlight(instance, sample, lang);
  highlight(instance, sample.replaceAll('x', '\u{1FAB2}'), lang);
}

/**
 * Runs `build` (synchronous, highlighting with `instance`); when it asked for grammars not yet
 * loaded, loads them and builds again, so the result is always fully highlighted. Then schedules
 * the remaining grammars to load in the background.
 * @example const view = await withLanguages(h, () => buildPageView(site, h, slug))
 */
export async function withLanguages<T>(instance: HighlighterCore, build: () => T): Promise<T> {
  const asked = new Set<keyof typeof LANGS>();
  missing = asked;
  let result: T;
  try {
    result = build();
  } finally {
    missing = undefined;
  }
  if (asked.size > 0) {
    waits += 1;
    await Promise.all([...asked].map((lang) => loadGrammar(instance, lang)));
    result = build();
  }
  if (!warmScheduled) {
    warmScheduled = true;
    setTimeout(() => {
      for (const lang of Object.keys(LANGS) as (keyof typeof LANGS)[]) void loadGrammar(instance, lang);
    }, WARM_DELAY_MS).unref();
  }
  return result;
}

/** The grammars of endpoint pages (their snippets and JSON bodies): a server loads them before it reports ready. */
export const COMMON_LANGUAGES = ['bash', 'json', 'typescript', 'python'] as const;

/**
 * Loads Shiki, the themes and `langs`' grammars, and compiles each by highlighting a typical
 * snippet: a server awaits it before `/readyz` says ready, so no reader's first page pays for it
 * (~0.6–1 s of CPU). Resolves once; later calls share the work.
 * @example app.lifecycle.addCheck('highlighter', () => warmHighlighter())
 */
export async function warmHighlighter(
  langs: readonly (keyof typeof LANGS)[] = COMMON_LANGUAGES,
): Promise<void> {
  const instance = await loadHighlighter();
  await Promise.all(langs.map((lang) => loadGrammar(instance, lang)));
}

/**
 * How many page builds in this process had to wait for a grammar to load: once the common
 * grammars are warm, an endpoint page adds none (`/metrics`' `sextant_docs_grammar_waits_total`).
 */
export function grammarWaits(): number {
  return waits;
}

/** The CSS of the token classes; empty until {@link loadHighlighter} resolved. */
export function highlightCss(): string {
  return css;
}

export interface HighlightOptions {
  /**
   * Keep the code's highlighted lines for the next time the same code comes (default true). Code
   * no other page shows (an endpoint's snippets) would only push out what other pages share: its
   * shape is remembered instead (code-shapes.ts), and its lines one by one (line-tokens.ts).
   */
  remember?: boolean;
}

/**
 * Highlights `code` as `lang` (unknown languages, and grammars not loaded yet, come out as
 * escaped plain text; inside {@link withLanguages} the latter are loaded and the build redone).
 * @example highlight(h, '{"a":1}', 'json') // '<pre class="sx-code" data-lang="json"><code>…'
 */
export function highlight(
  instance: HighlighterCore,
  code: string,
  lang: string | undefined,
  options: HighlightOptions = {},
): string {
  const { attr, grammar } = language(lang);
  return `<pre class="sx-code" data-lang="${attr}" tabindex="0"><code>${
    // Code not remembered whole (an endpoint's snippets) is written by its shape; JSON is read by json-tokens.ts.
    grammar !== undefined && grammar !== 'json' && options.remember === false
      ? shapedHtml(instance, code, grammar)
      : joinedLines(sharedLines(instance, code, grammar, options))
  }</code></pre>`;
}

/** `lines` joined, kept with them when they are remembered code's. */
function joinedLines(lines: readonly string[]): string {
  let html = joinedHtml.get(lines);
  if (html === undefined) {
    html = lines.join('\n');
    if (Object.isFrozen(lines)) joinedHtml.set(lines, flatString(html));
  }
  return html;
}

/** The lines of remembered code joined, kept with them (the same code comes again on hundreds of pages). */
const joinedHtml = new WeakMap<readonly string[], string>();

/**
 * The highlighted HTML of each line of `code` (each line's spans closed within it) and the
 * language's name as written in `data-lang` (escaped), for code blocks that mark lines.
 * @example highlightLines(h, 'a\nb', 'text') // { lang: 'text', lines: ['a', 'b'] }
 */
export function highlightLines(
  instance: HighlighterCore,
  code: string,
  lang: string | undefined,
  options: HighlightOptions = {},
): { lang: string; lines: string[] } {
  const { attr, grammar } = language(lang);
  return { lang: attr, lines: [...sharedLines(instance, code, grammar, options)] };
}

/**
 * `lang` as `data-lang` writes it (escaped) and its grammar when loaded; a grammar not loaded yet
 * is asked for ({@link withLanguages}).
 */
function language(lang: string | undefined): { attr: string; grammar: keyof typeof LANGS | undefined } {
  const key = (lang ?? '').toLowerCase();
  const resolved: keyof typeof LANGS | undefined = key in LANGS ? (key as keyof typeof LANGS) : ALIASES[key];
  const attr = escapeHtml(resolved ?? (key || 'text'));
  if (resolved === undefined || ready.has(resolved)) return { attr, grammar: resolved };
  missing?.add(resolved);
  return { attr, grammar: undefined };
}

/**
 * The highlighted lines of `code` in `grammar` (escaped text without one), those of remembered
 * code the cache's own (frozen) array.
 */
function sharedLines(
  instance: HighlighterCore,
  code: string,
  grammar: keyof typeof LANGS | undefined,
  { remember = true }: HighlightOptions,
): readonly string[] {
  if (grammar === undefined) return code.split('\n').map(escapeHtml);
  if (!remember) return tokenLines(instance, code, grammar);
  const cacheKey = `${grammar}\n${code}`;
  const known = highlighted.get(cacheKey);
  if (known) return known;
  const lines = Object.freeze(tokenLines(instance, code, grammar).map(flatString));
  highlighted.set(cacheKey, lines);
  return lines;
}

/**
 * Highlighted lines by language and code, least recently used first, at most two fifths of the
 * highlight caches' budget (highlight-caches.ts) of code and HTML (UTF-16): the same code is highlighted once per
 * process (the error bodies and shared types' examples of hundreds of endpoint pages). Shiki's
 * output depends on nothing else (themes and grammars are fixed), so sites can share it.
 */
const highlighted = highlightCache<readonly string[]>(
  0.4,
  (lines, key) => 2 * lines.reduce((sum, line) => sum + line.length, key.length) + 64,
);

function tokenLines(instance: HighlighterCore, code: string, resolved: keyof typeof LANGS): string[] {
  const { lines, tokens } = tokenisedLines(instance, code, resolved);
  return lines.map((line, i) => lineHtml(line, tokens[i] ?? []));
}

/** Relative luminance of a `#rrggbb` colour (WCAG 2). */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color`, moved towards black (on a light background) or white (on a dark one) just far enough
 * to read at WCAG AA (4.5:1) on `background`: a theme's token colours are made for its own
 * background, and the site's code background differs (github-light's keyword red reads 4.1:1 on it).
 * @example readableOn('#d73a49', '#f1f3f6') // a slightly darker red with contrast >= 4.5
 */
export function readableOn(color: string, background: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color) || contrast(color, background) >= 4.5) return color;
  const toward = luminance(background) > 0.5 ? 0 : 255;
  const channels = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));
  for (let step = 1; step <= 20; step++) {
    const mixed = `#${channels
      .map((value) =>
        Math.round(value + ((toward - value) * step) / 20)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrast(mixed, background) >= 4.5) return mixed;
  }
  return toward === 0 ? '#000000' : '#ffffff';
}

/** The site's code backgrounds (`--sx-color-code-bg` in main.css), light and dark. */
const CODE_BACKGROUND = { l: '#f1f3f6', d: '#161b22' } as const;

function themeCss(instance: HighlighterCore): string {
  const rules: string[] = [];
  for (const [name, prefix, scope] of [
    ['github-light', 'l', ':root'],
    ['github-dark', 'd', ':root[data-theme="dark"]'],
  ] as const) {
    const theme = instance.getTheme(name);
    const colors = new Set<string>();
    for (const setting of theme.settings ?? []) {
      const fg = setting.settings?.foreground;
      if (typeof fg === 'string') colors.add(fg.toLowerCase());
    }
    if (theme.fg) colors.add(theme.fg.toLowerCase());
    for (const color of colors)
      rules.push(
        `${scope} .sx-code .${colorClass(prefix, color)}{color:${readableOn(color, CODE_BACKGROUND[prefix])}}`,
      );
  }
  // Dark theme also applies when the reader has not chosen one and the OS is dark.
  const darkAuto = rules
    .filter((rule) => rule.startsWith(':root[data-theme="dark"]'))
    .map((rule) => rule.replace(':root[data-theme="dark"]', ':root:not([data-theme="light"])'));
  return `${rules.join('\n')}\n@media (prefers-color-scheme: dark){\n${darkAuto.join('\n')}\n}`;
}
