/**
 * docs.yml `ai` (issue #19 item 1): defaults, located errors and the registry's check of stored
 * docs definitions all agree on the same models and locations (the init template's `ai` section is
 * checked beside it, in apps/cli/src/scaffold/docs-config.test.ts).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { docsDefinitionSchema, issueLine, schemaIssues } from '@sextant/definition';

const docsDefinitionProblems = (value: unknown) => schemaIssues(docsDefinitionSchema, value).map(issueLine);

import { DocsProjectError, loadDocsProject } from '@sextant/docs-project';
import { describe, expect, it } from 'vitest';
import { aiConfigWarning } from './config-warning.js';

const NAV = 'navigation:\n  - link: A\n    href: /a\n';

async function project(docsYml: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-ai-yml-'));
  await writeFile(join(dir, 'docs.yml'), docsYml);
  return dir;
}

async function loadError(docsYml: string): Promise<DocsProjectError> {
  const error = await loadDocsProject(await project(docsYml)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DocsProjectError);
  return error as DocsProjectError;
}

describe('docs.yml ai', () => {
  it('is absent when docs.yml has no ai section', async () => {
    const loaded = await loadDocsProject(await project(`title: X\n${NAV}`));
    expect(loaded.definition.config.ai).toBeUndefined();
  });

  it('defaults the model to claude-4 and the location to docs', async () => {
    const loaded = await loadDocsProject(await project(`title: X\nai:\n  enabled: true\n${NAV}`));
    expect(loaded.definition.config.ai).toEqual({ enabled: true, model: 'claude-4', location: ['docs'] });
  });

  it('reads the issue example as written', async () => {
    const yml = `title: X\nai:\n  enabled: true\n  model: command-a\n  location: [docs, slack, discord, slack]\n  prompt: "You answer questions about the Acme API."\n${NAV}`;
    const loaded = await loadDocsProject(await project(yml));
    expect(loaded.definition.config.ai).toEqual({
      enabled: true,
      model: 'command-a',
      location: ['docs', 'slack', 'discord'],
      prompt: 'You answer questions about the Acme API.',
    });
    expect(docsDefinitionProblems(loaded.definition)).toEqual([]);
  });

  it('names file, line and pointer of an unknown model', async () => {
    const error = await loadError(`title: X\nai:\n  enabled: true\n  model: gpt-5\n${NAV}`);
    expect(error.pointer).toBe('/ai/model');
    expect(error.line).toBe(4);
    expect(error.reason).toMatch(/claude-4/);
  });

  it('names an unknown location, a missing enabled, an unknown key and an empty location list', async () => {
    expect(
      (await loadError(`title: X\nai:\n  enabled: true\n  location: [docs, teams]\n${NAV}`)).pointer,
    ).toBe('/ai/location/1');
    expect((await loadError(`title: X\nai:\n  model: claude-4\n${NAV}`)).pointer).toBe('/ai/enabled');
    expect((await loadError(`title: X\nai:\n  enabled: true\n  apiKey: sk-123\n${NAV}`)).message).toMatch(
      /apiKey/,
    );
    expect((await loadError(`title: X\nai:\n  enabled: true\n  location: []\n${NAV}`)).pointer).toBe(
      '/ai/location',
    );
  });

  it('the registry refuses a stored definition with a bad ai config', () => {
    const definition = {
      docsVersion: 1,
      config: {
        title: 'X',
        ai: { enabled: 'yes', model: 'gpt', location: ['docs', 'irc'], prompt: 'p'.repeat(5000) },
      },
      navigation: [],
      pages: {},
      homeSlug: '',
    };
    const problems = docsDefinitionProblems(definition).filter((p) => p.startsWith('config.ai'));
    expect(problems).toEqual([
      'config.ai.enabled: Invalid input: expected boolean, received string',
      'config.ai.model: "gpt" is not one of claude-3.5, claude-3.7, claude-4, command-a',
      'config.ai.location[1]: "irc" is not one of docs, slack, discord',
      'config.ai.prompt: Too big: expected string to have <=4000 characters',
    ]);
  });

  it("sextant dev warns in one line when Ask AI is enabled without the model provider's key", () => {
    const ai = { enabled: true, model: 'claude-4' as const, location: ['docs' as const] };
    expect(aiConfigWarning({ ai }, {})).toBe(
      'Ask AI is enabled (model claude-4) but ANTHROPIC_API_KEY is not set: the chat will say it is not configured.',
    );
    expect(aiConfigWarning({ ai: { ...ai, model: 'command-a' } }, {})).toMatch(/CO_API_KEY is not set/);
    expect(aiConfigWarning({ ai }, { ANTHROPIC_API_KEY: 'sk' })).toBeUndefined();
    expect(aiConfigWarning({ ai: { ...ai, enabled: false } }, {})).toBeUndefined();
    expect(aiConfigWarning({}, {})).toBeUndefined();
  });
});
