/**
 * Where verification keys come from: JWKS documents configured per agent (card URL prefix) or per provider
 * (card `provider.organization`), given inline (read from files by the caller) or as URLs the user configured.
 * A card's own `jku` is attacker-controlled: it is followed only when the matching entry allows it
 * (`allowJku`, optionally restricted to URL prefixes), and then through the address policy as a 'card' URL.
 */
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import type { AddressClass } from '../net/address';
import type { HttpClient } from '../net/http';

export interface JwksDocument { keys: JWK[] }

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

export interface FoundKey { jwk: JWK; source: string }

export interface TrustStore {
  /** Keys with this kid from every matching source; `refused` explains a jku that was not followed. */
  find(lookup: KeyLookup): Promise<{ keys: FoundKey[]; refused?: string; errors: string[] }>;
}

export function createTrustStore(entries: TrustEntry[], http?: HttpClient): TrustStore {
  const fetched = new Map<string, Promise<JwksDocument>>();
  const load = (url: string, origin: 'user' | 'card', originClass?: AddressClass): Promise<JwksDocument> => {
    const key = `${origin}:${url}`;
    let p = fetched.get(key);
    if (!p) {
      if (!http) return Promise.reject(new Error('no HTTP client to fetch JWKS'));
      p = http.request(url, { origin, originClass, maxBytes: 256 * 1024, contentTypes: ['application/json', 'application/jwk-set+json', '+json'] })
        .then((res) => {
          if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
          const doc = JSON.parse(res.body.toString('utf8')) as JwksDocument;
          if (!Array.isArray(doc?.keys)) throw new Error(`${url}: not a JWKS document`);
          return doc;
        });
      p.catch(() => fetched.delete(key));
      fetched.set(key, p);
    }
    return p;
  };
  return {
    async find(lookup) {
      const matching = entries.filter((e) => (e.agent !== undefined && lookup.cardUrl.startsWith(e.agent)) || (e.provider !== undefined && e.provider === lookup.provider));
      const keys: FoundKey[] = [];
      const errors: string[] = [];
      let refused: string | undefined;
      const take = (doc: JwksDocument, source: string): void => {
        for (const jwk of doc.keys) if (jwk.kid === lookup.kid) keys.push({ jwk, source });
      };
      for (const e of matching) {
        if (e.jwks) take(e.jwks, e.agent ? `trust store (agent ${e.agent})` : `trust store (provider ${e.provider})`);
        if (e.jwksUrl) await load(e.jwksUrl, 'user').then((d) => take(d, e.jwksUrl!), (err: Error) => { errors.push(err.message); });
      }
      if (lookup.jku) {
        const allowedBy = matching.find((e) => e.allowJku === true || (Array.isArray(e.allowJku) && e.allowJku.some((p) => lookup.jku!.startsWith(p))));
        if (!allowedBy) refused = `the card's jku ${lookup.jku} is not followed (not allowed for this agent or provider)`;
        else await load(lookup.jku, 'card', lookup.originClass).then((d) => take(d, `jku ${lookup.jku}`), (err: Error) => { errors.push(err.message); });
      }
      return { keys, errors, ...(refused ? { refused } : {}) };
    },
  };
}

/**
 * The editor's `a2a.trustStore` setting: key id → a JWKS URL (configured by the user: 'user' origin) or the
 * JWK / JWKS itself as JSON text. It applies to every agent; PEM text is not supported (reported as an error).
 */
export function trustStoreFromKidMap(map: Record<string, string>, http?: HttpClient): TrustStore {
  const fetched = new Map<string, Promise<JwksDocument>>();
  return {
    async find(lookup) {
      const value = map[lookup.kid];
      const errors: string[] = [];
      const keys: FoundKey[] = [];
      if (value === undefined) return { keys, errors };
      const text = value.trim();
      if (/^https?:\/\//i.test(text)) {
        if (!http) return { keys, errors: ['no HTTP client to fetch JWKS'] };
        let p = fetched.get(text);
        if (!p) {
          p = http.request(text, { origin: 'user', maxBytes: 256 * 1024 }).then((res) => {
            if (res.status !== 200) throw new Error(`${text}: HTTP ${res.status}`);
            return JSON.parse(res.body.toString('utf8')) as JwksDocument;
          });
          p.catch(() => fetched.delete(text));
          fetched.set(text, p);
        }
        await p.then((doc) => { for (const jwk of doc.keys ?? []) if (jwk.kid === lookup.kid) keys.push({ jwk, source: `a2a.trustStore (${text})` }); },
          (err: Error) => { errors.push(err.message); });
        return { keys, errors };
      }
      try {
        const parsed = JSON.parse(text) as JwksDocument | JWK;
        const list: JWK[] = Array.isArray((parsed as JwksDocument).keys) ? (parsed as JwksDocument).keys : [parsed as JWK];
        for (const jwk of list) if (jwk.kid === undefined || jwk.kid === lookup.kid) keys.push({ jwk: { ...jwk, kid: lookup.kid }, source: 'a2a.trustStore' });
      } catch {
        errors.push(`a2a.trustStore entry for ${lookup.kid} is neither a JWKS URL nor JWK JSON`);
      }
      return { keys, errors };
    },
  };
}
