/**
 * Classify an IP address for the address policy. Pure: takes the literal the resolver returned.
 * IPv4-mapped IPv6 (::ffff:a.b.c.d) is classified by its IPv4 part so it cannot smuggle a blocked address.
 */
import { ipFamily } from './ipLiteral';

export type AddressClass =
  'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved' | 'public';

/** Cloud metadata endpoints that are not already link-local (169.254.169.254 is link-local). */
const METADATA = new Set(['100.100.100.200', 'fd00:ec2::254', '168.63.129.16']);

export function classifyAddress(address: string): AddressClass {
  const ip = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = ipFamily(ip);
  if (family === 4) return classifyV4(ip);
  if (family === 6) return classifyV6(ip);
  return 'reserved';
}

function v4Octets(ip: string): number[] {
  return ip.split('.').map((p) => Number(p));
}

function classifyV4(ip: string): AddressClass {
  if (METADATA.has(ip)) return 'metadata';
  const [a, b] = v4Octets(ip) as [number, number, number, number];
  if (a === 127) return 'loopback';
  if (a === 0) return 'unspecified';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  // 100.64.0.0/10 (carrier-grade NAT) behaves like private address space.
  if (a === 100 && b >= 64 && b <= 127) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  return 'public';
}

/** Expand an IPv6 literal to eight 16-bit groups (handles '::' and an embedded IPv4 tail). */
export function expandV6(ip: string): number[] {
  let text = ip.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const [a, b, c, d] = v4Octets(last) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string): number[] => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const double = text.indexOf('::');
  if (double < 0) return parse(text);
  const head = parse(text.slice(0, double));
  const tail = parse(text.slice(double + 2));
  return [...head, ...new Array<number>(Math.max(0, 8 - head.length - tail.length)).fill(0), ...tail];
}

function classifyV6(ip: string): AddressClass {
  const g = expandV6(ip);
  if (g.length !== 8) return 'reserved';
  const canonical = g.map((x) => x.toString(16)).join(':');
  if (canonical === 'fd00:ec2:0:0:0:0:0:254') return 'metadata';
  if (g.every((x) => x === 0)) return 'unspecified';
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'loopback';
  const [first = 0, second, , , , , hi = 0, lo = 0] = g;
  // The IPv4 address the last two groups hold in the mapped, compatible and NAT64 forms.
  const v4 = `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): judge the IPv4 inside.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    return classifyV4(v4);
  }
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((first & 0xff00) === 0xff00) return 'multicast';
  if ((first & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local
  // 64:ff9b::/96 NAT64 embeds an IPv4 address: judge it.
  if (first === 0x64 && second === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return classifyV4(v4);
  }
  return 'public';
}
