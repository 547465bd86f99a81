/** Probe results: one claim of the card checked against the live agent, recorded with a timestamp. */
import type { Evidence } from '../types';

export type ProbeOutcome = 'verified' | 'refuted' | 'skipped' | 'error';

export interface ProbeResult {
  /** Probe name, e.g. "streaming", "version", "media-type:image/png". */
  probe: string;
  /** What the card claims, in words. */
  claim: string;
  outcome: ProbeOutcome;
  detail: string;
  /** ISO timestamp of the check. */
  at: string;
  /** The A2A test kit's requirement ids this probe tests (core/probe/requirements.ts); absent when none matches. */
  requirements?: string[];
}

/** The lockfile/LSP evidence shape for a probe result. */
export function toEvidence(r: ProbeResult): Evidence {
  return { probe: r.probe, result: r.outcome, at: r.at, detail: `${r.claim}: ${r.detail}` };
}

/**
 * A request agreed with the agent's operator as safe to send (A2A §12 of our facts: SendMessage creates
 * tasks, so message-sending probes are opt-in). Configured per agent.
 */
export interface SafeProbeRequest {
  /** Text of the trivial message, e.g. "ping". */
  text: string;
  /** The skill the message is meant for (a test skill). */
  skill?: string;
  /** Skills that look side-effecting (book, buy, send…) but the user explicitly allows. */
  allowSkills?: string[];
  /** Media types the workflow will send; each is probed. Default: none. */
  mediaTypes?: string[];
  /** Tenant to use instead of the interface's (a test tenant). */
  tenant?: string;
}
