/**
 * A fuzzed card compared with itself stripped of its skills and its security schemes (`a2acap diff`): every skill
 * id and scheme name reaches the reports. The text and Markdown reports show no raw control, bidi or invisible
 * character; the JSON report parses back to the card's own ids; nothing throws. One compile, one check per case.
 */
import { diffCards } from '../../server/src/core/cardDiff/diffCards';
import { cardDiffReport } from '../../server/src/core/cardDiff/report';
import { isObject } from '../../server/src/core/document';
import { compileProfile } from '../../server/src/core/profile/compile';
import { DEFAULT_CLIENT } from '../../server/src/core/types';
import { forbiddenCharacter, type Failure } from './properties';

const NAMES = { old: 'old.json', new: 'new.json' };

export function cardDiffFailures(card: unknown): Failure[] {
  if (!isObject(card)) return [];
  const stripped = { ...card, skills: [], securitySchemes: {} };
  const before = { card, profile: compileProfile(card, DEFAULT_CLIENT), digest: 'sha256:old' };
  const after = { card: stripped, profile: compileProfile(stripped, DEFAULT_CLIENT), digest: 'sha256:new' };
  const diff = diffCards(before, after);
  const failures: Failure[] = [];
  for (const format of ['text', 'markdown'] as const) {
    const bad = forbiddenCharacter(cardDiffReport(format, diff, NAMES));
    if (bad) failures.push({ property: `diff ${format} report shows card text visibly`, detail: bad });
  }
  const json = JSON.parse(cardDiffReport('json', diff, NAMES)) as { skills: Record<string, unknown> };
  for (const id of Object.keys(before.profile.skills ?? {}))
    if (!Object.hasOwn(json.skills, id))
      failures.push({ property: 'diff JSON keeps skill ids exactly', detail: JSON.stringify(id).slice(0, 120) });
  return failures;
}
