/**
 * The project's policies (core/config/policyEntries.ts) run on a card: the profile they see is the one
 * `a2acap compile --format json` prints for the same client (interface URLs without userinfo), as JSON values.
 */
import type { PolicyEntry } from '../core/config/policyEntries';
import { policyFindings } from '../core/policy/findings';
import { compileProfile } from '../core/profile/compile';
import { shownProfile } from '../core/profile/shown';
import type { ClientConfig, CompiledProfile, Finding } from '../core/types';

export type { PolicyEntry };

/** The policy findings of a card value (none when there are no policies). */
export function cardPolicyFindings(policies: readonly PolicyEntry[], card: unknown, client: ClientConfig): Finding[] {
  if (!policies.length) return [];
  const profile = JSON.parse(JSON.stringify(shownProfile(compileProfile(card, client)))) as CompiledProfile;
  return policyFindings(policies, card, profile);
}
