import { describe, expect, it, vi } from 'vitest';
import { highlight, loadHighlighter, readableOn, warmHighlighter } from './highlight.js';
import { highlightCacheBytes } from './highlight-caches.js';

/** WCAG contrast, computed independently of the module's own helper. */
function ratio(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const v = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('readableOn', () => {
  it("darkens github-light's keyword red just enough for AA on the light code background", () => {
    expect(ratio('#d73a49', '#f1f3f6')).toBeLessThan(4.5);
    const fixed = readableOn('#d73a49', '#f1f3f6');
    expect(ratio(fixed, '#f1f3f6')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(fixed, '#f1f3f6')).toBeLessThan(5.2);
  });

  it('lightens a dim colour on the dark code background', () => {
    const fixed = readableOn('#6a737d', '#161b22');
    expect(ratio(fixed, '#161b22')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps colours that already read, and what is not #rrggbb', () => {
    expect(readableOn('#24292e', '#f1f3f6')).toBe('#24292e');
    expect(readableOn('red', '#f1f3f6')).toBe('red');
  });
});

describe('highlight', () => {
  it("compiles, before a server is ready, the grammar rules endpoint pages' snippets use", async () => {
    const instance = await loadHighlighter();
    await warmHighlighter();
    // GitHub's "create a label" snippets, a value holding an emoji.
    const snippets = {
      bash: `curl -X POST 'https://api.github.com/repos/:owner/:repo/labels' \\\n  -H 'Content-Type: application/json' \\\n  --data '{\n  "name": "bug 🪲",\n  "description": "Something isn'\\''t working",\n  "color": "f29513"\n}'`,
      typescript: `const body = {\n  name: "bug 🪲",\n  description: "Something isn't working",\n  color: "f29513",\n  count: 3,\n};\n\nconst response = await fetch("https://api.github.com/repos/:owner/:repo/labels", {\n  method: "POST",\n  headers: {\n    "Content-Type": "application/json",\n  },\n  body: JSON.stringify(body, null, 2),\n});\n\nconst data = await response.json();\nconsole.log(data);`,
      python: `import json\n\nimport requests\n\nurl = "https://api.github.com/repos/:owner/:repo/labels"\n\nheaders = {\n  "Content-Type": "application/json",\n}\n\npayload = {\n  "name": "bug 🪲",\n  "ok": True,\n  "count": 3,\n}\n\nresponse = requests.request("POST", url, headers=headers, data=json.dumps(payload, indent=2, ensure_ascii=False).encode("utf-8"))\n\nprint(response.json())`,
    };
    for (const [lang, code] of Object.entries(snippets)) {
      // vscode-textmate compiles a rule's scanner (Shiki: its regular expressions) on the rule's first use.
      const grammar = instance.getLanguage(lang) as unknown as {
        createOnigScanner(sources: string[]): unknown;
      };
      const compile = vi.spyOn(grammar, 'createOnigScanner');
      try {
        highlight(instance, code, lang, { remember: false });
        expect(compile, lang).not.toHaveBeenCalled();
      } finally {
        compile.mockRestore();
      }
    }
  });

  it("compiles, when it loads another grammar, the rules descriptions' fenced code uses (GitHub's Ruby)", async () => {
    const instance = await loadHighlighter();
    await warmHighlighter(['ruby']);
    const ruby = `require "rbnacl"\nrequire "base64"\n\nkey = Base64.decode64("+ZYvJDZMHUfBkJdyq5Zm9SKqeuBQ4sj+6sfjlH4CgG0=")\npublic_key = RbNaCl::PublicKey.new(key)\n\nbox = RbNaCl::Boxes::Sealed.from_public_key(public_key)\nencrypted_secret = box.encrypt("my_secret")\n\n# Print the base64 encoded secret\nputs Base64.strict_encode64(encrypted_secret)`;
    const grammar = instance.getLanguage('ruby') as unknown as {
      createOnigScanner(sources: string[]): unknown;
    };
    const compile = vi.spyOn(grammar, 'createOnigScanner');
    try {
      expect(highlight(instance, ruby, 'ruby', { remember: false })).toContain('Base64');
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });

  it("keeps a page's own code (an endpoint's snippets) only line by line when told not to remember it", async () => {
    const instance = await loadHighlighter();
    await warmHighlighter();
    const code = `curl -X POST 'https://own.test/${Date.now()}' \\\n  -H 'Accept: application/json'`;
    const once = highlight(instance, code, 'bash', { remember: false });
    // Its lines are remembered (line-tokens.ts); the code's HTML is not, so nothing more is kept now.
    const bytes = highlightCacheBytes();
    expect(highlight(instance, code, 'bash', { remember: false })).toBe(once);
    expect(highlightCacheBytes()).toBe(bytes);
    // Remembered, the code's HTML takes room of its own.
    expect(highlight(instance, code, 'bash')).toBe(once);
    expect(highlightCacheBytes()).toBeGreaterThan(bytes);
  });

  it('writes every line with its own text, remembered lines and lines sharing a masked form alike', async () => {
    const instance = await loadHighlighter();
    await warmHighlighter();
    const snippet = (url: string, key: string) =>
      `curl -X PUT '${url}' \\\n  -H 'Accept: application/json' \\\n  --data '{\n  "${key}": true\n}'`;
    const first = highlight(instance, snippet('https://one.test/a', 'enabled'), 'bash', { remember: false });
    const second = highlight(instance, snippet('https://two.test/b', 'archived'), 'bash', {
      remember: false,
    });
    // The URL lines share one masked form and one tokenisation; each keeps its own text.
    expect(second).toContain('two.test/b');
    expect(second).toContain('archived');
    expect(second).not.toContain('one.test');
    const lines = (html: string) => html.split('\n');
    // The shared header line is the same HTML on both.
    expect(lines(second)[1]).toBe(lines(first)[1]);
    expect(highlight(instance, snippet('https://one.test/a', 'enabled'), 'bash', { remember: false })).toBe(
      first,
    );
    const fresh = highlight(instance, snippet('https://one.test/a', 'enabled'), 'bash');
    expect(fresh).toBe(first);
  });
});
