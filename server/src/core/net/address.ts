/**
 * Classify an IP address for the address policy. Pure: takes the literal the resolver returned.
 * The special-purpose ranges are ipaddr.js's (IANA's IPv4 and IPv6 special-purpose registries, maintained there,
 * pure JavaScript): only its `unicast` is public. The IPv6 forms that carry an IPv4 address (mapped, compatible,
 * SIIT, NAT64, 6to4, Teredo) are classified as that IPv4 address, so none can smuggle a blocked one.
 */
import ipaddr from 'ipaddr.js';
import { ipFamily } from './ipLiteral';

export type AddressClass =
  'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved' | 'public';

/** Cloud metadata endpoints that are not already link-local (169.254.169.254 is link-local). */
const METADATA = new Set(['100.100.100.200', 'fd00:ec2::254', '168.63.129.16']);

/** ipaddr.js range names → our classes; a range not named here (documentation, benchmarking, AS112…) is reserved. */
const RANGE_CLASS: Record<string, AddressClass> = {
  unicast: 'public',
  unspecified: 'unspecified',
  loopback: 'loopback',
  private: 'private',
  // Carrier-grade NAT (100.64.0.0/10) and unique-local / site-local IPv6 behave like private address space.
  carrierGradeNat: 'private',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  linkLocal: 'link-local',
  multicast: 'multicast',
};

export function classifyAddress(address: string): AddressClass {
  const ip = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = ipFamily(ip);
  if (family === 0) return 'reserved';
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = family === 4 ? ipaddr.IPv4.parse(ip) : ipaddr.IPv6.parse(ip);
  } catch {
    return 'reserved';
  }
  return parsed.kind() === 'ipv4' ? classifyV4(parsed as ipaddr.IPv4) : classifyV6(parsed as ipaddr.IPv6);
}

function classifyV4(ip: ipaddr.IPv4): AddressClass {
  if (METADATA.has(ip.toString())) return 'metadata';
  return RANGE_CLASS[ip.range()] ?? 'reserved';
}

function classifyV6(ip: ipaddr.IPv6): AddressClass {
  const p = ip.parts;
  if (METADATA.has(new ipaddr.IPv6(p).toRFC5952String())) return 'metadata';
  const range = ip.range();
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d (SIIT)
      return classifyV4(v4From(p[6]!, p[7]!));
    case 'rfc6052': {
      // 64:ff9b::/96 (well-known NAT64) carries the address in its last 32 bits; the local-use 64:ff9b:1::/48 is
      // a network's own translator, so at least private whatever it carries.
      const embedded = classifyV4(v4From(p[6]!, p[7]!));
      return p[2] === 0 || embedded !== 'public' ? embedded : 'private';
    }
    case '6to4': // 2002:AABB:CCDD::/48 carries AA.BB.CC.DD
      return classifyV4(v4From(p[1]!, p[2]!));
    case 'teredo': {
      // 2001:0:SERVER:flags:port:CLIENT, the client's address inverted; the tunnel reaches both.
      return stricter(classifyV4(v4From(p[2]!, p[3]!)), classifyV4(v4From(p[6]! ^ 0xffff, p[7]! ^ 0xffff)));
    }
  }
  // ::a.b.c.d (IPv4-compatible, deprecated): every group zero but the last two, and not :: or ::1.
  if (range === 'unicast' && p.slice(0, 6).every((x) => x === 0)) return classifyV4(v4From(p[6]!, p[7]!));
  return RANGE_CLASS[range] ?? 'reserved';
}

function v4From(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
}

/** The class that reaches less: anything but public wins. */
function stricter(a: AddressClass, b: AddressClass): AddressClass {
  return a === 'public' ? b : a;
}
