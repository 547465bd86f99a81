/**
 * A mutation that plants the two value classes machine output must keep right: identifiers and URLs holding hidden
 * or bidi characters (which must come back exactly from JSON.parse of every machine-readable output) and URLs whose
 * credentials only the WHATWG parser finds (which must appear in no output). A planted password always matches
 * PLANTED_PASSWORD, and the op names the URL it planted, so the property knows what to look for.
 */
import type { Rng } from './mutate';

// The PRNG helpers of mutate.ts, repeated so that mutate.ts can import this file without a cycle.
const int = (rng: Rng, n: number): number => Math.floor(rng() * n);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[int(rng, items.length)]!;
const chance = (rng: Rng, p: number): boolean => rng() < p;

/** Every planted password and credential value, and nothing else in any seed. */
export const PLANTED_PASSWORD = /Zq\d+PlantedPw/;

const HIDDEN = ['\u200b', '\u202e', '\u2066', '\u{E0041}', '\ud800', '\udc00', '\u2028', '\u0085', '\ufeff'];

/** The spellings of userinfo and credential parameters the request's parser reads and a pattern would miss. */
const URL_FORMS: ((secret: string) => string)[] = [
  (p) => `https://user:${p}@agent.example/a2a`,
  (p) => `https:user:${p}@agent.example/a2a`,
  (p) => `https:/user:${p}@agent.example/a2a`,
  (p) => `https:\\\\user:${p}@agent.example/a2a`,
  (p) => `https://a@b:${p}@agent.example/a2a`,
  (p) => ` \tHTTPS://us\ner:${p}@agent.example/a2a`,
  (p) => `wss:user:${p}@agent.example/a2a`,
  (p) => `https://agent.example/a2a?api_key=${p}&x=1`,
  (p) => `https://agent.example/cb#access_token=${p}`,
  (p) => `https://agent.example/?next=https://u:${p}@other.example/`,
  (p) => `see https:u:${p}@agent.example/a2a.`,
];

/** Members whose values are identifiers or URLs: planted there when the slot holds one. */
const TARGETS = new Set(['id', 'url', 'agent', 'name', 'documentationUrl', 'iconUrl', 'uri', 'tenant']);

interface PlantSlot {
  value: unknown;
  key?: string;
  set(v: unknown): void;
  rename?(name: string): void;
}

function hiddenValue(rng: Rng, base: string): string {
  let s = base || 'plan';
  for (let i = 1 + int(rng, 3); i > 0; i--) {
    const at = int(rng, s.length + 1);
    s = s.slice(0, at) + pick(rng, HIDDEN) + s.slice(at);
  }
  return s;
}

/** An object member named in TARGETS under the slot (breadth first, bounded), or undefined. */
function targetUnder(value: unknown): { holder: Record<string, unknown>; key: string } | undefined {
  const queue: unknown[] = [value];
  for (let seen = 0; queue.length && seen < 200; seen++) {
    const v = queue.shift();
    if (Array.isArray(v)) queue.push(...v.slice(0, 20));
    else if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      for (const [k, x] of Object.entries(v)) {
        if (TARGETS.has(k) && typeof x === 'string') return { holder: v as Record<string, unknown>, key: k };
        queue.push(x);
      }
    }
  }
  return undefined;
}

export function plantValue(rng: Rng, slot: PlantSlot): string {
  const url = chance(rng, 0.5);
  const planted = url
    ? pick(rng, URL_FORMS)(`Zq${int(rng, 1e6)}PlantedPw`)
    : hiddenValue(rng, typeof slot.value === 'string' ? slot.value.slice(0, 40) : '');
  const target = targetUnder(slot.value);
  if (target) target.holder[target.key] = planted;
  else if (!url && slot.rename && chance(rng, 0.3)) slot.rename(planted);
  else slot.set(planted);
  return url ? `planted url ${JSON.stringify(planted)}` : 'planted hidden value';
}
