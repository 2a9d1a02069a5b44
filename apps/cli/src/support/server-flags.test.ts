import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-error.js';
import { addServerFlags, type ServerFlags, serverOptionsFromFlags } from './server-flags.js';

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
