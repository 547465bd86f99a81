/**
 * required-extension-unsupported: an extension with required: true that the client does not implement makes the
 * agent answer ExtensionSupportRequiredError to every call (§3.3.4), so the agent is unusable for this client.
 */
import { isObject } from '../document';
import { finding, quote, Rule, type RuleDefinition, type RuleMeta } from './context';
import { objectItems } from './walk';
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

export const rule: RuleDefinition = { meta, check: requiredExtensionUnsupported };
