/** extension-missing-uri: an extension without a uri cannot be identified or activated (the proto does not mark it REQUIRED; 0.3 did). */
import { Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { shapeCheck, type ShapeEntry } from './shape';

export const meta: RuleMeta = {
  id: 'extension-missing-uri',
  defaultSeverity: 'error',
  title: 'An extension without a uri',
  appliesTo: ['card'],
};

/** The check, as a shape entry. */
const SHAPES: readonly ShapeEntry[] = [
  {
    given: { each: ['capabilities', 'extensions'] },
    when: (ext) => typeof ext.uri !== 'string' || ext.uri.trim() === '',
    message: () =>
      'This extension has no uri: clients activate extensions by URI, so give it one (with a version, e.g. https://example.com/ext/v1).',
    data: (ext) => ({ index: ext.index }),
  },
];

export const extensionMissingUri: Rule = shapeCheck(meta, SHAPES);

const docs: RuleDocs = {
  summary:
    'An extension without a `uri` cannot be identified or activated (the proto does not mark it REQUIRED; clients need it anyway).',
  bad: '`"extensions": [ { "description": "tracing" } ]`',
  fix: '`"extensions": [ { "uri": "https://example.com/ext/tracing/v1", "description": "tracing" } ]`',
  quickFix:
    'remove the entry when it holds nothing but default values; none when it has a description, params or `required: true` (only you know its URI).',
};

const examples: RuleExamples = {
  invalid: [
    { with: { capabilities: { extensions: [{ description: 'tracing' }] } } },
    { with: { capabilities: { extensions: [{ uri: ' ' }] } } },
  ],
  valid: [
    { with: { capabilities: { extensions: [{ uri: 'https://example.com/ext/tracing/v1', description: 'tracing' }] } } },
  ],
};

export const rule: RuleDefinition = { meta, check: extensionMissingUri, docs, examples };
