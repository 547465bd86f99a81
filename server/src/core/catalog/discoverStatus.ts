/**
 * The status of an A2A card entry for this client, from what lint and compile made of the card: invalid when the
 * card has errors (the schema's, or the rules'), else usable or unusable as the compiled profile says, with why.
 */
import type { CompiledProfile, Finding } from '../types';
import type { EntryStatus } from './discoverReport';

export interface CardVerdict {
  status: Extract<EntryStatus, 'usable' | 'unusable' | 'invalid'>;
  reason?: string;
}

/** At most this many errors are named in an invalid card's reason; the rest are counted. */
const ERRORS_NAMED = 3;

export function cardVerdict(findings: readonly Finding[], profile: CompiledProfile): CardVerdict {
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    const named = errors.slice(0, ERRORS_NAMED).map((f) => `${f.code} at ${f.pointer || '/'}`);
    const more = errors.length > ERRORS_NAMED ? `, and ${errors.length - ERRORS_NAMED} more` : '';
    return { status: 'invalid', reason: `${errors.length} error(s): ${named.join(', ')}${more}` };
  }
  if (profile.usable) return { status: 'usable' };
  return { status: 'unusable', reason: profile.reason ?? 'not usable by this client' };
}
