/**
 * Credentials for card-supplied URLs. A credential is only ever sent to an agent for a scheme its PUBLIC card
 * declares, in the way that scheme says:
 * - HTTP bearer, OAuth 2, OpenID Connect: `Authorization: Bearer <token>`;
 * - API key with location `header`: the key in the header the scheme names; location `cookie`: as that cookie.
 * An API key the scheme wants in the URL query is not sent (a URL ends up in logs and error messages); nor is one
 * whose header name is not a plain header token or would replace a header the protocol itself sets. The scheme
 * names and header names come from an untrusted card, so each is checked before it is used.
 * Identities are keyed hashes (HMAC-SHA256 with a per-installation secret) of the token: usable as cache keys,
 * useless to anyone who reads them.
 */
import { hmacSha256Hex, randomBase64Url } from '../bytes/hash';

export interface Credential {
  /** Scheme name in the card's securitySchemes; omitted → the first declared scheme a credential can be sent for. */
  scheme?: string;
  token: string;
}

/** The name this module had when only bearer tokens were sent; the same shape. */
export type BearerCredential = Credential;

/** How a declared scheme carries its credential, or why a2acap will not send one for it. */
type Carrier =
  | { kind: 'bearer' }
  | { kind: 'header'; name: string }
  | { kind: 'cookie'; name: string }
  | { kind: 'refused'; reason: string };

/** RFC 9110 token: what a header (or cookie) name may be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Headers the request machinery or the protocol sets: a card's API-key scheme may not take them over. */
const RESERVED = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'accept',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
  'a2a-version',
  'a2a-extensions',
  'cookie',
  'proxy-authorization',
]);

function carrierOf(value: unknown): Carrier | undefined {
  const v = (value ?? {}) as Record<string, unknown>;
  const http = v.httpAuthSecurityScheme as { scheme?: unknown } | undefined;
  if (http && typeof http.scheme === 'string' && http.scheme.toLowerCase() === 'bearer') return { kind: 'bearer' };
  if (v.oauth2SecurityScheme || v.openIdConnectSecurityScheme) return { kind: 'bearer' };
  const apiKey = v.apiKeySecurityScheme as { location?: unknown; name?: unknown } | undefined;
  if (!apiKey) return undefined;
  const location = typeof apiKey.location === 'string' ? apiKey.location.toLowerCase() : '';
  const name = typeof apiKey.name === 'string' ? apiKey.name : '';
  if (location === 'query')
    return {
      kind: 'refused',
      reason:
        'it puts the key in the URL query, where URLs end up in logs and error messages; a2acap sends credentials in headers only',
    };
  if (!TOKEN.test(name))
    return {
      kind: 'refused',
      reason: `its key name ${JSON.stringify(name.slice(0, 60))} is not a plain header or cookie name`,
    };
  if (location === 'header') {
    return RESERVED.has(name.toLowerCase())
      ? { kind: 'refused', reason: `it would put the key in the ${name} header, which the request itself sets` }
      : { kind: 'header', name };
  }
  if (location === 'cookie') return { kind: 'cookie', name };
  return {
    kind: 'refused',
    reason: `its location ${JSON.stringify(String(apiKey.location).slice(0, 20))} is not header, cookie or query`,
  };
}

function declaredCarriers(card: unknown): [string, Carrier][] {
  const schemes = (card as { securitySchemes?: unknown })?.securitySchemes;
  if (!schemes || typeof schemes !== 'object' || Array.isArray(schemes)) return [];
  const out: [string, Carrier][] = [];
  for (const [name, value] of Object.entries(schemes as Record<string, unknown>)) {
    const carrier = carrierOf(value);
    if (carrier) out.push([name, carrier]);
  }
  return out;
}

/** Schemes a credential can be sent for: bearer-token schemes and API keys in a header or a cookie. */
export function credentialSchemes(card: unknown): string[] {
  return declaredCarriers(card)
    .filter(([, c]) => c.kind !== 'refused')
    .map(([name]) => name);
}

export type CredentialDecision =
  { send: true; scheme: string; headers: Record<string, string> } | { send: false; reason: string };

/** Decide whether (and under which declared scheme, in which header) a credential may go to this agent. */
export function credentialFor(card: unknown, credential: Credential | undefined): CredentialDecision {
  if (!credential) return { send: false, reason: 'no credential configured' };
  const declared = declaredCarriers(card);
  const scheme = credential.scheme ?? declared.find(([, c]) => c.kind !== 'refused')?.[0];
  const carrier = declared.find(([name]) => name === scheme)?.[1];
  if (!scheme || !carrier) {
    const which = credential.scheme ? `scheme '${credential.scheme}'` : 'any scheme a credential can be sent for';
    return { send: false, reason: `the card does not declare ${which}, so the credential is not sent` };
  }
  if (carrier.kind === 'refused')
    return { send: false, reason: `the credential is not sent for scheme '${scheme}': ${carrier.reason}` };
  // A token with a line break or control character would split or corrupt the header it goes in.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(credential.token))
    return { send: false, reason: 'the credential contains control characters or line breaks, so it is not sent' };
  if (carrier.kind === 'bearer')
    return { send: true, scheme, headers: { authorization: `Bearer ${credential.token}` } };
  if (carrier.kind === 'header')
    return { send: true, scheme, headers: { [carrier.name.toLowerCase()]: credential.token } };
  if (/[\s",;\\]/.test(credential.token))
    return {
      send: false,
      reason: `the credential has characters a cookie value cannot hold, so it is not sent as cookie ${carrier.name}`,
    };
  return { send: true, scheme, headers: { cookie: `${carrier.name}=${credential.token}` } };
}

/** A keyed hash of a credential: stable per installation, never reversible, never the token. */
export function credentialIdentity(secret: string | Uint8Array, token: string): string {
  return `hmac-sha256:${hmacSha256Hex(secret, token).slice(0, 32)}`;
}

export function newInstallationSecret(): string {
  return randomBase64Url(32);
}
