/**
 * The findings of the project's policies on one card: one per policy the card does not comply with, its code the
 * policy's id, its severity and message the policy's, at the member that decided it (evaluate.ts, profilePointer.ts).
 * A policy that could not decide (an error in the expression on this card, or its read budget spent) is a finding
 * too, saying why: a policy that cannot be checked is never passed.
 */
import type { PolicyEntry } from './policy';
import type { CompiledProfile, Finding } from '../types';
import { evaluatePolicy } from './evaluate';
import { policyPointer } from './profilePointer';

export function policyFindings(policies: readonly PolicyEntry[], card: unknown, profile: CompiledProfile): Finding[] {
  const findings: Finding[] = [];
  for (const policy of policies) {
    const outcome = evaluatePolicy(policy.run, profile, card);
    if (outcome.result === 'complies') continue;
    findings.push(
      outcome.result === 'violates'
        ? {
            code: policy.id,
            severity: policy.severity,
            pointer: policyPointer(outcome.root, outcome.path, profile),
            message: policy.message,
          }
        : {
            code: policy.id,
            severity: policy.severity,
            pointer: '',
            message: `${policy.message} (the policy could not decide: ${outcome.reason})`,
          },
    );
  }
  return findings;
}
