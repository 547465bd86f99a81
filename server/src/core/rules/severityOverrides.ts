/**
 * Per-rule severity overrides as users write them: `ID=SEVERITY` on the command line, or an object
 * `{"<rule id>": "<severity>"}` (the `a2a.rules` setting's shape, so one file serves the editor and CI).
 * Unknown rule ids and severities are errors, not silently ignored: a typo in a CI gate must not quietly leave the
 * rule at its default.
 */
import { isObject } from '../document';
import type { SeveritySetting } from '../types';
import { RULES } from './catalog';
import { suggestMember } from '../text/nearName';

export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['error', 'warning', 'info', 'hint', 'off'];

export type Overrides = { ok: true; severities: Record<string, SeveritySetting> } | { ok: false; error: string };

const RULE_IDS = RULES.map((r) => r.id);

function check(id: string, severity: unknown): string | undefined {
  if (!RULE_IDS.includes(id)) {
    const near = suggestMember(id, RULE_IDS);
    return `unknown rule id ${JSON.stringify(id.slice(0, 80))}${near ? ` (did you mean ${near}?)` : ''}; the ids are listed in docs/rules.md`;
  }
  if (typeof severity !== 'string' || !(SEVERITY_SETTINGS as readonly string[]).includes(severity)) {
    return `rule ${id}: severity must be one of ${SEVERITY_SETTINGS.join(', ')} (got ${JSON.stringify(severity)})`;
  }
  return undefined;
}

/** `ID=SEVERITY` pairs, in order (a later pair for the same id wins). */
export function parseRuleFlags(pairs: readonly string[]): Overrides {
  const severities: Record<string, SeveritySetting> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0)
      return { ok: false, error: `${JSON.stringify(pair.slice(0, 80))} is not ID=SEVERITY (e.g. unknown-field=off)` };
    const id = pair.slice(0, eq).trim();
    const severity = pair.slice(eq + 1).trim();
    const problem = check(id, severity);
    if (problem) return { ok: false, error: problem };
    severities[id] = severity as SeveritySetting;
  }
  return { ok: true, severities };
}

/** A JSON object of rule id → severity (the value of the `a2a.rules` setting). */
export function parseRuleObject(value: unknown): Overrides {
  if (!isObject(value))
    return { ok: false, error: 'expected a JSON object of rule id → severity, e.g. {"unknown-field": "off"}' };
  const severities: Record<string, SeveritySetting> = {};
  for (const id of Object.keys(value)) {
    const problem = check(id, value[id]);
    if (problem) return { ok: false, error: problem };
    severities[id] = value[id] as SeveritySetting;
  }
  return { ok: true, severities };
}
