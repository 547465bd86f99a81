/**
 * secrets-in-card: a card is public (anyone who can reach the agent reads it), so a credential in it is leaked the
 * moment it is served: provider API keys and tokens, JWTs, private keys, connection strings and URLs with a
 * password (core/secretShapes.ts). An error. The message names the kind and the member, never the secret; lint also
 * keeps the secret out of every other finding (core/hideSecrets.ts), since other rules quote the values they judge.
 *
 * Every string of the document is looked at (a secret can sit in an extension's params as well as in a
 * description), but only when a cheap screen of the whole text finds a credential's stem.
 */
import { isObject } from '../document';
import { secretsIn, mayHoldSecrets, type SecretHit } from '../secretShapes';
import { jsonMayHoldUrlCredentials, urlCredentialsIn } from '../urlCredentials';
import { finding, type Rule, type RuleDefinition, type RuleMeta } from './context';
import { pointerTo } from './walk';

export const meta: RuleMeta = {
  id: 'secrets-in-card',
  defaultSeverity: 'error',
  title: 'A credential (API key, token, private key, password) in the document',
  appliesTo: ['card', 'lockfile'],
};

const MAX_FINDINGS = 50;

export interface PlacedSecret extends SecretHit {
  pointer: string;
}

/** Every string of a JSON value with its pointer; iterative, so a deeply nested document cannot exhaust the stack. */
function* strings(value: unknown): Generator<[string, string]> {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, pointer] = stack.pop()!;
    if (typeof v === 'string') yield [pointer, v];
    else if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${pointer}/${i}`]);
    else if (isObject(v)) for (const k of Object.keys(v).reverse()) stack.push([v[k], pointerTo(pointer, k)]);
  }
}

/** The rule and lint's redaction both ask, once per parsed document (nothing mutates a parsed value). */
const found = new WeakMap<object, PlacedSecret[]>();

/** The credentials in a parsed document, where each is (at most MAX_FINDINGS). `text` lets a clean document skip the walk. */
export function documentSecrets(value: unknown, text?: string): PlacedSecret[] {
  if (text !== undefined && !mayHoldSecrets(text) && !jsonMayHoldUrlCredentials(text)) return [];
  if (typeof value !== 'object' || value === null) return scan(value);
  let hit = found.get(value);
  if (!hit) found.set(value, (hit = scan(value)));
  return hit;
}

function scan(value: unknown): PlacedSecret[] {
  const out: PlacedSecret[] = [];
  for (const [pointer, s] of strings(value)) {
    // URL credentials as the request's parser reads them (urlCredentials.ts), beside the shapes.
    for (const hit of [...secretsIn(s), ...urlCredentialsIn(s)]) {
      if (out.length >= MAX_FINDINGS) return out;
      if (out.some((h) => h.pointer === pointer && h.secret === hit.secret)) continue;
      out.push({ ...hit, pointer });
    }
  }
  return out;
}

export const secretsInCard: Rule = ({ value, text }) =>
  documentSecrets(value, text).map((s) =>
    finding(
      meta,
      s.pointer,
      `This value holds ${s.kind}: a card is public, so the credential is leaked to everyone who fetches it. Remove it, and revoke or rotate the credential.`,
      { data: { kind: s.kind } },
    ),
  );

export const rule: RuleDefinition = { meta, check: secretsInCard };
