/** A policy of the project configuration, read and compiled (config/policyEntries.ts reads it; docs/policies.md). */
import type { Severity } from '../types';
import type { CompiledExpression } from './compile';

export interface PolicyEntry {
  /** The findings' code; kebab-case, not a rule id. */
  id: string;
  severity: Severity;
  expression: string;
  /** Repository text: shown as the finding's message (escaped at every sink like card text). */
  message: string;
  run: CompiledExpression;
}
