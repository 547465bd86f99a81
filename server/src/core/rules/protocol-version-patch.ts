/**
 * protocol-version-patch: an interface's protocolVersion with a patch part ("1.0.1"). Versions are compared as
 * Major.Minor (§3.6: patch numbers SHOULD NOT appear), so a client looking for "1.0" may not match the interface at
 * all. A warning, with the fix: drop the patch part.
 */
import {
  finding,
  quote,
  type Rule,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
} from './context';
import { interfacesOf } from '../card/walk';
import { patchVersion } from '../a2a/protocolVersion';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'protocol-version-patch',
  defaultSeverity: 'warning',
  title: 'A protocol version with a patch part (versions compare as Major.Minor)',
  appliesTo: ['card'],
};

export const protocolVersionPatch: Rule = ({ value }) => {
  const out: Finding[] = [];
  for (const entry of interfacesOf(value)) {
    const v = entry.value.protocolVersion;
    const mm = typeof v === 'string' ? patchVersion(v) : undefined;
    if (mm === undefined) continue;
    out.push(
      finding(
        meta,
        `${entry.pointer}/protocolVersion`,
        `${quote(v)} has a patch part: protocol versions compare as Major.Minor, so clients looking for "${mm}" may not match this interface. Write "${mm}".`,
        { data: { value: v, suggestion: mm } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    'An interface `protocolVersion` with a patch part (`1.0.1`). Versions compare as',
    'Major.Minor, so a client looking for `1.0` may not match the interface.',
  ],
  bad: '`"protocolVersion": "1.0.1"`',
  fix: '`"protocolVersion": "1.0"`',
  quickFix: '**Change to "1.0"** (the patch part dropped).',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0.1' },
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
  ],
};

export const rule: RuleDefinition = { meta, check: protocolVersionPatch, docs, examples };
