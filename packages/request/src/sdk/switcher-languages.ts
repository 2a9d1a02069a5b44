/**
 * The Request card's language switcher (SPEC §2): cURL, TypeScript and Python always, then every
 * other language the API has SDK snippets for. TypeScript and Python stay on fetch / requests in
 * the preview even when an SDK exists for them (SPEC §4).
 */
import { SNIPPET_TARGETS } from '../snippets/targets.js';
import type { SdkLanguage } from './template-schema.js';

export const SDK_LANGUAGE_TITLES: Record<SdkLanguage, string> = {
  typescript: 'TypeScript',
  python: 'Python',
  java: 'Java',
  ruby: 'Ruby',
  csharp: 'C#',
  go: 'Go',
  php: 'PHP',
  swift: 'Swift',
};

export interface SwitcherLanguage {
  /** The key `renderSnippet` or `SnippetGenerators.generate` takes. */
  language: string;
  title: string;
  /** `http`: rendered from the built request; `sdk`: filled from an SDK template. */
  kind: 'http' | 'sdk';
}

/**
 * @example
 * switcherLanguages(new Set(['go', 'python'])).map((l) => l.title); // ['cURL', 'TypeScript', 'Python', 'Go']
 */
export function switcherLanguages(sdkLanguages: ReadonlySet<SdkLanguage> = new Set()): SwitcherLanguage[] {
  const http = SNIPPET_TARGETS.map(
    (t): SwitcherLanguage => ({ language: t.target, title: t.title, kind: 'http' }),
  );
  const sdk = (Object.keys(SDK_LANGUAGE_TITLES) as SdkLanguage[])
    .filter((language) => sdkLanguages.has(language) && !http.some((h) => h.language === language))
    .map((language): SwitcherLanguage => ({ language, title: SDK_LANGUAGE_TITLES[language], kind: 'sdk' }));
  return [...http, ...sdk];
}
