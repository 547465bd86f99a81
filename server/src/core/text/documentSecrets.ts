/**
 * The credentials in a parsed document and where each is: what the secrets-in-card rule reports and what lint
 * removes from every other finding (hideSecrets.ts). Shapes in secretShapes.ts, places in secretPlaces.ts.
 */
import { mayHoldSecrets } from './secretShapes';
import { placedSecrets, type PlacedSecret } from './secretPlaces';

const MAX_FINDINGS = 50;

/** The rule and lint's redaction both ask, once per parsed document (nothing mutates a parsed value). */
const found = new WeakMap<object, PlacedSecret[]>();

/** The credentials in a parsed document, where each is (at most MAX_FINDINGS). `text` lets a clean document skip the walk. */
export function documentSecrets(value: unknown, text?: string): PlacedSecret[] {
  if (typeof value !== 'object' || value === null) return screened(text) ? scan(value) : [];
  // The answer is kept for a clean document too: lint asks again to redact findings, and the screen of a big text
  // costs as much as the rule.
  let hit = found.get(value);
  if (!hit) found.set(value, (hit = screened(text) ? scan(value) : []));
  return hit;
}

/** Whether the text, when known, may hold a secret (without it, every document may). */
function screened(text: string | undefined): boolean {
  return text === undefined || mayHoldSecrets(text);
}

function scan(value: unknown): PlacedSecret[] {
  return placedSecrets(value, MAX_FINDINGS);
}
