/**
 * The secrets generator: a seed card with real-shaped credentials planted in it (in values, as member names, with a
 * JSON-escaped stem, inside URLs: a query key, a password holding `@`), and the property that no output repeats an
 * 8-character run of one: lint's findings (messages, data, pointers) and the compiled profile as compile shows it.
 * It also echoes each planted secret through the forms an agent can produce (a prefix, split, any case, percent,
 * `\u`, hex, base64 at offsets 0–2) and checks the redactor of a call that knows it removes every run.
 */
import { lintDocument } from '../../server/src/core/lint';
import { compileProfile } from '../../server/src/core/profile/compile';
import { shownProfile } from '../../server/src/core/profile/shown';
import { redactorFor } from '../../server/src/core/text/redact';
import { echoForms } from '../agents/leakAgent';
import { secretRunsIn } from '../secretLeak';
import { chance, int, pick, type Rng } from './mutate';
import type { Failure } from './properties';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const B64 = `${ALNUM}+/`;
const B64URL = `${ALNUM}-_`;

/** Random characters, with a digit and a letter forced in (the loose shapes want something random-looking). */
function chars(rng: Rng, n: number, alphabet: string): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[int(rng, alphabet.length)];
  if (alphabet.includes('0') && alphabet.includes('A')) s = `${s.slice(0, n - 2)}${int(rng, 10)}${'QZXK'[int(rng, 4)]}`;
  return s;
}

interface Planted {
  /** The text placed in the card. */
  text: string;
  /** The credential in it, as secrets-in-card should find it. */
  secret: string;
  /** Whether it can stand as a member name (no characters a shape would stop at). */
  asName: boolean;
}

const SHAPES: readonly ((rng: Rng) => Planted)[] = [
  (rng) => token(`ghp_${chars(rng, 36, ALNUM)}`),
  (rng) => token(`glpat-${chars(rng, 20, ALNUM)}`),
  (rng) => token(`npm_${chars(rng, 36, ALNUM)}`),
  (rng) => token(`hf_${chars(rng, 34, LETTERS)}`),
  (rng) => token(`AKIA${chars(rng, 16, UPPER_DIGITS)}`),
  (rng) => {
    const path = chars(rng, 24, ALNUM);
    return {
      text: `https://hooks.slack.com/services/T${chars(rng, 8, UPPER_DIGITS)}/B${chars(rng, 10, UPPER_DIGITS)}/${path}`,
      secret: path,
      asName: false,
    };
  },
  (rng) => {
    const key = `${chars(rng, 86, B64)}==`;
    return { text: `DefaultEndpointsProtocol=https;AccountName=store;AccountKey=${key}`, secret: key, asName: false };
  },
  (rng) => {
    const key = chars(rng, 32, ALNUM);
    return { text: `https://api.example.com/v1/feed?format=json&api_key=${key}`, secret: key, asName: false };
  },
  (rng) => {
    const password = `${chars(rng, 6, ALNUM)}@${chars(rng, 9, ALNUM)}`;
    return { text: `postgres://svc:${password}@db.example.com:5432/prices`, secret: password, asName: false };
  },
];

function token(t: string): Planted {
  return { text: t, secret: t, asName: true };
}

/** A private JWK, planted as an object (its `d` is the secret). */
function jwk(rng: Rng): { value: Record<string, string>; secret: string } {
  const d = chars(rng, 43, B64URL);
  return { value: { kty: 'EC', crv: 'P-256', x: chars(rng, 43, B64URL), y: chars(rng, 43, B64URL), d }, secret: d };
}

/** Every object and string slot of a JSON value (parents with the key), for planting. */
function slots(value: unknown): { parent: Record<string, unknown> | unknown[]; key: string | number }[] {
  const out: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v))
      v.forEach((x, i) => {
        out.push({ parent: v, key: i });
        stack.push(x);
      });
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        out.push({ parent: v as Record<string, unknown>, key: k });
        stack.push(x);
      }
  }
  return out;
}

export interface SecretsInput {
  text: string;
  secrets: string[];
  ops: string[];
}

/** A card with 1–3 planted secrets, or undefined when the seed is not a card object. */
export function plantSecrets(rng: Rng, cardText: string): SecretsInput | undefined {
  let card: unknown;
  try {
    card = JSON.parse(cardText);
  } catch {
    return undefined;
  }
  if (card === null || typeof card !== 'object' || Array.isArray(card)) return undefined;
  const secrets: string[] = [];
  const ops: string[] = [];
  const escapes: string[] = [];
  for (let n = 1 + int(rng, 3); n > 0; n--) {
    const all = slots(card);
    const slot = all.length ? pick(rng, all) : { parent: card as Record<string, unknown>, key: 'description' };
    if (chance(rng, 0.1)) {
      const key = jwk(rng);
      (card as Record<string, unknown>)[`key${n}`] = key.value;
      secrets.push(key.secret);
      ops.push('private JWK');
      continue;
    }
    const planted = pick(rng, SHAPES)(rng);
    secrets.push(planted.secret);
    const parent = slot.parent;
    if (planted.asName && !Array.isArray(parent) && chance(rng, 0.3)) {
      parent[planted.text] = 'registered';
      ops.push('secret as a member name');
    } else {
      const old = Array.isArray(parent) ? parent[slot.key as number] : parent[slot.key as string];
      const text = typeof old === 'string' && chance(rng, 0.5) ? `${old} ${planted.text}` : planted.text;
      if (Array.isArray(parent)) parent[slot.key as number] = text;
      else parent[slot.key as string] = text;
      ops.push('secret in a value');
    }
    if (chance(rng, 0.3)) escapes.push(planted.text.slice(0, 12));
  }
  let text = JSON.stringify(card, null, chance(rng, 0.5) ? 2 : undefined);
  // A stem written with JSON escapes: the same string to a parser, another text to a screen.
  for (const head of escapes) {
    const escaped = head.replace(/[_\-@]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (escaped !== head && text.includes(head)) {
      text = text.split(head).join(escaped);
      ops.push('JSON-escaped stem');
    }
  }
  return { text, secrets, ops };
}

/** The property: no output repeats an 8-character run of a planted secret. */
export function secretsProperty(input: SecretsInput): Failure[] {
  const failures: Failure[] = [];
  const leaked = (what: string, out: string) => {
    const runs = secretRunsIn(out, input.secrets);
    if (runs.length)
      failures.push({
        property: 'no output repeats an 8-character run of a planted secret',
        detail: `${what}: ${JSON.stringify(runs.slice(0, 3))}`,
      });
  };
  const result = lintDocument(input.text, { fileName: 'agent-card.json' });
  leaked('lint findings', JSON.stringify(result.findings.map((f) => [f.pointer, f.message, f.data])));
  if (result.kind === 'card' && result.value !== undefined)
    leaked('compile', JSON.stringify(shownProfile(compileProfile(result.value)) ?? null));
  const redact = redactorFor(input.secrets);
  for (const secret of input.secrets)
    leaked('an echo through the redactor', redact(`agent said: ${echoForms(secret).join(' | ')}`));
  return failures;
}
