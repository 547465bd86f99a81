/**
 * Credentials for card-supplied URLs. A bearer token is only ever sent to an agent for a scheme its PUBLIC
 * card declares (and only a scheme that carries bearer tokens). Identities are keyed hashes (HMAC-SHA256 with
 * a per-installation secret) of the token: usable as cache keys, useless to anyone who reads them.
 */
import { createHmac, randomBytes } from 'node:crypto';

export interface BearerCredential {
  /** Scheme name in the card's securitySchemes; omitted → the first declared bearer-capable scheme. */
  scheme?: string;
  token: string;
}

/** Schemes whose credential is an `Authorization: Bearer` token (HTTP bearer, OAuth 2, OpenID Connect). */
export function bearerSchemes(card: unknown): string[] {
  const schemes = (card as { securitySchemes?: unknown })?.securitySchemes;
  if (!schemes || typeof schemes !== 'object' || Array.isArray(schemes)) return [];
  const out: string[] = [];
  for (const [name, value] of Object.entries(schemes as Record<string, unknown>)) {
    const v = (value ?? {}) as Record<string, unknown>;
    const http = v.httpAuthSecurityScheme as { scheme?: unknown } | undefined;
    if (http && typeof http.scheme === 'string' && http.scheme.toLowerCase() === 'bearer') out.push(name);
    else if (v.oauth2SecurityScheme || v.openIdConnectSecurityScheme) out.push(name);
  }
  return out;
}

export type CredentialDecision = { send: true; scheme: string; headers: Record<string, string> } | { send: false; reason: string };

/** Decide whether (and under which declared scheme) a credential may go to this agent. */
export function credentialFor(card: unknown, credential: BearerCredential | undefined): CredentialDecision {
  if (!credential) return { send: false, reason: 'no credential configured' };
  const declared = bearerSchemes(card);
  const scheme = credential.scheme ?? declared[0];
  if (!scheme || !declared.includes(scheme)) {
    const which = credential.scheme ? `scheme '${credential.scheme}'` : 'any bearer scheme';
    return { send: false, reason: `the card does not declare ${which}, so the credential is not sent` };
  }
  return { send: true, scheme, headers: { authorization: `Bearer ${credential.token}` } };
}

/** A keyed hash of a credential: stable per installation, never reversible, never the token. */
export function credentialIdentity(secret: string | Buffer, token: string): string {
  return `hmac-sha256:${createHmac('sha256', secret).update(token, 'utf8').digest('hex').slice(0, 32)}`;
}

export function newInstallationSecret(): string {
  return randomBytes(32).toString('base64url');
}
