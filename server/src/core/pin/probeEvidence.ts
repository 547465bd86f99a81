/**
 * Which probe results a lockfile keeps as evidence: the ones about what it pins. The version probe
 * backs the pinned interface; capability probes only when the capability is pinned. Keyed by probe
 * name, so a re-pin replaces the evidence of the same claim.
 */
import { toEvidence, type ProbeResult } from '../probe/types';
import type { Evidence, Lockfile } from '../types';

const CAPABILITY_PROBES: Record<string, keyof Lockfile['requires']> = {
  streaming: 'streaming',
  push: 'push',
  'extended-card': 'extended_card',
};

export function evidenceFor(requires: Lockfile['requires'], results: readonly ProbeResult[]): Record<string, Evidence> {
  const evidence: Record<string, Evidence> = {};
  for (const r of results) {
    const capability = CAPABILITY_PROBES[r.probe];
    const relevant = r.probe === 'version' || (capability !== undefined && requires[capability] === true);
    if (relevant) evidence[r.probe] = toEvidence(r);
  }
  return evidence;
}
