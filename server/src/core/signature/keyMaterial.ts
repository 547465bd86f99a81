/**
 * A trusted public key in one of the forms a trust store accepts (a JWK, a PEM SubjectPublicKeyInfo, a PEM
 * X.509 certificate), what kind of key it is, how long it may be used, and its import through jose for the
 * algorithm a signature names. The key type is checked against the algorithm first, so that an RS256
 * signature with an EC key is reported as such instead of as jose's "Invalid key type".
 * A JWK is read here; PEM keys and certificates are parsed by the platform, so the verifier takes a KeyInspector
 * injected (node/keyInspection.ts).
 *
 * Messages never quote key material: a key pasted in the wrong place must not end up in logs or outputs.
 */
import type { CryptoKey, JWK } from 'jose' with { 'resolution-mode': 'import' };

export type KeyMaterial = { kind: 'jwk'; jwk: JWK } | { kind: 'spki'; pem: string } | { kind: 'x509'; pem: string };

/** A time window in epoch milliseconds; each bound says where it came from (for the message). */
export interface Validity {
  notBefore?: { at: number; from: string };
  notAfter?: { at: number; from: string };
}

/** What the key is: 'EC P-256', 'RSA', 'Ed25519'…; `validity` from the key itself (certificate, JWK exp/nbf). */
export interface KeyFacts {
  type: string;
  validity: Validity;
}

/** Key type and the key's own validity, or why the material cannot be a trusted public key. */
export type KeyInspector = (material: KeyMaterial) => KeyFacts | Error;

/** Curve names as JOSE writes them, by the name the platform or a JWK gives. */
export const CURVES: Record<string, string> = {
  prime256v1: 'P-256',
  secp384r1: 'P-384',
  secp521r1: 'P-521',
  'P-256': 'P-256',
  'P-384': 'P-384',
  'P-521': 'P-521',
};

/** The key type each signature algorithm needs (RFC 7518 §3, RFC 8037). */
const ALG_KEY_TYPE: Record<string, readonly string[]> = {
  ES256: ['EC P-256'],
  ES384: ['EC P-384'],
  ES512: ['EC P-521'],
  RS256: ['RSA'],
  RS384: ['RSA'],
  RS512: ['RSA'],
  PS256: ['RSA'],
  PS384: ['RSA'],
  PS512: ['RSA'],
  EdDSA: ['Ed25519', 'Ed448'],
  Ed25519: ['Ed25519'],
};

function typeOfJwk(jwk: JWK): string {
  if (jwk.kty === 'EC') return `EC ${CURVES[jwk.crv ?? ''] ?? jwk.crv ?? '(no curve)'}`;
  if (jwk.kty === 'RSA') return 'RSA';
  if (jwk.kty === 'OKP') return String(jwk.crv ?? 'OKP');
  return String(jwk.kty ?? 'unknown');
}

/** A JWK `exp` / `nbf` member: a NumericDate (seconds since the epoch). Anything else is refused, not ignored. */
function numericDate(jwk: JWK, member: 'exp' | 'nbf'): number | undefined | Error {
  const value = (jwk as Record<string, unknown>)[member];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    return new Error(`its JWK "${member}" is not a NumericDate (seconds since 1970)`);
  return value * 1000;
}

/** A JWK's type and its own validity (exp, nbf), or why it cannot be a trusted public key. May throw on a malformed JWK. */
export function inspectJwk(jwk: JWK): KeyFacts | Error {
  if (jwk.kty === 'oct')
    return new Error('it is a symmetric (oct) key, a shared secret: a trust store holds public keys only');
  if ('d' in jwk)
    return new Error(
      'it is a PRIVATE key (the JWK has a "d" member): a trust store holds public keys only; give the public key (without "d") and treat the private key as exposed',
    );
  const exp = numericDate(jwk, 'exp');
  const nbf = numericDate(jwk, 'nbf');
  if (exp instanceof Error) return exp;
  if (nbf instanceof Error) return nbf;
  return {
    type: typeOfJwk(jwk),
    validity: {
      ...(nbf !== undefined ? { notBefore: { at: nbf, from: 'its JWK nbf' } } : {}),
      ...(exp !== undefined ? { notAfter: { at: exp, from: 'its JWK exp' } } : {}),
    },
  };
}

/** Why the material cannot be read at all, without quoting it. */
export function unreadableKey(material: KeyMaterial): Error {
  return new Error(
    material.kind === 'x509'
      ? 'it is not a readable X.509 certificate'
      : material.kind === 'spki'
        ? 'it is not a readable public key (SubjectPublicKeyInfo)'
        : 'it is not a usable JWK',
  );
}

/** Why a key of this type cannot check a signature made with `alg`; undefined when it can. */
export function algMismatch(keyType: string, alg: string): string | undefined {
  const needed = ALG_KEY_TYPE[alg];
  if (!needed || needed.includes(keyType)) return undefined;
  return `it is an ${keyType} key, but the signature's alg ${alg} needs an ${needed.join(' or ')} key`;
}

/** The key imported through jose for `alg` (importJWK / importSPKI / importX509). */
export async function importKey(material: KeyMaterial, alg: string): Promise<CryptoKey | Uint8Array> {
  // jose is ESM-only; this project is CommonJS (bundled by esbuild), so it is loaded with import().
  const { importJWK, importSPKI, importX509 } = await import('jose');
  if (material.kind === 'jwk') return importJWK(material.jwk, alg);
  if (material.kind === 'spki') return importSPKI(material.pem, alg);
  return importX509(material.pem, alg);
}
