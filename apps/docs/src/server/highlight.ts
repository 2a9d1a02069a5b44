/**
 * Server-side syntax highlighting with Shiki (never shipped to the client). Tokens are written
 * as classes, not inline styles, so the site's Content-Security-Policy needs no 'unsafe-inline'
 * for styles: `highlightCss()` holds one rule per colour of the light and dark themes.
 */
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

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

/** Typical snippets: highlighting them once compiles the grammar rules real pages use. */
const WARM_UP: Record<string, string> = {
  bash: `curl -X POST 'https://api.example.com/v1/items?limit=10' \\\n  -H 'Authorization: Bearer <token>' \\\n  -H 'Content-Type: application/json' \\\n  --data '{"name": "x", "n": 1}'`,
  typescript: `const response = await fetch('https://api.example.com/v1/items', {\n  method: 'POST',\n  headers: { 'Content-Type': 'application/json' },\n  body: JSON.stringify({ name: 'x', n: 1, ok: true, v: null }),\n});\nconst body = await response.json();\nconsole.log(body);`,
  python: `import requests\n\nresponse = requests.post(\n    "https://api.example.com/v1/items",\n    headers={"Content-Type": "application/json"},\n    json={"name": "x", "n": 1, "ok": True, "v": None},\n)\nprint(response.json())`,
  json: `{"a": [1, -2.5e3, "s\\n", true, false, null, {"b": {}}]}`,
};

let highlighter: Promise<HighlighterCore> | undefined;
let css = '';
/** Default text colours of the two themes: tokens in them need no span. */
let defaults = { light: '', dark: '' };

/** Loads Shiki once per process (~100 ms with the JavaScript regex engine). */
export function loadHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [light, dark, ...langs] = await Promise.all([
      import('@shikijs/themes/github-light').then((m) => m.default),
      import('@shikijs/themes/github-dark').then((m) => m.default),
      ...Object.values(LANGS).map((load) => load().then((m) => m.default)),
    ]);
    const instance = await createHighlighterCore({
      themes: [light, dark],
      langs,
      engine: createJavaScriptRegexEngine(),
    });
    css = themeCss(instance);
    defaults = {
      light: (instance.getTheme('github-light').fg ?? '').toLowerCase(),
      dark: (instance.getTheme('github-dark').fg ?? '').toLowerCase(),
    };
    // Grammars compile on first use (hundreds of ms each): do it now, not on a reader's request.
    for (const [lang, code] of Object.entries(WARM_UP)) highlight(instance, code, lang);
    return instance;
  })();
  return highlighter;
}

/** The CSS of the token classes; empty until {@link loadHighlighter} resolved. */
export function highlightCss(): string {
  return css;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const colorClass = (prefix: string, color: string | undefined) =>
  color ? `${prefix}${color.replace('#', '').toLowerCase()}` : '';

/**
 * Highlights `code` as `lang` (unknown languages come out as escaped plain text).
 * @example highlight(h, '{"a":1}', 'json') // '<pre class="sx-code" data-lang="json"><code>…'
 */
export function highlight(instance: HighlighterCore, code: string, lang: string | undefined): string {
  const key = (lang ?? '').toLowerCase();
  const resolved = key in LANGS ? key : ALIASES[key];
  const langAttr = escapeHtml(resolved ?? (key || 'text'));
  if (!resolved)
    return `<pre class="sx-code" data-lang="${langAttr}" tabindex="0"><code>${escapeHtml(code)}</code></pre>`;
  const lines = instance.codeToTokensWithThemes(code, {
    lang: resolved,
    themes: { light: 'github-light', dark: 'github-dark' },
  });
  const body = lines
    .map((line) =>
      line
        .map((token) => {
          const light = token.variants.light?.color?.toLowerCase();
          const dark = token.variants.dark?.color?.toLowerCase();
          if ((!light || light === defaults.light) && (!dark || dark === defaults.dark))
            return escapeHtml(token.content);
          const classes = [
            colorClass('l', token.variants.light?.color),
            colorClass('d', token.variants.dark?.color),
          ]
            .filter(Boolean)
            .join(' ');
          return classes
            ? `<span class="${classes}">${escapeHtml(token.content)}</span>`
            : escapeHtml(token.content);
        })
        .join(''),
    )
    .join('\n');
  return `<pre class="sx-code" data-lang="${langAttr}" tabindex="0"><code>${body}</code></pre>`;
}

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
    for (const color of colors) rules.push(`${scope} .sx-code .${colorClass(prefix, color)}{color:${color}}`);
  }
  // Dark theme also applies when the reader has not chosen one and the OS is dark.
  const darkAuto = rules
    .filter((rule) => rule.startsWith(':root[data-theme="dark"]'))
    .map((rule) => rule.replace(':root[data-theme="dark"]', ':root:not([data-theme="light"])'));
  return `${rules.join('\n')}\n@media (prefers-color-scheme: dark){\n${darkAuto.join('\n')}\n}`;
}
