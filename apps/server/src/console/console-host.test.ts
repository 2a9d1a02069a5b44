/**
 * The console host's rules: reading `--console-host`, the host name of a Host header, the hosts
 * it must not share with tenants, and the gate: local mode serves the console everywhere; hosted
 * mode on the console host only (any port, any case; not with a trailing dot, another origin),
 * and nowhere without one. Routes it constrains exist on that host only.
 */
import { describe, expect, it } from 'vitest';
import {
  ConsoleHostOptionError,
  consoleHostConflict,
  createConsoleGate,
  hostNameOf,
  parseConsoleHost,
} from './console-host.js';

const on = (host: string | undefined) => ({
  headers: host === undefined ? {} : { host },
  protocol: 'http' as const,
});

describe('--console-host', () => {
  it('reads a host name or address, lower-cased, without its trailing dot', () => {
    expect(parseConsoleHost(' Console.Sextant.Example. ')).toBe('console.sextant.example');
    expect(parseConsoleHost('127.0.0.1')).toBe('127.0.0.1');
    expect(parseConsoleHost('[::1]')).toBe('[::1]');
    for (const bad of [
      '',
      'https://console.test',
      'console.test:8443',
      'console.test/x',
      'a b',
      '-x.test',
      '.',
    ])
      expect(() => parseConsoleHost(bad), bad).toThrow(ConsoleHostOptionError);
  });

  it('the host name of a Host header, without port', () => {
    expect(hostNameOf('Console.Test:8443')).toBe('console.test');
    expect(hostNameOf('console.test.')).toBe('console.test.');
    expect(hostNameOf('[::1]:80')).toBe('[::1]');
    expect(hostNameOf(undefined)).toBeUndefined();
    expect(hostNameOf('a:b:c')).toBeUndefined();
  });

  it('refuses a host tenants may be served on: an approved docs host on any port, the preview domain', () => {
    expect(consoleHostConflict('docs.acme.test', { allowDomains: ['x.test,DOCS.acme.test:8080'] })).toMatch(
      /also approved as a docs host/,
    );
    expect(consoleHostConflict('pr-1.preview.localhost', {})).toMatch(/preview domain/);
    expect(consoleHostConflict('preview.example', { previewDomain: 'preview.example' })).toMatch(/preview/);
    expect(consoleHostConflict('console.test', { allowDomains: ['docs.acme.test'] })).toBeUndefined();
  });
});

describe('the console gate', () => {
  it('local mode: the one origin, every host', () => {
    const gate = createConsoleGate({ mode: 'local', consoleHost: 'ignored.test' });
    expect([gate.enabled, gate.serves(on('anything:4000')), gate.routeConstraints()]).toEqual([
      true,
      true,
      {},
    ]);
    expect(
      gate.sessionIdOf({ headers: { cookie: `sx_dashboard=${'a'.repeat(43)}` }, protocol: 'http' as const }),
    ).toBe('a'.repeat(43));
  });

  it('hosted mode: the console host only, on any port', () => {
    const gate = createConsoleGate({ mode: 'hosted', consoleHost: 'Console.Test' });
    expect(gate.host).toBe('console.test');
    for (const host of ['console.test', 'console.test:8443', 'CONSOLE.TEST'])
      expect([host, gate.serves(on(host))]).toEqual([host, true]);
    for (const host of [
      undefined,
      '',
      'docs.acme.test',
      'console.test.',
      'x.console.test',
      'console.test.evil',
    ])
      expect([host, gate.serves(on(host))]).toEqual([host, false]);
    const pattern = gate.routeConstraints().host as RegExp;
    expect(['console.test', 'console.test:80', 'Console.Test'].every((host) => pattern.test(host))).toBe(
      true,
    );
    expect(
      ['console.test.', 'aconsole.test', 'console.test.evil', 'consoleXtest'].some((h) => pattern.test(h)),
    ).toBe(false);
    // The docs host serves no site on it, with or without a trailing dot, on any port.
    for (const host of ['console.test', 'console.test.:8080', 'console.test:1'])
      expect([host, gate.isConsoleHostHeader(host)]).toEqual([host, true]);
    expect(gate.isConsoleHostHeader('docs.acme.test')).toBe(false);
  });

  it('hosted mode: a session cookie is read on the console host only, the name of its scheme', () => {
    const gate = createConsoleGate({ mode: 'hosted', consoleHost: 'console.test' });
    const id = 'b'.repeat(43);
    const plain = { cookie: `sx_dashboard=${id}` };
    const secure = { cookie: `__Host-sx_dashboard=${id}` };
    expect(gate.sessionIdOf({ headers: { host: 'console.test', ...plain }, protocol: 'http' as const })).toBe(
      id,
    );
    expect(
      gate.sessionIdOf({ headers: { host: 'console.test', ...secure }, protocol: 'https' as const }),
    ).toBe(id);
    expect(
      gate.sessionIdOf({ headers: { host: 'console.test', ...plain }, protocol: 'https' as const }),
    ).toBeUndefined();
    expect(
      gate.sessionIdOf({ headers: { host: 'docs.acme.test', ...plain }, protocol: 'http' as const }),
    ).toBeUndefined();
    expect(
      gate.sessionIdOf({ headers: { host: 'docs.acme.test', ...secure }, protocol: 'https' as const }),
    ).toBeUndefined();
  });

  it('hosted mode without a console host: no console anywhere', () => {
    const gate = createConsoleGate({ mode: 'hosted' });
    expect([gate.enabled, gate.serves(on('localhost')), gate.isConsoleHostHeader('localhost')]).toEqual([
      false,
      false,
      false,
    ]);
    expect((gate.routeConstraints().host as RegExp).test('localhost')).toBe(false);
    const cookie = { cookie: `sx_dashboard=${'c'.repeat(43)}` };
    expect(
      gate.sessionIdOf({ headers: { host: 'localhost', ...cookie }, protocol: 'http' as const }),
    ).toBeUndefined();
  });
});
