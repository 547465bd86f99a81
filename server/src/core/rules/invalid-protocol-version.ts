/**
 * invalid-protocol-version: protocolVersion is Major.Minor ("1.0"). Other forms ("v1", "latest") match nothing; a
 * well-formed but unknown version is probably a typo. A patch number ("1.0.1") is protocol-version-patch's.
 */
import { finding, quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { patchVersion } from '../a2a/protocolVersion';
import { interfacesOf } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'invalid-protocol-version',
  defaultSeverity: 'warning',
  title: 'A protocol version that is not Major.Minor or not a known A2A version',
  appliesTo: ['card'],
};

export const KNOWN_PROTOCOL_VERSIONS = ['1.0', '0.3', '0.2', '0.1'];

function problem(v: string): { message: string; suggestion: string | null } | undefined {
  // Major.Minor.Patch is protocol-version-patch's: one finding per value.
  if (patchVersion(v)) return undefined;
  const mm = /^(\d+)\.(\d+)$/.exec(v);
  if (!mm) {
    // An unanchored search is tried from every position: only on strings of a plausible length (a card may hold 40,000 digits).
    const digits = v.length <= 64 ? /(\d+)\.(\d+)/.exec(v) : null;
    const suggestion = digits ? `${Number(digits[1])}.${Number(digits[2])}` : '1.0';
    return { message: `${quote(v)} is not a Major.Minor protocol version: write e.g. "${suggestion}".`, suggestion };
  }
  if (!KNOWN_PROTOCOL_VERSIONS.includes(v)) {
    return {
      message: `${quote(v)} is not a known A2A protocol version (known: ${KNOWN_PROTOCOL_VERSIONS.join(', ')}): did you mean "1.0"?`,
      suggestion: '1.0',
    };
  }
  return undefined;
}

export const invalidProtocolVersion: Rule = ({ value }) => {
  const out: Finding[] = [];
  for (const entry of interfacesOf(value)) {
    const v = entry.value.protocolVersion;
    if (typeof v !== 'string') continue;
    const p = problem(v);
    if (p)
      out.push(
        finding(meta, `${entry.pointer}/protocolVersion`, p.message, {
          data: { value: v.slice(0, 200), suggestion: p.suggestion },
        }),
      );
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    'A `protocolVersion` that is not Major.Minor or not a known A2A version. A patch part',
    "(`1.0.1`) is [`protocol-version-patch`](#protocol-version-patch)'s, so one value gets one finding.",
  ],
  bad: '`"protocolVersion": "v1"`',
  fix: '`"protocolVersion": "1.0"`',
  quickFix: '**Change to** the suggested Major.Minor version (`v1` → `1.0`).',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: 'v1' },
        ],
      },
    },
  ],
  valid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        ],
      },
    },
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0.1' },
        ],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: invalidProtocolVersion, docs, examples };
