/**
 * The verifier's KeyInspector (core/signature/keyMaterial.ts) on Node: a PEM public key or X.509 certificate is
 * parsed by node:crypto (key type, curve, the certificate's validity); a JWK is read by the core.
 */
import { createPublicKey, KeyObject, X509Certificate } from 'node:crypto';
import { CURVES, inspectJwk, unreadableKey, type KeyFacts, type KeyMaterial } from '../core/signature/keyMaterial';

function typeOfKeyObject(key: KeyObject): string {
  switch (key.asymmetricKeyType) {
    case 'ec':
      return `EC ${CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''] ?? key.asymmetricKeyDetails?.namedCurve ?? '(unknown curve)'}`;
    case 'rsa':
    case 'rsa-pss':
      return 'RSA';
    case 'ed25519':
      return 'Ed25519';
    case 'ed448':
      return 'Ed448';
    default:
      return String(key.asymmetricKeyType ?? 'unknown');
  }
}

/** Key type and the key's own validity, or why the material cannot be a trusted public key. */
export function inspectKey(material: KeyMaterial): KeyFacts | Error {
  try {
    if (material.kind === 'jwk') return inspectJwk(material.jwk);
    if (material.kind === 'spki') return { type: typeOfKeyObject(createPublicKey(material.pem)), validity: {} };
    const cert = new X509Certificate(material.pem);
    const from = Date.parse(cert.validFrom);
    const to = Date.parse(cert.validTo);
    if (!Number.isFinite(from) || !Number.isFinite(to))
      return new Error("the certificate's validity dates cannot be read");
    return {
      type: typeOfKeyObject(cert.publicKey),
      validity: { notBefore: { at: from, from: 'its certificate' }, notAfter: { at: to, from: 'its certificate' } },
    };
  } catch {
    return unreadableKey(material);
  }
}
