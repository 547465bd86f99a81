/**
 * IP spellings: an IPv4 address (often from a special-purpose range) written as one of the IPv6 forms that carry
 * it (mapped, compatible, SIIT, NAT64, 6to4, Teredo), in random case and compression, bracketed or not. The
 * property: the form is classified as the IPv4 address it carries (Teredo: the stricter of server and client;
 * NAT64 local-use: private at least).
 */
import { classifyAddress, type AddressClass } from '../../server/src/core/net/address';
import { chance, int, pick, type Rng } from './mutate';
import type { Failure } from './properties';

export interface IpCase {
  v4: string;
  spelling: string;
  /** The class the spelling must have, when it is not the IPv4 address's own (local-use NAT64). */
  atLeast?: 'private';
}

/** First addresses of special-purpose ranges and a few public ones: random octets alone rarely hit a range. */
const V4_STARTS = [
  [127, 0, 0, 1],
  [10, 0, 0, 0],
  [172, 16, 0, 0],
  [192, 168, 0, 0],
  [100, 64, 0, 0],
  [169, 254, 169, 254],
  [0, 0, 0, 0],
  [198, 18, 0, 0],
  [192, 0, 0, 0],
  [192, 0, 2, 0],
  [198, 51, 100, 0],
  [203, 0, 113, 0],
  [240, 0, 0, 0],
  [255, 255, 255, 255],
  [224, 0, 0, 1],
  [192, 88, 99, 0],
  [8, 8, 8, 8],
  [93, 184, 215, 14],
];

function randomV4(rng: Rng): number[] {
  if (chance(rng, 0.2)) return [int(rng, 256), int(rng, 256), int(rng, 256), int(rng, 256)];
  const base = pick(rng, V4_STARTS);
  return [base[0]!, base[1]!, base[2]!, chance(rng, 0.5) ? base[3]! : int(rng, 256)];
}

/** Eight groups as text: the longest run of zero groups compressed (or not), hex in random case, an IPv4 tail. */
function spell(rng: Rng, groups: number[], v4Tail?: number[]): string {
  const hexParts = groups.map((g) => (chance(rng, 0.3) ? g.toString(16).padStart(4, '0') : g.toString(16)));
  const parts = v4Tail ? [...hexParts.slice(0, 6), v4Tail.join('.')] : hexParts;
  const run = chance(rng, 0.7) ? longestZeroRun(v4Tail ? groups.slice(0, 6) : groups) : undefined;
  const text = run
    ? `${parts.slice(0, run.start).join(':')}::${parts.slice(run.start + run.length).join(':')}`
    : parts.join(':');
  const cased = [...text].map((ch) => (chance(rng, 0.5) ? ch.toUpperCase() : ch)).join('');
  return chance(rng, 0.2) ? `[${cased}]` : cased;
}

function longestZeroRun(groups: number[]): { start: number; length: number } | undefined {
  let best: { start: number; length: number } | undefined;
  for (let i = 0; i < groups.length;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i >= 2 && (!best || j - i > best.length)) best = { start: i, length: j - i };
    i = j;
  }
  return best;
}

export function ipCase(rng: Rng): IpCase {
  const o = randomV4(rng);
  const v4 = o.join('.');
  const tail = chance(rng, 0.4) ? o : undefined;
  const [a, b, c, d] = o as [number, number, number, number];
  switch (int(rng, 7)) {
    case 0:
      return { v4, spelling: spell(rng, [0, 0, 0, 0, 0, 0xffff, (a << 8) | b, (c << 8) | d], tail) };
    case 1:
      return { v4, spelling: spell(rng, [0, 0, 0, 0, 0xffff, 0, (a << 8) | b, (c << 8) | d], tail) };
    case 2:
      return { v4, spelling: spell(rng, [0x64, 0xff9b, 0, 0, 0, 0, (a << 8) | b, (c << 8) | d], tail) };
    case 3:
      return {
        v4,
        spelling: spell(rng, [0x64, 0xff9b, 1, 0, 0, 0, (a << 8) | b, (c << 8) | d], tail),
        atLeast: 'private',
      };
    case 4:
      return {
        v4,
        spelling: spell(rng, [0x2002, (a << 8) | b, (c << 8) | d, int(rng, 0x10000), 0, 0, 0, int(rng, 0x10000)]),
      };
    case 5:
      // Teredo with a public server (65.54.227.120): the client decides.
      return {
        v4,
        spelling: spell(rng, [
          0x2001,
          0,
          0x4136,
          0xe378,
          0x8000,
          int(rng, 0x10000),
          ((a << 8) | b) ^ 0xffff,
          ((c << 8) | d) ^ 0xffff,
        ]),
      };
    default:
      // IPv4-compatible ::a.b.c.d; :: and ::1 are themselves.
      if (o.slice(0, 3).every((x) => x === 0)) return { v4: '1.1.1.1', spelling: '::1.1.1.1' };
      return { v4, spelling: spell(rng, [0, 0, 0, 0, 0, 0, (a << 8) | b, (c << 8) | d], tail) };
  }
}

export function checkIpCase(c: IpCase): Failure | undefined {
  const own = classifyAddress(c.v4);
  const expected: AddressClass = c.atLeast && own === 'public' ? c.atLeast : own;
  const actual = classifyAddress(c.spelling);
  if (actual === expected) return undefined;
  return {
    property: 'an IPv6 form is classified as the IPv4 address it carries',
    detail: `${c.spelling} is ${actual}, ${c.v4} is ${own}`,
  };
}
