/**
 * required-extension-unsupported: an extension with required: true that the client does not implement makes the
 * agent answer ExtensionSupportRequiredError to every call (§3.3.4), so the agent is unusable for this client.
 */
import { isObject } from '../document';
import { finding, quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { objectItems } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'required-extension-unsupported',
  defaultSeverity: 'warning',
  title: 'A required extension the client does not implement',
  appliesTo: ['card'],
};

export const requiredExtensionUnsupported: Rule = ({ value, settings }) => {
  if (!isObject(value) || !isObject(value.capabilities)) return [];
  const known = new Set(settings.client.knownExtensions);
  const out: Finding[] = [];
  for (const ext of objectItems(value.capabilities.extensions, '/capabilities/extensions')) {
    if (ext.value.required !== true || typeof ext.value.uri !== 'string' || known.has(ext.value.uri)) continue;
    out.push(
      finding(
        meta,
        ext.pointer,
        `Extension ${quote(ext.value.uri)} is required, and this client does not implement it: every call would fail with ExtensionSupportRequiredError. Add it to the client's known extensions, or mark it required: false if it is optional.`,
        { data: { uri: ext.value.uri } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary:
    'An extension is marked `required: true` and the client does not implement it: every call would fail with ExtensionSupportRequiredError.',
  bad: '`"extensions": [ { "uri": "https://example.com/ext/payments/v2", "required": true } ]`',
  fix: 'add the URI to the client\'s known extensions, or mark it "required": false if clients can do without it',
  quickFix: 'adds the extension URI to `a2a.client.knownExtensions` (when your client does implement it).',
};

const examples: RuleExamples = {
  invalid: [
    { with: { capabilities: { extensions: [{ uri: 'https://example.com/ext/payments/v2', required: true }] } } },
  ],
  valid: [
    { with: { capabilities: { extensions: [{ uri: 'https://example.com/ext/payments/v2', required: false }] } } },
  ],
};

export const rule: RuleDefinition = { meta, check: requiredExtensionUnsupported, docs, examples };
