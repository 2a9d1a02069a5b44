import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-error.js';
import { addServerFlags, memoryMiBOf, type ServerFlags, serverOptionsFromFlags } from './server-flags.js';

/** The flags of `argv` (and `env`) as `sextant serve` parses them. */
function parse(argv: string[], env: Record<string, string> = {}): ServerFlags {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const command = addServerFlags(new Command('serve').exitOverride(), { host: '0.0.0.0', port: 4000 });
    command.parse(argv, { from: 'user' });
    return command.opts<ServerFlags>();
  } finally {
    for (const name of Object.keys(env)) if (!(name in saved)) delete process.env[name];
  }
}

describe('--trust-proxy', () => {
  it('passes the proxies to the server, which parses them at start; none by default', () => {
    expect(serverOptionsFromFlags('hosted', parse(['--trust-proxy', '10.0.0.0/8,loopback'])).trustProxy).toBe(
      '10.0.0.0/8,loopback',
    );
    expect(serverOptionsFromFlags('hosted', parse([], { SEXTANT_TRUST_PROXY: '1' })).trustProxy).toBe('1');
    expect(serverOptionsFromFlags('hosted', parse([])).trustProxy).toBeUndefined();
  });

  it('refuses the old --trust-forwarded-proto, naming its replacement', () => {
    const old = parse(['--trust-forwarded-proto']);
    expect(() => serverOptionsFromFlags('hosted', old)).toThrow(UsageError);
    expect(() => serverOptionsFromFlags('hosted', old)).toThrow(/--trust-proxy/);
  });
});

describe('--db-pool and --database-listen-url', () => {
  it('size the database pools and point LISTEN past a transaction-mode PgBouncer; neither by default', () => {
    const options = serverOptionsFromFlags(
      'hosted',
      parse(['--db-pool', '4', '--database-listen-url', 'postgres://db:5432/sextant']),
    );
    expect(options.databasePool).toBe(4);
    expect(options.databaseListenUrl).toBe('postgres://db:5432/sextant');
    expect(serverOptionsFromFlags('hosted', parse([], { SEXTANT_DB_POOL: '25' })).databasePool).toBe(25);
    const defaults = serverOptionsFromFlags('hosted', parse([]));
    expect(defaults.databasePool).toBeUndefined();
    expect(defaults.databaseListenUrl).toBeUndefined();
  });

  it('refuses a pool size that is not a whole number from 1 to 1000', () => {
    for (const value of ['0', '-1', '2.5', '1k', '1001', 'ten'])
      expect(() => parse(['--db-pool', value]), value).toThrow(/from 1 to 1000/);
  });
});

describe('--memory and --cache-s-maxage', () => {
  it('give the server its memory and the pages’ s-maxage, from flags or environment; neither by default', async () => {
    expect(await memoryMiBOf(parse(['--memory', '768M']))).toEqual({ memoryMiB: 768 });
    expect(await memoryMiBOf(parse([], { SEXTANT_MEMORY: '1G' }))).toEqual({ memoryMiB: 1024 });
    expect(await memoryMiBOf(parse([]))).toEqual({});
    expect(serverOptionsFromFlags('hosted', parse(['--cache-s-maxage', '600'])).docs).toEqual({
      cache: { sMaxAge: 600 },
    });
    expect(serverOptionsFromFlags('hosted', parse([])).docs).toBeUndefined();
  });

  it('refuse a size or a duration they cannot read, in one line', async () => {
    for (const bad of ['lots', '10', '1.5G'])
      await expect(memoryMiBOf(parse(['--memory', bad]))).rejects.toThrow(UsageError);
    await expect(memoryMiBOf(parse(['--memory', 'lots']))).rejects.toThrow(
      /^--memory \(SEXTANT_MEMORY\): "lots" is not a memory size[^\n]*$/,
    );
    expect(() => parse(['--cache-s-maxage', '-1'])).toThrow(/whole seconds/);
    expect(() => parse(['--cache-s-maxage', '1m'])).toThrow(/whole seconds/);
  });
});

describe('--prerender', () => {
  it('turns the background pre-render of hosted sites on, by flag or SEXTANT_PRERENDER; off by default', () => {
    expect(serverOptionsFromFlags('hosted', parse(['--prerender'])).docs).toEqual({ prerender: true });
    expect(serverOptionsFromFlags('hosted', parse([], { SEXTANT_PRERENDER: '1' })).docs).toEqual({
      prerender: true,
    });
    expect(serverOptionsFromFlags('hosted', parse(['--prerender', '--cache-s-maxage', '5'])).docs).toEqual({
      cache: { sMaxAge: 5 },
      prerender: true,
    });
    expect(serverOptionsFromFlags('hosted', parse([])).docs).toBeUndefined();
  });
});
