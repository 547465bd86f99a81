/**
 * malformed-signature: a card signature's protected header must be base64url of a JSON object carrying alg and kid
 * (§8.4.2), and the signature base64url. Checks the form only; verification is the live-agent part.
 */
import { trimEnd } from '../text/trimEnd';
import { base64UrlDecode, utf8Text } from '../bytes/bytes';
import { isObject } from '../document';
import { finding, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { objectItems } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'malformed-signature',
  defaultSeverity: 'error',
  title: 'A signature whose protected header is not base64url JSON with alg and kid',
  appliesTo: ['card'],
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeHeader(protectedHeader: string): { header?: Record<string, unknown>; problem?: string } {
  const s = trimEnd(protectedHeader, '=');
  if (!BASE64URL.test(s)) return { problem: 'is not base64url (only A-Z a-z 0-9 - _ are allowed)' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Text(base64UrlDecode(s)));
  } catch {
    return { problem: 'does not decode to JSON' };
  }
  if (!isObject(parsed)) return { problem: 'decodes to JSON that is not an object' };
  return { header: parsed };
}

export const malformedSignature: Rule = ({ value }) => {
  if (!isObject(value)) return [];
  const out: Finding[] = [];
  for (const sig of objectItems(value.signatures, '/signatures')) {
    const prot = sig.value.protected;
    if (typeof prot === 'string') {
      const { header, problem } = decodeHeader(prot);
      if (problem) {
        out.push(
          finding(meta, `${sig.pointer}/protected`, `The protected header ${problem}: re-sign the card.`, {
            data: { problem },
          }),
        );
      } else if (header) {
        const missing = ['alg', 'kid'].filter((k) => typeof header[k] !== 'string' || header[k] === '');
        if (missing.length) {
          out.push(
            finding(
              meta,
              `${sig.pointer}/protected`,
              `The protected header has no ${missing.join(' and ')}: A2A signatures must name the algorithm (alg) and the key (kid).`,
              { data: { missing, header } },
            ),
          );
        }
      }
    }
    const signature = sig.value.signature;
    if (typeof signature === 'string' && !BASE64URL.test(trimEnd(signature, '='))) {
      out.push(
        finding(meta, `${sig.pointer}/signature`, 'The signature is not base64url: re-sign the card.', {
          data: { problem: 'signature-not-base64url' },
        }),
      );
    }
  }
  return out;
};

const docs: RuleDocs = {
  summary:
    'A card signature whose `protected` header is not base64url-encoded JSON, or lacks `alg` or `kid`, or whose `signature` is not base64url.',
  bad: '`{ "protected": "eyJhbGciOiJFUzI1NiJ9", "signature": "…" }  (header {"alg":"ES256"}, no kid)`',
  fix: 're-sign with a header carrying alg and kid: {"alg":"ES256","kid":"key-1","typ":"JOSE"}',
  quickFix:
    'remove the malformed signature (it can never verify; removing the only one leaves the card unsigned). Re-signing needs your key.',
};

const examples: RuleExamples = {
  invalid: [{ with: { signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2lnbmF0dXJl' }] } }],
  valid: [
    { with: { signatures: [{ protected: 'eyJhbGciOiJFUzI1NiIsImtpZCI6ImtleS0xIn0', signature: 'c2lnbmF0dXJl' }] } },
  ],
};

export const rule: RuleDefinition = { meta, check: malformedSignature, docs, examples };
