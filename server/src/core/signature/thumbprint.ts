/**
 * The RFC 7638 JWK thumbprint (SHA-256, base64url) of a trusted key: what a lockfile records of the key that signed
 * the card it pinned (signing_key.thumbprint). Computed over the key's public members only, whatever form the
 * trust store gave it in (JWK, PEM public key, X.509 certificate), so the same key always has the same thumbprint.
 */
import type { KeyMaterial } from './keyMaterial';

export async function keyThumbprint(material: KeyMaterial, alg: string): Promise<string> {
  // jose is ESM-only; this project is CommonJS (bundled by esbuild), so it is loaded with import().
  const { calculateJwkThumbprint, exportJWK, importSPKI, importX509 } = await import('jose');
  if (material.kind === 'jwk') return calculateJwkThumbprint(material.jwk, 'sha256');
  const key =
    material.kind === 'spki'
      ? await importSPKI(material.pem, alg, { extractable: true })
      : await importX509(material.pem, alg, { extractable: true });
  return calculateJwkThumbprint(await exportJWK(key), 'sha256');
}
