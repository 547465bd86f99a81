/**
 * What a fetched card's signature must be, the same in the editor (`a2a.signatures.policy`), the CLI
 * (`--signature-policy`) and the library (`signaturePolicy`). One table says, per mode, which verification
 * outcome makes the card invalid (not compiled); the older boolean (`a2a.signatures.require`, `--require-signed`,
 * `requireSigned`) is an alias of `require`.
 */
import type { Finding } from '../types';

export type SignaturePolicy = 'off' | 'verify-if-present' | 'require';

/** The outcomes a policy judges: unverifiable splits into "no signature at all" and "signed, but not provably". */
export type SignatureVerdict = 'unsigned' | 'verified' | 'untrusted' | 'invalid';

export interface SignaturePolicyRow {
  policy: SignaturePolicy;
  /** One line for settings and help. */
  description: string;
  /** Verdicts that make the card invalid under this policy. */
  errors: readonly SignatureVerdict[];
}

export const SIGNATURE_POLICIES: readonly SignaturePolicyRow[] = [
  {
    policy: 'off',
    description: 'Signatures are not checked; no key is fetched and no outcome is an error.',
    errors: [],
  },
  {
    policy: 'verify-if-present',
    description:
      'A signature is checked when the card has one and a trusted key is configured; a signature that does not match the card (invalid) is an error; unsigned or unverifiable cards are reported, not refused.',
    errors: ['invalid'],
  },
  {
    policy: 'require',
    description:
      'Only a card with a verified signature is valid: unsigned, unverifiable (no trusted key, expired key, …) and invalid cards are errors.',
    errors: ['unsigned', 'untrusted', 'invalid'],
  },
];

export const DEFAULT_SIGNATURE_POLICY: SignaturePolicy = 'verify-if-present';
export const SIGNATURE_POLICY_NAMES: readonly SignaturePolicy[] = SIGNATURE_POLICIES.map((r) => r.policy);

export function isSignaturePolicy(value: unknown): value is SignaturePolicy {
  return typeof value === 'string' && (SIGNATURE_POLICY_NAMES as readonly string[]).includes(value);
}

/**
 * The policy from the mode and the deprecated boolean: `require: true` means `require` whatever the mode says
 * (the stricter of the two, so an old setting never loosens); otherwise the mode, or the default.
 */
export function resolveSignaturePolicy(policy: unknown, requireAlias: unknown): SignaturePolicy {
  if (requireAlias === true) return 'require';
  return isSignaturePolicy(policy) ? policy : DEFAULT_SIGNATURE_POLICY;
}

/** A verification outcome (signature/verify.ts) as the policy table names it. */
export function verdictOf(outcome: {
  outcome: 'verified' | 'unverifiable' | 'invalid';
  reason?: string;
}): SignatureVerdict {
  if (outcome.outcome === 'unverifiable') return outcome.reason === 'unsigned' ? 'unsigned' : 'untrusted';
  return outcome.outcome;
}

/**
 * The finding a signature outcome turns into under a policy, or undefined when the card stays valid.
 * `report` undefined: no verifier was configured (nothing could be checked).
 */
export function signatureFinding(
  policy: SignaturePolicy,
  report: { outcome: 'verified' | 'unverifiable' | 'invalid'; reason?: string; detail: string } | undefined,
): Finding | undefined {
  if (policy === 'off') return undefined;
  if (!report) {
    return policy === 'require'
      ? {
          code: 'signature-required',
          severity: 'error',
          pointer: '',
          message: 'Signed cards are required, but no signature verifier is configured.',
        }
      : undefined;
  }
  const verdict = verdictOf(report);
  const row = SIGNATURE_POLICIES.find((r) => r.policy === policy)!;
  if (!row.errors.includes(verdict)) return undefined;
  if (policy === 'require') {
    return {
      code: 'signature-required',
      severity: 'error',
      pointer: '/signatures',
      message: `Signed cards are required, and this card's signature is ${report.outcome}: ${report.detail}`,
    };
  }
  return {
    code: 'signature-invalid',
    severity: 'error',
    pointer: '/signatures',
    message: `The card's signature does not verify (signature policy ${policy}): ${report.detail}`,
  };
}
