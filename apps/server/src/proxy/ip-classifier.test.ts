/** The address classifier: parsing edge cases and each special-use range, IPv6 transition forms included. */
import { describe, expect, it } from 'vitest';
import { classifyAddress, embeddedIpv4, parseIpv4, parseIpv6 } from './ip-classifier.js';

describe('parsing', () => {
  it('parses strict dotted quads only', () => {
    expect([...(parseIpv4('192.168.0.1') ?? [])]).toEqual([192, 168, 0, 1]);
    for (const bad of ['256.0.0.1', '1.2.3', '1.2.3.4.5', '0x7f.0.0.1', '1.2.3.-4', '']) {
      expect(parseIpv4(bad)).toBeUndefined();
    }
  });

  it('expands IPv6 with ::, brackets, zones and a trailing dotted quad', () => {
    expect([...(parseIpv6('::1') ?? [])].at(-1)).toBe(1);
    expect(parseIpv6('[fe80::1%eth0]')?.[0]).toBe(0xfe);
    expect([...(parseIpv6('::ffff:127.0.0.1') ?? [])].slice(10)).toEqual([0xff, 0xff, 127, 0, 0, 1]);
    for (const bad of ['1::2::3', '12345::', ':::', '1:2:3:4:5:6:7:8:9', 'g::1', '::1.2.3.256']) {
      expect(parseIpv6(bad)).toBeUndefined();
    }
  });
});

describe('classification', () => {
  const cases: [string, string, string?][] = [
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.255.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.10.10', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['192.0.0.8', 'protocol-assignment'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['100::1', 'discard'],
    ['64:ff9b:1::1', 'nat64-local'],
    ['2606:4700::1111', 'public'],
    ['::ffff:127.0.0.1', 'loopback', 'ipv4-mapped'],
    ['::ffff:a9fe:a9fe', 'link-local', 'ipv4-mapped'],
    ['::ffff:8.8.8.8', 'public', 'ipv4-mapped'],
    ['::127.0.0.1', 'loopback', 'ipv4-compatible'],
    ['::8.8.8.8', 'reserved', 'ipv4-compatible'],
    ['64:ff9b::10.0.0.1', 'private', 'nat64'],
    ['64:ff9b::8.8.8.8', 'public', 'nat64'],
    ['2002:7f00:1::', 'loopback', '6to4'],
    ['2002:c0a8:101::1', 'private', '6to4'],
    ['2002:808:808::1', 'public', '6to4'],
    // Teredo: client 127.0.0.1 stored as its bitwise complement 80ff:fffe.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback', 'teredo'],
    // Teredo with a private server address.
    ['2001:0:a00:1::1', 'private', 'teredo'],
    // SIIT, IPv4-translated (::ffff:0:0/96): classed as public before.
    ['::ffff:0:127.0.0.1', 'loopback', 'ipv4-translated'],
    ['::ffff:0:a9fe:a9fe', 'link-local', 'ipv4-translated'],
    ['::ffff:0:10.1.2.3', 'private', 'ipv4-translated'],
    ['::ffff:0:8.8.8.8', 'reserved', 'ipv4-translated'],
    // Local-use NAT64 (RFC 8215) embeds IPv4 at any RFC 6052 prefix length: never public.
    ['64:ff9b:1:7f00:1::', 'nat64-local'],
    ['64:ff9b:1::a00:1', 'nat64-local'],
    // ISATAP interface ids under any prefix, u/g bits set or not.
    ['2a00:1450:4001::5efe:10.0.0.1', 'private', 'isatap'],
    ['2a00:1450:4001::200:5efe:127.0.0.1', 'loopback', 'isatap'],
    ['2a00:1450:4001::300:5efe:169.254.169.254', 'link-local', 'isatap'],
    ['2a00:1450:4001::5efe:8.8.8.8', 'public'],
    ['fe80::5efe:8.8.8.8', 'link-local'],
    ['2002:808:808:1:0:5efe:c0a8:101', 'private', '6to4'],
    // Other special-use IPv6 blocks.
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2001:20::1', 'reserved'],
    ['5f00::1', 'reserved'],
  ];
  it.each(cases)('%s is %s', (address, kind, via) => {
    const verdict = classifyAddress(address);
    expect(verdict?.kind).toBe(kind);
    if (via) expect(verdict?.via).toBe(via);
  });

  it('drops a zone id of any spelling and classifies the address', () => {
    expect(classifyAddress('fe80::1%eth0')?.kind).toBe('link-local');
    expect(classifyAddress('[fe80::1%25eth0]')?.kind).toBe('link-local');
    expect(classifyAddress('::ffff:127.0.0.1%lo')).toEqual({ kind: 'loopback', via: 'ipv4-mapped' });
    expect(classifyAddress('2606:4700::1%eth0.100')?.kind).toBe('public');
    expect(classifyAddress('2606:4700::1%')?.kind).toBe('public');
  });

  it('reads IPv4-mapped IPv6 in every spelling, and only strict dotted quads inside it', () => {
    for (const mapped of ['::ffff:127.0.0.1', '::FFFF:7F00:1', '0:0:0:0:0:ffff:7f00:1', '[::ffff:127.0.0.1]'])
      expect(classifyAddress(mapped), mapped).toEqual({ kind: 'loopback', via: 'ipv4-mapped' });
    // `::a.b.c.d` is IPv4-compatible, not mapped (ipaddr.js alone would read it as mapped).
    expect(classifyAddress('::8.8.8.8')).toEqual({ kind: 'reserved', via: 'ipv4-compatible' });
    for (const bad of ['::ffff:0x7f.0.0.1', '::ffff:0177.0.0.1', '::ffff:127.1', '::ffff:1.2.3.4.5'])
      expect(classifyAddress(bad), bad).toBeUndefined();
  });

  it('does not take hex, octal, short or leading-zero IPv4 forms for literals', () => {
    for (const form of [
      '0x7f.0.0.1',
      '0177.0.0.1',
      '127.1',
      '2130706433',
      '0x7f000001',
      '010.0.0.1',
      '1.2.3.04',
    ])
      expect(classifyAddress(form), form).toBeUndefined();
  });

  it('returns undefined for names', () => {
    expect(classifyAddress('example.com')).toBeUndefined();
    expect(classifyAddress('localhost')).toBeUndefined();
  });

  it('finds both Teredo addresses', () => {
    const bytes = parseIpv6('2001:0:4136:e378:8000:63bf:3fff:fdd2')!;
    const embedded = embeddedIpv4(bytes)!;
    expect(embedded.via).toBe('teredo');
    expect(embedded.addresses.map((a) => [...a].join('.'))).toEqual(['65.54.227.120', '192.0.2.45']);
  });
});
