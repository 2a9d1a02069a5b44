import { describe, expect, it } from 'vitest';
import { switcherLanguages } from './switcher-languages.js';

describe('language switcher (SPEC §2)', () => {
  it('offers cURL, TypeScript and Python with no SDK', () => {
    expect(switcherLanguages()).toEqual([
      { language: 'curl', title: 'cURL', kind: 'http' },
      { language: 'typescript', title: 'TypeScript', kind: 'http' },
      { language: 'python', title: 'Python', kind: 'http' },
    ]);
  });
  it('adds the SDK languages in SPEC order; TypeScript and Python stay fetch/requests', () => {
    const all = switcherLanguages(
      new Set(['swift', 'typescript', 'csharp', 'java', 'python', 'go', 'ruby', 'php']),
    );
    expect(all.map((l) => `${l.title}:${l.kind}`)).toEqual([
      'cURL:http',
      'TypeScript:http',
      'Python:http',
      'Java:sdk',
      'Ruby:sdk',
      'C#:sdk',
      'Go:sdk',
      'PHP:sdk',
      'Swift:sdk',
    ]);
  });
});
