/**
 * Which requirement of the official A2A test kit (a2aproject/a2a-tck) each probe checks, so a probe report lines up
 * with the conformance suite's. The requirements themselves (id, level, title, what the TCK expects) are the TCK's
 * own definitions, kept as data with their source in tckRequirements.json; only the mapping below is ours.
 */
import tck from './tckRequirements.json';
import type { ProbeResult } from './types';

export type RequirementId = keyof typeof tck.requirements;

export interface Requirement {
  id: RequirementId;
  section: string;
  level: string;
  title: string;
}

/**
 * Probe name (or name prefix, ending in ':') → the requirements it tests. A probe of a claimed capability exercises
 * the same operation the TCK's "return error when not supported" requirement does; the card endpoint probes check
 * the caching headers of §8.6.1; the version probes the server responsibilities of §3.6.2.
 */
const BY_PROBE: Readonly<Record<string, readonly RequirementId[]>> = {
  push: ['CORE-CAP-001'],
  streaming: ['CORE-CAP-002'],
  'extended-card': ['CORE-CAP-003'],
  'required-extension:': ['CORE-CAP-004'],
  'media-type:': ['CORE-SEND-003'],
  'card-cache-control': ['CARD-CACHE-001'],
  'card-revalidation': ['CARD-CACHE-002', 'CARD-CACHE-003'],
  version: ['VER-SERVER-001'],
  'version-negotiation': ['VER-SERVER-002'],
  'version-default': ['VER-SERVER-003'],
};

/** The TCK requirements a probe tests, [] when none matches. */
export function requirementsOf(probe: string): Requirement[] {
  const colon = probe.indexOf(':');
  const ids = BY_PROBE[probe] ?? (colon > 0 ? BY_PROBE[probe.slice(0, colon + 1)] : undefined) ?? [];
  return ids.map((id) => {
    const r = tck.requirements[id];
    return { id, section: r.section, level: r.level, title: r.title };
  });
}

/** Each result with the ids of the requirements its probe tests (`requirements`, only when any). */
export function withRequirements(results: readonly ProbeResult[]): ProbeResult[] {
  return results.map((r) => {
    const ids = requirementsOf(r.probe).map((q) => q.id);
    return ids.length ? { ...r, requirements: ids } : r;
  });
}

/** Where the requirement definitions come from (repository, branch, commit). */
export const TCK_SOURCE = tck.source;
