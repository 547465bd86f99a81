/**
 * Restricted Mode (an untrusted workspace), and the CLI reading a repository's configuration (a fork's pull request
 * in CI) unless the run says --allow-repo-rule-overrides: the repository's configuration (.a2a/config.json, the workspace's
 * `a2a.rules`) still tunes lint, but it may not lower the severity of the rules that protect the person reading
 * the card, or a hostile repository could switch off the very warning about its hidden text. For those rules a
 * severity lower than the floor (the user's own setting, else the rule's default) is raised back to the floor;
 * raising one stays allowed, and every other rule is configured as usual.
 */
import { RULES } from '../rules/catalog';
import type { Severity, SeveritySetting } from '../types';

/** The rules a repository cannot quieten in Restricted Mode, and why each protects the reader. */
export const READER_PROTECTING_RULES: Readonly<Record<string, string>> = {
  'suspicious-text': 'hidden characters or instructions aimed at a model in card text',
  'spoofed-name': 'a name written in look-alike characters to pass for another agent or brand',
  'discovery-poisoning': 'card text telling the model that selects agents to prefer this one',
  'duplicate-member': 'a member given twice: the reader sees one value, a JSON parser takes the other',
  'insecure-interface-url': 'an interface over plain http://, where a credential would travel in clear text',
  'invalid-interface-url': 'an interface URL that is not what it looks like (relative, a placeholder, not a URL)',
  'malformed-signature': 'a signature that cannot be what it claims to be',
  'not-canonicalizable': 'a card no digest or signature can cover, so what was pinned or signed cannot be checked',
  'internal-error': 'a rule that failed on the document: its findings are missing, not passed',
};

const RANK: Record<SeveritySetting, number> = { off: 0, hint: 1, info: 2, warning: 3, error: 4 };
const DEFAULTS = new Map<string, Severity>(RULES.map((r) => [r.id, r.defaultSeverity]));

/**
 * `rules` (what the repository and the user set together) with every reader-protecting rule at least at its floor:
 * `userRules[id]` when the user set one in their own settings, else the rule's default severity.
 */
export function restrictedRules(
  rules: Record<string, SeveritySetting>,
  userRules: Record<string, SeveritySetting> = {},
): Record<string, SeveritySetting> {
  const out: Record<string, SeveritySetting> = { ...rules };
  for (const id of Object.keys(READER_PROTECTING_RULES)) {
    const floor = userRules[id] ?? DEFAULTS.get(id);
    const given = out[id];
    if (floor === undefined || given === undefined) continue;
    if (RANK[given] < RANK[floor]) out[id] = floor;
  }
  return out;
}
