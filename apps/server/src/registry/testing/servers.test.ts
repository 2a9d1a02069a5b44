/** The PostgreSQL test helper: a missing server skips locally, and fails the run with CI=true. */
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './servers.js';

const NOBODY = 'postgres://nobody@127.0.0.1:1/none';

describe('createPostgresDatabase without a PostgreSQL server', () => {
  const ci = process.env.CI;
  afterEach(() => {
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
  });

  it('skips with the reason outside CI', async () => {
    delete process.env.CI;
    const result = await createPostgresDatabase(NOBODY);
    expect(result).toMatchObject({ skipped: expect.stringContaining('no PostgreSQL answers at') });
  });

  it('fails with CI=true, so a green run cannot mean the PostgreSQL suites never ran', async () => {
    process.env.CI = 'true';
    await expect(createPostgresDatabase(NOBODY)).rejects.toThrow(/CI=true: the PostgreSQL suites must run/);
  });
});
