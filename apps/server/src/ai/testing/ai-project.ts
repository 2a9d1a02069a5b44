/** The docs fixture project with an `ai` section in its docs.yml (tests). */
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFixtureProject } from '@sextant/docs-project/testing';

export async function writeAiProject(ai: string): Promise<string> {
  const dir = await writeFixtureProject();
  await appendFile(join(dir, 'docs.yml'), `ai:\n${ai.replace(/^/gm, '  ')}\n`);
  return dir;
}
