/** Compiled allowlists: exact hosts, host:port, wildcards, IPv6, and the union used with the registry's list. */
import { describe, expect, it } from 'vitest';
import { compileAllowlist, eitherAllowlist, splitHostPort } from './allowlist.js';

describe('compileAllowlist', () => {
  const list = compileAllowlist([
    ' API.Example.com ',
    'pets.example:8443',
    '*.example.org',
    '*.svc.example:9000',
    '[2001:db8::1]:443',
    '',
  ]);

  it.each([
    ['api.example.com', 443, true],
    ['api.example.com', 8080, true],
    ['pets.example', 8443, true],
    ['pets.example', 443, false],
    ['a.example.org', 80, true],
    ['deep.a.example.org', 443, true],
    ['example.org', 443, false],
    ['evilexample.org', 443, false],
    ['x.svc.example', 9000, true],
    ['x.svc.example', 9001, false],
    ['2001:db8::1', 443, true],
    ['2001:db8::1', 80, false],
    ['other.example', 443, false],
  ] as const)('%s:%i → %s', (host, port, allowed) => expect(list.allows(host, port)).toBe(allowed));

  it('names its refusal', () => {
    expect(list.refusal).toBe('ProxyTargetNotAllowedError');
    expect(compileAllowlist([], 'ProxyTargetNotRegisteredError').allows('a.example', 80)).toBe(false);
  });

  it('reads an unbracketed IPv6 address as a host without a port', () =>
    expect(splitHostPort('::1')).toEqual({ host: '::1', port: undefined }));
});

describe('eitherAllowlist', () => {
  it('admits what either admits and keeps the second list’s refusal and reload', async () => {
    const reload = async () => true;
    const registry = { ...compileAllowlist(['b.example'], 'ProxyTargetNotRegisteredError'), reload };
    const both = eitherAllowlist(compileAllowlist(['a.example']), registry);
    expect(both.allows('a.example', 443)).toBe(true);
    expect(both.allows('b.example', 443)).toBe(true);
    expect(both.allows('c.example', 443)).toBe(false);
    expect(both.refusal).toBe('ProxyTargetNotRegisteredError');
    expect(await both.reload?.()).toBe(true);
  });
});
