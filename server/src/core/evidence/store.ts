/**
 * What the editor knows about each agent's claims, kept in memory for the server's lifetime: the latest
 * outcome per probe, fed by "A2A: Probe Agent", by pins that probed, and by the `verified` member of the
 * lockfiles it reads. Keyed by agentKey() (normalized card URL). Newer evidence replaces older evidence of
 * the same probe; older evidence never replaces newer (a lockfile pinned last week must not hide a probe
 * run a minute ago).
 */
import type { ProbeOutcome, ProbeResult } from '../probe/types';
import type { Lockfile } from '../types';
import { agentKey } from './agentKey';

export interface EvidenceRecord {
  probe: string;
  /** What was checked, in words (from the probe; '' for lockfile entries that did not say). */
  claim: string;
  outcome: ProbeOutcome;
  detail: string;
  /** ISO time of the probe. */
  at: string;
  /** Where the editor learned it: a probe run in this session, or a lockfile's `verified` member. */
  source: 'probe' | 'lockfile';
}

/** A bound on remembered agents, so a long session that probes many URLs cannot grow without limit. */
const MAX_AGENTS = 500;
const OUTCOMES: readonly ProbeOutcome[] = ['verified', 'refuted', 'skipped', 'error'];

export class EvidenceStore {
  private readonly byAgent = new Map<string, Map<string, EvidenceRecord>>();

  recordProbes(agent: string, results: readonly ProbeResult[]): void {
    for (const r of results)
      this.put(agent, {
        probe: r.probe,
        claim: r.claim,
        outcome: r.outcome,
        detail: r.detail,
        at: r.at,
        source: 'probe',
      });
  }

  /** Structured entries of a lockfile's `verified` member; free-text entries are claims, not evidence. */
  recordLockfile(agent: string, verified: Lockfile['verified']): void {
    for (const [name, e] of Object.entries(verified ?? {})) {
      if (typeof e === 'string' || e === null || typeof e !== 'object') continue;
      if (!OUTCOMES.includes(e.result) || typeof e.at !== 'string') continue;
      const probe = typeof e.probe === 'string' && e.probe !== '' ? e.probe : name;
      this.put(agent, {
        probe,
        claim: '',
        outcome: e.result,
        detail: typeof e.detail === 'string' ? e.detail : '',
        at: e.at,
        source: 'lockfile',
      });
    }
  }

  /** The latest record per probe for the agent, sorted by probe name. */
  get(agent: string): EvidenceRecord[] {
    const records = this.byAgent.get(agentKey(agent));
    return records ? [...records.values()].sort((a, b) => a.probe.localeCompare(b.probe)) : [];
  }

  has(agent: string): boolean {
    return this.byAgent.has(agentKey(agent));
  }

  private put(agent: string, record: EvidenceRecord): void {
    const key = agentKey(agent);
    let records = this.byAgent.get(key);
    if (!records) {
      if (this.byAgent.size >= MAX_AGENTS) this.byAgent.delete(this.byAgent.keys().next().value!);
      records = new Map();
      this.byAgent.set(key, records);
    }
    const existing = records.get(record.probe);
    if (existing && isNewer(existing.at, record.at)) return;
    // Keep the probe's own wording of the claim when a lockfile entry (which has none) is as new.
    records.set(record.probe, existing && record.claim === '' ? { ...record, claim: existing.claim } : record);
  }
}

/** True when `a` is strictly newer than `b` (unparseable times count as oldest). */
function isNewer(a: string, b: string): boolean {
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return (Number.isNaN(ta) ? -Infinity : ta) > (Number.isNaN(tb) ? -Infinity : tb);
}
