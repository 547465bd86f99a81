/** provider-name-field: AgentProvider names the operator in "organization"; "name" is a common slip that leaves it unset. */
import { has, isObject } from '../document';
import { finding, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';

export const meta: RuleMeta = {
  id: 'provider-name-field',
  defaultSeverity: 'error',
  title: 'provider.name instead of provider.organization',
  appliesTo: ['card'],
};

export const providerNameField: Rule = ({ value }) => {
  if (!isObject(value) || !isObject(value.provider)) return [];
  const provider = value.provider;
  if (!has(provider, 'name') || has(provider, 'organization')) return [];
  return [
    finding(meta, '/provider/name', 'AgentProvider has no "name" member: rename it to "organization".', {
      target: 'key',
      data: { member: 'name', replacement: 'organization' },
    }),
  ];
};

const docs: RuleDocs = {
  summary: "`provider` uses `name`; AgentProvider's member is `organization`.",
  bad: '`"provider": { "name": "Example Travel", "url": "https://example.com" }`',
  fix: '`"provider": { "organization": "Example Travel", "url": "https://example.com" }`',
  quickFix: '**Rename "name" to "organization"**.',
};

const examples: RuleExamples = {
  invalid: [{ with: { provider: { name: 'Example Travel', url: 'https://example.com' } } }],
  valid: [{ with: { provider: { organization: 'Example Travel', url: 'https://example.com' } } }],
};

/** The schema's "organization is missing": the misnamed member is that organization. */
const supersedes = () => '/provider/organization';

export const rule: RuleDefinition = { meta, check: providerNameField, docs, examples, supersedes };
