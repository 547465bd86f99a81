/**
 * aws-agent-registry-limits: what AWS Agent Registry documents for an A2A card record: the card is the descriptor's
 * `data`, a string of at most 102,400 characters. Silent unless the target aws-agent-registry is set.
 */
import { isObject } from '../document';
import { finding, type Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { AWS_LIMITS_URL, AWS_MAX_DESCRIPTOR_CHARS } from '../registry/targets';

export const meta: RuleMeta = {
  id: 'aws-agent-registry-limits',
  defaultSeverity: 'error',
  title: 'A card longer than AWS Agent Registry takes (target aws-agent-registry)',
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
  const length = characters(text ?? JSON.stringify(value));
  if (length <= AWS_MAX_DESCRIPTOR_CHARS) return [];
  return [
    finding(
      meta,
      '',
      `The card is ${length} characters: AWS Agent Registry takes at most ${AWS_MAX_DESCRIPTOR_CHARS} in an A2A descriptor's data (${AWS_LIMITS_URL}). Minify it or shorten descriptions.`,
      { data: { limit: AWS_MAX_DESCRIPTOR_CHARS, length } },
    ),
  ];
};

const docs: RuleDocs = {
  summary: [
    'With the target `aws-agent-registry`: a card longer than 102,400 characters, the most AWS Agent Registry takes in',
    "an A2A record's descriptor (`A2aAgentCardDescriptor.data`). The record also names the descriptor's",
    '`dataSchemaVersion` (at most 255 characters): give the A2A version the card speaks. Silent without the target.',
  ],
  bad: 'a card of 150,000 characters (thousands of skills, long examples)',
  fix: 'minify the card, shorten descriptions and examples, or split the agent',
  quickFix: 'none (what to cut is yours to decide).',
  more: [
    'Evidence: [A2aAgentCardDescriptor](https://docs.aws.amazon.com/agent-registry/latest/APIReference/API_A2aAgentCardDescriptor.html)',
    '("data … Length Constraints: Minimum length of 1. Maximum length of 102400"; "dataSchemaVersion … Maximum length',
    'of 255").',
  ],
};

const LONG = 'Prices trips: flights, trains and hotels, in EUR or USD. '.repeat(1900);
const TARGET = {
  card: { internalOnly: false, skillDescription: { minLength: 20, maxLength: 2000 }, targets: ['aws-agent-registry'] },
};

const examples: RuleExamples = {
  invalid: [{ with: { description: LONG }, settings: TARGET }],
  valid: [{ with: { description: 'Prices trips.' }, settings: TARGET }, { with: { description: LONG } }],
};

export const rule: RuleDefinition = { meta, check: awsAgentRegistryLimits, docs, examples };
