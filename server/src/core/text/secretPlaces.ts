/**
 * Where in a parsed document credentials are, each with its JSON Pointer: in every string value, in every member
 * NAME (a key used as a name is still published; reported at the object that holds it), and as the private members of a JSON Web Key (`d` and the other
 * private parameters, `k` of a symmetric key), which no text pattern can tell from any other base64url string.
 */
import { isObject } from '../document';
import { secretsIn as shapedSecretsIn, type SecretHit } from './secretShapes';
import { urlCredentialsIn } from './urlCredentials';
import { pointerTo } from '../card/walk';

/** A string's credentials: the provider shapes, and URL credentials as the request's parser reads them. */
function secretsIn(s: string): SecretHit[] {
  return [...shapedSecretsIn(s), ...urlCredentialsIn(s)];
}

export interface PlacedSecret extends SecretHit {
  pointer: string;
}

/** The members of a JWK that make it private: RSA, EC and OKP private parts, and a symmetric key. */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const;

/** Shorter than any real key's part; a documentation stub (`"d": "..."`) is not a key. */
const MIN_JWK_PART = 16;

function privateJwkParts(v: Record<string, unknown>, pointer: string): PlacedSecret[] {
  if (typeof v.kty !== 'string') return [];
  const out: PlacedSecret[] = [];
  for (const name of PRIVATE_JWK_MEMBERS) {
    const part = v[name];
    if (typeof part === 'string' && part.length >= MIN_JWK_PART && /^[A-Za-z0-9_-]+=*$/.test(part))
      out.push({ kind: 'a private JSON Web Key', secret: part, pointer: pointerTo(pointer, name) });
  }
  return out;
}

/**
 * The credentials of a document, at most `max`, in document order. Iterative, so a deeply nested document cannot
 * exhaust the stack.
 */
export function placedSecrets(value: unknown, max: number): PlacedSecret[] {
  const out: PlacedSecret[] = [];
  const add = (hits: readonly SecretHit[], pointer: string): boolean => {
    for (const hit of hits) {
      if (out.length >= max) return false;
      if (!out.some((h) => h.secret === hit.secret && h.pointer === pointer)) out.push({ ...hit, pointer });
    }
    return true;
  };
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, pointer] = stack.pop()!;
    if (typeof v === 'string') {
      if (!add(secretsIn(v), pointer)) return out;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${pointer}/${i}`]);
    } else if (isObject(v)) {
      for (const jwk of privateJwkParts(v, pointer)) if (!add([jwk], jwk.pointer)) return out;
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        stack.push([v[k], pointerTo(pointer, k)]);
        // At the object holding the member: a pointer through the name would repeat the secret.
        if (!add(secretsIn(k), pointer)) return out;
      }
    }
  }
  return out;
}
