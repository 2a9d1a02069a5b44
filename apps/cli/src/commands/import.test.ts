import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { captureOutput } from '../testing/captured-output.js';
import { runImport } from './import.js';

const fixtures = join(import.meta.dirname, '../../../../packages/definition/src/openapi/fixtures');
const folder = mkdtempSync(join(tmpdir(), 'sextant-cli-import-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('sextant import', () => {
  it('prints counts with --summary, as JSON with --json, and warnings on stderr', () => {
    const output = captureOutput();
    expect(runImport(join(fixtures, 'petstore-3.0.yaml'), { summary: true, json: true }, output)).toBe(0);
    expect(JSON.parse(output.stdout())).toEqual({
      endpoints: 10,
      channels: 0,
      webhooks: 0,
      types: 9,
      auths: 5,
      // Callbacks (issue #29) and cookie parameters (issue #28) are imported: nothing to warn about.
      warnings: 0,
    });
    expect(output.stderr()).toBe('');
    const warned = captureOutput();
    expect(runImport(join(fixtures, 'openapi-3.1.json'), { summary: true }, warned)).toBe(0);
    expect(warned.stderr()).toContain(
      'warning: openapi-3.1.json at /components/schemas/CompletionRequest/properties/neither: `not` is not supported',
    );
  });

  it('writes the definition to --out', () => {
    const out = join(folder, 'ir.json');
    const output = captureOutput();
    expect(runImport(join(fixtures, 'swagger-2.0.yaml'), { out }, output)).toBe(0);
    expect(output.stdout()).toBe('');
    const definition = JSON.parse(readFileSync(out, 'utf8'));
    expect(definition.title).toBe('Fixture Swagger');
    expect(Object.keys(definition.endpoints)).toContain('listItems');
  });

  it('an --out in a folder that does not exist is one line naming it, exit 1', () => {
    const out = join(folder, 'missing-folder', 'ir.json');
    const bin = join(import.meta.dirname, '../../bin/sextant.js');
    const result = spawnSync(
      process.execPath,
      [bin, 'import', join(fixtures, 'swagger-2.0.yaml'), '--out', out],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`error: ${out}: no such file or folder (ENOENT)\n`);
  });

  it('reports bad input in one line with file, line and pointer, exit code 1', () => {
    const file = join(folder, 'bad.yaml');
    writeFileSync(file, 'openapi: 3.0.0\ninfo: {title: T, version: "1"}\npaths: [1]\n');
    const output = captureOutput();
    expect(runImport(file, {}, output)).toBe(1);
    expect(output.stderr()).toBe('error: bad.yaml:3 at /paths: `paths` must be an object, got an array\n');
    expect(output.stdout()).toBe('');
  });

  it('the real command exits 1 with one line and no stack trace', () => {
    const file = join(folder, 'broken.yaml');
    writeFileSync(file, 'openapi: 3.0.0\npaths:\n  /a: [\n');
    const bin = join(import.meta.dirname, '../../bin/sextant.js');
    const result = spawnSync(process.execPath, [bin, 'import', file], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^error: broken\.yaml:\d+ at \/: invalid YAML\/JSON: /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
