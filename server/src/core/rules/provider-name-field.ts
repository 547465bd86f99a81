/** provider-name-field: AgentProvider names the operator in "organization"; "name" is a common slip that leaves it unset. */
import { has } from '../document';
import { Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { shapeCheck, type ShapeEntry } from './shape';

export const meta: RuleMeta = {
  id: 'provider-name-field',
  defaultSeverity: 'error',
  title: 'provider.name instead of provider.organization',
  appliesTo: ['card'],
};

/** The check, as a shape entry. */
const SHAPES: readonly ShapeEntry[] = [
  {
    given: { member: ['provider'] },
    when: (provider) => has(provider, 'name') && !has(provider, 'organization'),
    at: 'name',
    target: 'key',
    message: () => 'AgentProvider has no "name" member: rename it to "organization".',
    data: () => ({ member: 'name', replacement: 'organization' }),
  },
];

export const providerNameField: Rule = shapeCheck(meta, SHAPES);

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
