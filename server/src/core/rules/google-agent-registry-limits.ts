/**
 * google-agent-registry-limits: what Google Cloud Agent Registry documents for the A2A cards it registers: a card
 * file of at most 10 KB (larger ones are refused as "payload too large"), and protocol version 1.0 recommended
 * (0.3 supported). Silent unless the target google-agent-registry is set (lint --target, `target` in
 * .a2a/config.json).
 */
import { isObject } from '../document';
import { utf8ByteLength } from '../bytes/bytes';
import { finding, type Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { interfacesOf } from '../card/walk';
import { GOOGLE_LIMITS_URL, GOOGLE_MAX_CARD_BYTES, GOOGLE_VERSIONS_URL } from '../registry/targets';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'google-agent-registry-limits',
  defaultSeverity: 'error',
  title: 'A card Google Cloud Agent Registry would refuse or not recommend (target google-agent-registry)',
  appliesTo: ['card'],
};

function offersVersion10(card: unknown): boolean {
  return interfacesOf(card).some(
    (i) => typeof i.value.protocolVersion === 'string' && /^1\.0(?:\.|$)/.test(i.value.protocolVersion),
  );
}

export const googleAgentRegistryLimits: Rule = ({ value, text, settings }) => {
  if (!settings.card.targets?.includes('google-agent-registry') || !isObject(value)) return [];
  const out: Finding[] = [];
  const bytes = utf8ByteLength(text ?? JSON.stringify(value));
  if (bytes > GOOGLE_MAX_CARD_BYTES)
    out.push(
      finding(
        meta,
        '',
        `The card is ${bytes} bytes: Google Cloud Agent Registry refuses cards over 10 KB (${GOOGLE_MAX_CARD_BYTES} bytes) as too large (${GOOGLE_LIMITS_URL}). Minify it or shorten descriptions.`,
        { data: { limit: GOOGLE_MAX_CARD_BYTES, bytes } },
      ),
    );
  if (Array.isArray(value.supportedInterfaces) && value.supportedInterfaces.length > 0 && !offersVersion10(value)) {
    const f = finding(
      meta,
      '/supportedInterfaces',
      `No interface speaks A2A 1.0: Google Cloud Agent Registry supports 0.3 but recommends 1.0 (${GOOGLE_VERSIONS_URL}).`,
      { data: { recommended: '1.0' } },
    );
    out.push({ ...f, severity: 'info' });
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    'With the target `google-agent-registry` (`a2acap lint --target google-agent-registry`, or `"target":',
    '["google-agent-registry"]` in `.a2a/config.json`): a card file over 10 KB, which Google Cloud Agent Registry',
    'refuses as too large (an error), and a card with no A2A 1.0 interface (information: the registry supports 0.3',
    'and recommends 1.0). Silent without the target.',
  ],
  bad: 'a 14 KB card, or `"protocolVersion": "0.3"` on every interface',
  fix: 'minify the card and shorten long descriptions; add a 1.0 interface',
  quickFix: 'none (what to cut is yours to decide).',
  more: [
    'Evidence: [Troubleshoot Agent Registry issues](https://docs.cloud.google.com/agent-registry/troubleshooting)',
    '("verify that your agent-card.json … is less than 10 KB. The AgentSpec and McpServerSpec content sizes are',
    'limited to 10 KB") and [A2A protocol](https://docs.cloud.google.com/agent-registry/a2a-protocol) (versions 1.0,',
    'recommended, and 0.3).',
  ],
};

const LONG = 'Prices trips: flights, trains and hotels, in EUR or USD. '.repeat(200);

const examples: RuleExamples = {
  invalid: [
    {
      with: { description: LONG },
      settings: {
        card: {
          internalOnly: false,
          skillDescription: { minLength: 20, maxLength: 2000 },
          targets: ['google-agent-registry'],
        },
      },
    },
  ],
  valid: [
    {
      with: { description: 'Prices trips.' },
      settings: {
        card: {
          internalOnly: false,
          skillDescription: { minLength: 20, maxLength: 2000 },
          targets: ['google-agent-registry'],
        },
      },
    },
    { with: { description: LONG } },
  ],
};

export const rule: RuleDefinition = { meta, check: googleAgentRegistryLimits, docs, examples };
