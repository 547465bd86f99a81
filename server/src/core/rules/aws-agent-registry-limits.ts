/**
 * aws-agent-registry-limits: what AWS Agent Registry documents for an A2A card record: the card is the descriptor's
 * `data`, a string of at most 102,400 characters, and the descriptor names the card's schema version
 * (`dataSchemaVersion`, one value): a card whose interfaces state no A2A version, or several, leaves that value
 * open. Silent unless the target aws-agent-registry is set.
 */
import { isObject } from '../document';
import { interfacesOf } from '../card/walk';
import { finding, type Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { AWS_LIMITS_URL, AWS_MAX_DESCRIPTOR_CHARS } from '../registry/targets';
import { quote } from '../text/quote';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'aws-agent-registry-limits',
  defaultSeverity: 'error',
  title: 'A card AWS Agent Registry cannot record as it is (target aws-agent-registry)',
  appliesTo: ['card'],
};

/** Characters as the registry counts them (code points); the length in UTF-16 units bounds it from above. */
function characters(text: string): number {
  if (text.length <= AWS_MAX_DESCRIPTOR_CHARS) return text.length;
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export const awsAgentRegistryLimits: Rule = ({ value, text, settings }) => {
  if (!settings.card.targets?.includes('aws-agent-registry') || !isObject(value)) return [];
  const out: Finding[] = [];
  const length = characters(text ?? JSON.stringify(value));
  if (length > AWS_MAX_DESCRIPTOR_CHARS)
    out.push(
      finding(
        meta,
        '',
        `The card is ${length} characters: AWS Agent Registry takes at most ${AWS_MAX_DESCRIPTOR_CHARS} in an A2A descriptor's data (${AWS_LIMITS_URL}). Minify it or shorten descriptions.`,
        { data: { limit: AWS_MAX_DESCRIPTOR_CHARS, length } },
      ),
    );
  const version = schemaVersionFinding(value);
  if (version) out.push(version);
  return out;
};

/** An interface's A2A version as a registry records it: Major.Minor, or the value as written when it is not one. */
function majorMinor(version: string): string {
  const m = /^\s*(\d+)\.(\d+)/.exec(version);
  return m ? `${m[1]}.${m[2]}` : version.trim();
}

/**
 * The descriptor's dataSchemaVersion is one value: a card whose interfaces state no protocolVersion leaves it open,
 * and one whose interfaces state different Major.Minor versions has no single value to record (a warning: the
 * registry takes whatever the publisher gives, but a reader of the record is told one version).
 */
function schemaVersionFinding(card: Record<string, unknown>): Finding | undefined {
  const stated = interfacesOf(card).flatMap((i) =>
    typeof i.value.protocolVersion === 'string' && i.value.protocolVersion.trim() !== ''
      ? [{ version: majorMinor(i.value.protocolVersion), pointer: `${i.pointer}/protocolVersion` }]
      : [],
  );
  const first = stated[0];
  if (!first) {
    if (!Array.isArray(card.supportedInterfaces) || card.supportedInterfaces.length === 0) return undefined;
    const f = finding(
      meta,
      '/supportedInterfaces',
      `No interface states a protocolVersion: AWS Agent Registry records the card's schema version as the descriptor's dataSchemaVersion (${AWS_LIMITS_URL}), and the card does not say which A2A version that is. Add "protocolVersion": "1.0" (the version the agent speaks) to each entry of supportedInterfaces.`,
      { data: { member: 'protocolVersion' } },
    );
    return { ...f, severity: 'warning' };
  }
  const other = stated.find((s) => s.version !== first.version);
  if (!other) return undefined;
  const versions = [...new Set(stated.map((s) => s.version))];
  const listed =
    versions.length > 5
      ? `${versions.slice(0, 5).map(quote).join(', ')} and ${versions.length - 5} more`
      : versions.map(quote).join(', ');
  const f = finding(
    meta,
    other.pointer,
    `The interfaces state the A2A versions ${listed}: AWS Agent Registry records one dataSchemaVersion per A2A descriptor (${AWS_LIMITS_URL}). Record ${quote(first.version)}, the version of the first interface that states one (clients prefer the first), as dataSchemaVersion, or publish one record per version; this interface's protocolVersion says ${quote(other.version)}.`,
    { data: { member: 'protocolVersion', record: first.version, versions: versions.slice(0, 5) } },
  );
  return { ...f, severity: 'warning' };
}

const docs: RuleDocs = {
  summary: [
    'With the target `aws-agent-registry`: a card longer than 102,400 characters, the most AWS Agent Registry takes in',
    "an A2A record's descriptor (`A2aAgentCardDescriptor.data`; an error). The record also names the descriptor's",
    '`dataSchemaVersion` (one value, at most 255 characters): the A2A version the card speaks. A card whose',
    'interfaces state no `protocolVersion`, or different Major.Minor versions (`1.0` and `0.3`), leaves that value',
    "open (a warning that names the value to record: the first interface's version, the one clients prefer). Silent",
    'without the target.',
  ],
  bad: 'a card of 150,000 characters (thousands of skills, long examples); interfaces stating `1.0` and `0.3`',
  fix: "minify the card, shorten descriptions and examples, or split the agent; state one `protocolVersion` on every interface, or record the first interface's version as `dataSchemaVersion` and publish one record per version",
  quickFix: 'none (what to cut is yours to decide).',
  more: [
    'Evidence: [A2aAgentCardDescriptor](https://docs.aws.amazon.com/agent-registry/latest/APIReference/API_A2aAgentCardDescriptor.html)',
    '("data … Length Constraints: Minimum length of 1. Maximum length of 102400"; "dataSchemaVersion … Maximum length',
    'of 255"): the descriptor holds one card and one schema version. The A2A specification gives each interface its',
    'own `protocolVersion` (Major.Minor), so a card may speak several.',
  ],
};

const LONG = 'Prices trips: flights, trains and hotels, in EUR or USD. '.repeat(1900);
const TARGET = {
  card: { internalOnly: false, skillDescription: { minLength: 20, maxLength: 2000 }, targets: ['aws-agent-registry'] },
};

const MIXED = [
  { url: 'https://pricing.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
  { url: 'https://pricing.example.com/v03', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
];
const UNSTATED = [{ url: 'https://pricing.example.com/a2a', protocolBinding: 'JSONRPC' }];
const PATCHES = [
  { url: 'https://pricing.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
  { url: 'https://pricing.example.com/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0.1' },
];

const examples: RuleExamples = {
  invalid: [
    { with: { description: LONG }, settings: TARGET },
    { with: { supportedInterfaces: MIXED }, settings: TARGET },
    { with: { supportedInterfaces: UNSTATED }, settings: TARGET },
  ],
  valid: [
    { with: { description: 'Prices trips.' }, settings: TARGET },
    { with: { description: LONG } },
    { with: { supportedInterfaces: MIXED } },
    { with: { supportedInterfaces: PATCHES }, settings: TARGET },
  ],
};

export const rule: RuleDefinition = { meta, check: awsAgentRegistryLimits, docs, examples };
