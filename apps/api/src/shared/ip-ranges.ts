import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses are on the public internet. Everything we call on a user's behalf must land
 * on one of these: loopback, private, link-local, CGNAT, multicast, documentation, benchmarking
 * and reserved ranges (IANA's special-purpose registries) are refused, in IPv4 and IPv6, including
 * the IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4).
 */

type Range = readonly [prefix: number[], bits: number];

function v4(text: string): number[] {
  return text.split('.').map(Number);
}

const IPV4_NOT_PUBLIC: readonly Range[] = [
  [v4('0.0.0.0'), 8], // "this network"
  [v4('10.0.0.0'), 8], // private
  [v4('100.64.0.0'), 10], // CGNAT (shared address space)
  [v4('127.0.0.0'), 8], // loopback
  [v4('169.254.0.0'), 16], // link-local (cloud metadata at 169.254.169.254)
  [v4('172.16.0.0'), 12], // private
  [v4('192.0.0.0'), 24], // IETF protocol assignments
  [v4('192.0.2.0'), 24], // documentation (TEST-NET-1)
  [v4('192.88.99.0'), 24], // 6to4 relay anycast (deprecated)
  [v4('192.168.0.0'), 16], // private
  [v4('198.18.0.0'), 15], // benchmarking
  [v4('198.51.100.0'), 24], // documentation (TEST-NET-2)
  [v4('203.0.113.0'), 24], // documentation (TEST-NET-3)
  [v4('224.0.0.0'), 4], // multicast
  [v4('240.0.0.0'), 4], // reserved, and the broadcast address
];

/** IPv6 addresses outside these blocks of 2000::/3 (global unicast) are never public. */
const IPV6_NOT_PUBLIC_IN_GLOBAL: readonly Range[] = [
  [[0x20, 0x01, 0x00], 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff], 20], // documentation
];

function matches(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function publicV4(bytes: readonly number[]): boolean {
  return !IPV4_NOT_PUBLIC.some((range) => matches(bytes, range));
}

/** The 16 bytes of an IPv6 address (already checked with isIPv6, no zone). */
function v6Bytes(text: string): number[] {
  let head = text;
  let tailV4: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tailV4 = v4(text.slice(lastColon + 1));
    head = `${text.slice(0, lastColon + 1)}${tailV4.length ? '0:0' : ''}`;
  }
  const [left = '', right] = head.split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const words = right === undefined ? l : [...l, ...Array<number>(8 - l.length - r.length).fill(0), ...r];
  const bytes = words.flatMap((w) => [(w >> 8) & 0xff, w & 0xff]);
  if (tailV4.length === 4) bytes.splice(12, 4, ...tailV4);
  return bytes;
}

function publicV6(bytes: readonly number[]): boolean {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated; also :: and ::1).
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return publicV4(bytes.slice(12));
  if (zeros(0, 12)) return false;
  // 64:ff9b::a.b.c.d, the well-known NAT64 prefix, reaches that IPv4 address.
  if (matches(bytes, [[0x00, 0x64, 0xff, 0x9b], 96]) && zeros(4, 12)) return publicV4(bytes.slice(12));
  // 2002:aabb:ccdd::/48, 6to4: the IPv4 address is bytes 2 to 5.
  if (matches(bytes, [[0x20, 0x02], 16])) return publicV4(bytes.slice(2, 6));
  if (!matches(bytes, [[0x20], 3])) return false;
  return !IPV6_NOT_PUBLIC_IN_GLOBAL.some((range) => matches(bytes, range));
}

/** True only for an IPv4 or IPv6 address (brackets allowed) on the public internet. */
export function isPublicAddress(address: string): boolean {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(text)) return publicV4(v4(text));
  if (isIPv6(text) && !text.includes('%')) return publicV6(v6Bytes(text.toLowerCase()));
  return false;
}
