/**
 * Where verification keys come from: JWKS documents configured per agent (card URL prefix) or per provider
 * (card `provider.organization`), given inline (read from files by the caller) or as URLs the user configured.
 * A card's own `jku` is attacker-controlled: it is followed only when the matching entry allows it
 * (`allowJku`, optionally restricted to URL prefixes), and then through the address policy as a 'card' URL.
 */
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { utf8Text } from '../bytes/bytes';
import type { AddressClass } from '../net/address';
import type { HttpClient } from '../net/http';
import type { KeyMaterial, Validity } from './keyMaterial';
import { parseTrustEntry, type TrustStoreValue } from './trustEntry';

export interface JwksDocument {
  keys: JWK[];
}

export interface TrustEntry {
  /** Applies to cards whose URL starts with this prefix. */
  agent?: string;
  /** Applies to cards whose provider.organization equals this. */
  provider?: string;
  /** Inline keys (e.g. read from a JWKS file). */
  jwks?: JwksDocument;
  /** A JWKS URL the user configured ('user' origin for the address policy). */
  jwksUrl?: string;
  /** Follow the card's jku: true for any, or a list of allowed URL prefixes. */
  allowJku?: boolean | string[];
}

export interface KeyLookup {
  cardUrl: string;
  provider?: string;
  kid: string;
  jku?: string;
  originClass?: AddressClass;
}

/** A candidate key; `validity` is its trust-store entry's window (the key's own is read from the key itself). */
export interface FoundKey {
  material: KeyMaterial;
  source: string;
  /**
   * Where the key came from, as a lockfile records it (signing_key.origin): the origin (scheme://host[:port]) of the
   * JWKS URL it was read from, or `trust-store:<kid>` for a key the trust store holds itself. Never a file path.
   */
  origin: string;
  validity?: Validity;
}

/** The origin of a JWKS URL, or the URL itself cut short when it is not one. */
export function originOfKeyUrl(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url.slice(0, 200);
  }
}

export interface TrustStore {
  /** Keys with this kid from every matching source; `refused` explains a jku that was not followed. */
  find(lookup: KeyLookup): Promise<{ keys: FoundKey[]; refused?: string; errors: string[] }>;
}

type JwksRequest = { origin: 'user' | 'card'; originClass?: AddressClass; contentTypes?: readonly string[] };

/**
 * JWKS documents by URL, each fetched once per store (a failure is forgotten, so the next lookup asks again).
 * Throws (rejects) with a one-line reason: an HTTP status, not JSON, or no `keys` array.
 */
function jwksLoader(http: HttpClient | undefined): (url: string, req: JwksRequest) => Promise<JwksDocument> {
  const fetched = new Map<string, Promise<JwksDocument>>();
  return (url, req) => {
    const key = `${req.origin}:${url}`;
    let p = fetched.get(key);
    if (!p) {
      if (!http) return Promise.reject(new Error('no HTTP client to fetch JWKS'));
      p = http.request(url, { ...req, maxBytes: 256 * 1024 }).then((res) => {
        if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
        const doc = JSON.parse(utf8Text(res.body)) as JwksDocument;
        if (!Array.isArray(doc?.keys)) throw new Error(`${url}: not a JWKS document`);
        // A JWKS from the network is untrusted: an entry that is not an object (null, a string) is no key.
        return { ...doc, keys: doc.keys.filter((k) => typeof k === 'object' && k !== null && !Array.isArray(k)) };
      });
      p.catch(() => fetched.delete(key));
      fetched.set(key, p);
    }
    return p;
  };
}

/** Media types accepted for a JWKS that an agent entry or a card's jku names. */
const JWKS_TYPES = ['application/json', 'application/jwk-set+json', '+json'];

export function createTrustStore(entries: TrustEntry[], http?: HttpClient): TrustStore {
  const fetchJwks = jwksLoader(http);
  const load = (url: string, origin: 'user' | 'card', originClass?: AddressClass): Promise<JwksDocument> =>
    fetchJwks(url, { origin, originClass, contentTypes: JWKS_TYPES });
  return {
    async find(lookup) {
      const matching = entries.filter(
        (e) =>
          (e.agent !== undefined && lookup.cardUrl.startsWith(e.agent)) ||
          (e.provider !== undefined && e.provider === lookup.provider),
      );
      const keys: FoundKey[] = [];
      const errors: string[] = [];
      let refused: string | undefined;
      const take = (doc: JwksDocument, source: string, origin: string): void => {
        for (const jwk of doc.keys)
          if (jwk.kid === lookup.kid) keys.push({ material: { kind: 'jwk', jwk }, source, origin });
      };
      for (const e of matching) {
        if (e.jwks)
          take(
            e.jwks,
            e.agent ? `trust store (agent ${e.agent})` : `trust store (provider ${e.provider})`,
            `trust-store:${lookup.kid}`,
          );
        if (e.jwksUrl)
          await load(e.jwksUrl, 'user').then(
            (d) => take(d, e.jwksUrl!, originOfKeyUrl(e.jwksUrl!)),
            (err: Error) => {
              errors.push(err.message);
            },
          );
      }
      if (lookup.jku) {
        const allowedBy = matching.find(
          (e) =>
            e.allowJku === true || (Array.isArray(e.allowJku) && e.allowJku.some((p) => lookup.jku!.startsWith(p))),
        );
        if (!allowedBy)
          refused = `the card's jku ${lookup.jku} is not followed (not allowed for this agent or provider)`;
        else
          await load(lookup.jku, 'card', lookup.originClass).then(
            (d) => take(d, `jku ${lookup.jku}`, originOfKeyUrl(lookup.jku!)),
            (err: Error) => {
              errors.push(err.message);
            },
          );
      }
      return { keys, errors, ...(refused ? { refused } : {}) };
    },
  };
}

/**
 * A key-id trust store: the editor's `a2a.trustStore` setting and the CLI's `--trust-store FILE`. Each `kid`
 * maps to one entry (trustEntry.ts: a JWKS URL configured by the user, 'user' origin; JWK / JWKS; PEM public key
 * or certificate; optionally with notBefore / notAfter). It applies to every agent. An entry that cannot be read
 * is an error for its kid only (it never quotes the entry: it may be a key pasted by mistake).
 */
export function trustStoreFromKidMap(
  map: Readonly<Record<string, TrustStoreValue>>,
  http?: HttpClient,
  label = 'a2a.trustStore',
): TrustStore {
  const fetchJwks = jwksLoader(http);
  return {
    async find(lookup) {
      const errors: string[] = [];
      const keys: FoundKey[] = [];
      if (!Object.hasOwn(map, lookup.kid)) return { keys, errors };
      const entry = parseTrustEntry(map[lookup.kid]);
      if (!entry.ok) return { keys, errors: [`${label} entry for kid ${JSON.stringify(lookup.kid)}: ${entry.error}`] };
      const { source, validity } = entry.value;
      if (source.kind === 'keys') {
        // A key given for this kid is that kid's key; only a JWK that names another kid (inside a JWKS) is passed over.
        for (const material of source.keys) {
          if (material.kind === 'jwk' && material.jwk.kid !== undefined && material.jwk.kid !== lookup.kid) continue;
          keys.push({ material, source: label, origin: `trust-store:${lookup.kid}`, validity });
        }
        return { keys, errors };
      }
      if (!http) return { keys, errors: ['no HTTP client to fetch JWKS'] };
      // Any media type, as before: the user configured this URL for this kid.
      await fetchJwks(source.url, { origin: 'user' }).then(
        (doc) => {
          for (const jwk of doc.keys)
            if (jwk.kid === lookup.kid)
              keys.push({
                material: { kind: 'jwk', jwk },
                source: `${label} (${source.url})`,
                origin: originOfKeyUrl(source.url),
                validity,
              });
        },
        (err: Error) => {
          errors.push(err.message);
        },
      );
      return { keys, errors };
    },
  };
}

/** Several stores as one: keys and errors of all; a refused jku is reported once. */
export function combineTrustStores(stores: readonly TrustStore[]): TrustStore {
  return {
    async find(lookup) {
      const results = await Promise.all(stores.map((s) => s.find(lookup)));
      const refused = results.find((r) => r.refused)?.refused;
      return {
        keys: results.flatMap((r) => r.keys),
        errors: results.flatMap((r) => r.errors),
        ...(refused ? { refused } : {}),
      };
    },
  };
}
