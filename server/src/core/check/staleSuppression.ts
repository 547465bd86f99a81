/**
 * An `ignore` entry `a2acap check` judged stale (app/checkPolicies.ts decides): it names a policy, its `file` glob
 * covers a lockfile the run checked, and it accepted none of that lockfile's problems. Reported by the text, JSON
 * and SARIF reports at the entry in the configuration file; it never changes the run's exit code.
 */
import type { Position } from '../pointer/range';
import type { Severity } from '../types';

export interface StaleSuppression {
  /** The configuration file as the run names files. */
  file: string;
  /** `/ignore/N`. */
  pointer: string;
  severity: Severity;
  message: string;
  /** The entry's place in the configuration text (absent when it could not be read). */
  range?: { start: Position; end: Position };
}

export const STALE_SUPPRESSION_RULE = 'stale-suppression';
