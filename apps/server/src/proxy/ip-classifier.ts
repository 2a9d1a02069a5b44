/**
 * Pure rules over IP addresses: parse IPv4 and IPv6 text into bytes, and name the special-use
 * class an address belongs to (loopback, RFC 1918, link-local, CGNAT, multicast, …). IPv6
 * transition forms (IPv4-mapped, IPv4-translated/SIIT `::ffff:0:a.b.c.d`, IPv4-compatible, 6to4,
 * NAT64 `64:ff9b::/96`, Teredo, ISATAP interface ids `…:5efe:a.b.c.d` under any prefix) are
 * unwrapped and the embedded IPv4 address is classified too, so `[::ffff:7f00:1]` is loopback
 * like `127.0.0.1`. The local-use NAT64 prefix `64:ff9b:1::/48` (RFC 8215) may embed IPv4 at any
 * of RFC 6052's prefix lengths, so it is never public.
 * No I/O: the proxy's target guard calls these after resolving a name. Text is parsed by
 * ipaddr.js; the special-use table and the unwrapping are this module's policy.
 */
import ipaddr from 'ipaddr.js';

/** The special-use class of an address; `public` means a proxy may connect to it. */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'protocol-assignment'
  | 'unique-local'
  | 'site-local'
  | 'discard'
  | 'nat64-local';

/** A classified address: its class and, for transition forms, the IPv4 address found inside. */
export interface AddressVerdict {
  kind: AddressClass;
  /** `ipv4-mapped`, `ipv4-translated`, `6to4`, `nat64`, `teredo`, `isatap`, `ipv4-compatible` when the class came from an embedded IPv4. */
  via?: string;
}

/**
 * Parses dotted-quad IPv4 into 4 bytes, or undefined. Strict: four decimal parts 0–255 without
 * leading zeros. The hex, octal and short forms `inet_aton` reads (`0x7f.1`, `0177.0.0.1`,
 * `2130706433`) are not literals here; a URL's host arrives already normalised by the WHATWG
 * parser, and a resolver answer that is not canonical is refused as unresolved.
 */
export function parseIpv4(text: string): Uint8Array | undefined {
  return ipaddr.IPv4.isValidFourPartDecimal(text)
    ? Uint8Array.from(ipaddr.IPv4.parse(text).toByteArray())
    : undefined;
}

/**
 * Parses IPv6 text into 16 bytes, or undefined: `::`, brackets, a zone id (`%eth0`, any text,
 * dropped) and a trailing dotted quad, which must itself be a strict one (`::ffff:0x7f.1` is not
 * an address).
 */
export function parseIpv6(input: string): Uint8Array | undefined {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  if (text.includes('%')) text = text.slice(0, text.indexOf('%'));
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    // Written out as two groups here: ipaddr.js reads `::a.b.c.d` (IPv4-compatible, RFC 4291's
    // deprecated form) as IPv4-mapped `::ffff:a.b.c.d`, which would change its class.
    const v4 = parseIpv4(tail);
    if (!v4) return undefined;
    const group = (high: number, low: number) => ((high << 8) | low).toString(16);
    text = `${text.slice(0, lastColon + 1)}${group(v4[0]!, v4[1]!)}:${group(v4[2]!, v4[3]!)}`;
  }
  return ipaddr.IPv6.isValid(text) ? Uint8Array.from(ipaddr.IPv6.parse(text).toByteArray()) : undefined;
}

function inV4(bytes: Uint8Array, a: number, b: number, c: number, d: number, prefix: number): boolean {
  const value = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const base = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return (value & mask) >>> 0 === (base & mask) >>> 0;
}

/** IPv4 special-use ranges (RFC 6890 and friends), most specific first. */
const V4_RANGES: ReadonlyArray<[number, number, number, number, number, AddressClass]> = [
  [255, 255, 255, 255, 32, 'broadcast'],
  [0, 0, 0, 0, 8, 'unspecified'],
  [10, 0, 0, 0, 8, 'private'],
  [100, 64, 0, 0, 10, 'cgnat'],
  [127, 0, 0, 0, 8, 'loopback'],
  [169, 254, 0, 0, 16, 'link-local'],
  [172, 16, 0, 0, 12, 'private'],
  [192, 0, 0, 0, 24, 'protocol-assignment'],
  [192, 0, 2, 0, 24, 'documentation'],
  [192, 88, 99, 0, 24, 'reserved'],
  [192, 168, 0, 0, 16, 'private'],
  [198, 18, 0, 0, 15, 'benchmarking'],
  [198, 51, 100, 0, 24, 'documentation'],
  [203, 0, 113, 0, 24, 'documentation'],
  [224, 0, 0, 0, 4, 'multicast'],
  [240, 0, 0, 0, 4, 'reserved'],
];

/** Classifies 4 IPv4 bytes. */
export function classifyIpv4(bytes: Uint8Array): AddressClass {
  for (const [a, b, c, d, prefix, kind] of V4_RANGES) if (inV4(bytes, a, b, c, d, prefix)) return kind;
  return 'public';
}

function startsWith(bytes: Uint8Array, prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

/** ISATAP interface id (RFC 5214): `0000:5efe` or `0200:5efe` (the u/g bits may be set), IPv4 last. */
function isatapIpv4(bytes: Uint8Array): Uint8Array[] {
  return (bytes[8]! & 0xfc) === 0 && bytes[9] === 0 && bytes[10] === 0x5e && bytes[11] === 0xfe
    ? [bytes.slice(12)]
    : [];
}

/** The IPv4 address embedded by an IPv6 transition mechanism, if any. */
export function embeddedIpv4(bytes: Uint8Array): { via: string; addresses: Uint8Array[] } | undefined {
  const zero8 = bytes.subarray(0, 8).every((b) => b === 0);
  const zero10 = zero8 && bytes[8] === 0 && bytes[9] === 0;
  if (zero10 && bytes[10] === 0xff && bytes[11] === 0xff)
    return { via: 'ipv4-mapped', addresses: [bytes.slice(12)] };
  // SIIT (RFC 7915 / 2765): ::ffff:0:a.b.c.d.
  if (zero8 && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0)
    return { via: 'ipv4-translated', addresses: [bytes.slice(12)] };
  if (zero10 && bytes[10] === 0 && bytes[11] === 0)
    return { via: 'ipv4-compatible', addresses: [bytes.slice(12)] };
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b], 96)) return { via: 'nat64', addresses: [bytes.slice(12)] };
  // 6to4 and Teredo hosts may also use an ISATAP interface id: check what it embeds as well.
  if (bytes[0] === 0x20 && bytes[1] === 0x02)
    return { via: '6to4', addresses: [bytes.slice(2, 6), ...isatapIpv4(bytes)] };
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0 && bytes[3] === 0) {
    // Teredo: server IPv4 in bits 32–63, client IPv4 obfuscated (XOR 0xff) in the last 32 bits.
    const client = bytes.slice(12).map((b) => b ^ 0xff);
    return { via: 'teredo', addresses: [bytes.slice(4, 8), client] };
  }
  const isatap = isatapIpv4(bytes);
  return isatap.length > 0 ? { via: 'isatap', addresses: isatap } : undefined;
}

/** Classifies 16 IPv6 bytes, unwrapping transition forms (the first non-public embedded class wins). */
export function classifyIpv6(bytes: Uint8Array): AddressVerdict {
  if (bytes.every((b) => b === 0)) return { kind: 'unspecified' };
  if (bytes.subarray(0, 15).every((b) => b === 0) && bytes[15] === 1) return { kind: 'loopback' };
  const embedded = embeddedIpv4(bytes);
  if (embedded) {
    for (const v4 of embedded.addresses) {
      const kind = classifyIpv4(v4);
      if (kind !== 'public') return { kind, via: embedded.via };
    }
    // The IPv4-compatible and translated forms are never routable on the public IPv6 internet.
    if (embedded.via === 'ipv4-compatible' || embedded.via === 'ipv4-translated')
      return { kind: 'reserved', via: embedded.via };
    // An ISATAP interface id says nothing of the prefix: classify the address by it as well.
    if (embedded.via !== 'isatap') return { kind: 'public', via: embedded.via };
  }
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 1], 48)) return { kind: 'nat64-local' };
  if (startsWith(bytes, [0x01, 0, 0, 0, 0, 0, 0, 0], 64)) return { kind: 'discard' };
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8], 32)) return { kind: 'documentation' };
  if (startsWith(bytes, [0x3f, 0xff], 20)) return { kind: 'documentation' };
  if (startsWith(bytes, [0x20, 0x01, 0, 0x02, 0, 0], 48)) return { kind: 'benchmarking' };
  // ORCHID (2001:10::/28, 2001:20::/28) and SRv6 SIDs (5f00::/16): identifiers, never reachable hosts.
  if (startsWith(bytes, [0x20, 0x01, 0, 0x10], 28) || startsWith(bytes, [0x20, 0x01, 0, 0x20], 28))
    return { kind: 'reserved' };
  if (startsWith(bytes, [0x5f, 0x00], 16)) return { kind: 'reserved' };
  if (startsWith(bytes, [0xfc], 7)) return { kind: 'unique-local' };
  if (startsWith(bytes, [0xfe, 0x80], 10)) return { kind: 'link-local' };
  if (startsWith(bytes, [0xfe, 0xc0], 10)) return { kind: 'site-local' };
  if (bytes[0] === 0xff) return { kind: 'multicast' };
  return { kind: 'public' };
}

/** Classifies an address literal (IPv4 dotted quad or IPv6, brackets allowed); undefined if not an IP. */
export function classifyAddress(text: string): AddressVerdict | undefined {
  const v4 = parseIpv4(text);
  if (v4) return { kind: classifyIpv4(v4) };
  if (!text.includes(':')) return undefined;
  const v6 = parseIpv6(text);
  return v6 ? classifyIpv6(v6) : undefined;
}
