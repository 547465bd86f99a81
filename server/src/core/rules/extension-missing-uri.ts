/** extension-missing-uri: an extension without a uri cannot be identified or activated (the proto does not mark it REQUIRED; 0.3 did). */
import { isObject } from '../document';
import { finding, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { objectItems } from './walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'extension-missing-uri',
  defaultSeverity: 'error',
  title: 'An extension without a uri',
  appliesTo: ['card'],
};

export const extensionMissingUri: Rule = ({ value }) => {
  if (!isObject(value) || !isObject(value.capabilities)) return [];
  const out: Finding[] = [];
  for (const ext of objectItems(value.capabilities.extensions, '/capabilities/extensions')) {
    const uri = ext.value.uri;
    if (typeof uri === 'string' && uri.trim() !== '') continue;
    out.push(
      finding(
        meta,
        ext.pointer,
        'This extension has no uri: clients activate extensions by URI, so give it one (with a version, e.g. https://example.com/ext/v1).',
        { data: { index: ext.index } },
      ),
    );
  }
  return out;
};

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
