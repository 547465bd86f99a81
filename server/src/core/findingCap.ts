/**
 * How many findings one document reports. A wide document (hundreds of thousands of empty skills or members)
 * would otherwise yield millions of findings: seconds of work and gigabytes in every front end, and an editor that
 * publishes nothing. Past the caps, findings are counted, not made, and one `findings-left-out` summary says how
 * many each rule left out. Errors are kept in preference to warnings, warnings to info, info to hints.
 */
import type { Finding, Severity } from './types';

/** Per rule: more than a page of one kind of problem is the same problem again; fixing the first shows the rest. */
export const MAX_FINDINGS_PER_RULE = 100;
/** Per document: what an editor's problem list and a terminal stay usable with (and what LSP clients publish fast). */
export const MAX_FINDINGS_PER_DOCUMENT = 1000;

export interface FindingCaps {
  perRule: number;
  perDocument: number;
}

export const DEFAULT_FINDING_CAPS: FindingCaps = {
  perRule: MAX_FINDINGS_PER_RULE,
  perDocument: MAX_FINDINGS_PER_DOCUMENT,
};

export const LEFT_OUT_CODE = 'findings-left-out';

/**
 * The findings one rule may still make. A rule asks `admit(out)` before it builds a finding (the message and the
 * data are most of the cost): past the limit the answer is no, and the finding is only counted.
 */
export class RuleBudget {
  leftOut = 0;
  constructor(readonly limit: number) {}

  admit(made: { readonly length: number }): boolean {
    if (made.length < this.limit) return true;
    this.leftOut++;
    return false;
  }
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2, hint: 3 };

/** Counts of findings left out, by rule id. */
export type LeftOut = Map<string, number>;

export function addLeftOut(leftOut: LeftOut, code: string, count: number): void {
  if (count > 0) leftOut.set(code, (leftOut.get(code) ?? 0) + count);
}

/**
 * At most `perRule` findings per code and `perDocument` in all (the summary included), the most severe first; the
 * findings kept stay in their order. `leftOut` already holds what the rules counted without making.
 */
export function capFindings(findings: Finding[], leftOut: LeftOut, caps: FindingCaps): Finding[] {
  if (findings.length <= caps.perRule && leftOut.size === 0) return findings;
  const perCode = new Map<string, number>();
  const byRule: Finding[] = [];
  for (const f of findings) {
    const n = perCode.get(f.code) ?? 0;
    if (n >= caps.perRule) {
      addLeftOut(leftOut, f.code, 1);
      continue;
    }
    perCode.set(f.code, n + 1);
    byRule.push(f);
  }
  // The summary takes one of the document's places whenever there is something to summarise.
  const room = leftOut.size > 0 || byRule.length > caps.perDocument ? caps.perDocument - 1 : caps.perDocument;
  const kept = mostSevere(byRule, room, leftOut);
  if (leftOut.size === 0) return kept;
  kept.push(summary(leftOut, caps));
  return kept;
}

/** The `room` most severe findings, in their original order; the others are counted in leftOut. */
function mostSevere(findings: Finding[], room: number, leftOut: LeftOut): Finding[] {
  if (findings.length <= room) return findings;
  const order = findings.map((_, i) => i);
  order.sort((a, b) => SEVERITY_RANK[findings[a]!.severity] - SEVERITY_RANK[findings[b]!.severity] || a - b);
  const keep = new Set(order.slice(0, Math.max(0, room)));
  const kept: Finding[] = [];
  findings.forEach((f, i) => {
    if (keep.has(i)) kept.push(f);
    else addLeftOut(leftOut, f.code, 1);
  });
  return kept;
}

/**
 * "Up to": what a rule counted past its cap was never made, so a finding that another finding would have made
 * redundant (rules/supersede.ts) is counted too.
 */
function summary(leftOut: LeftOut, caps: FindingCaps): Finding {
  const rules = [...leftOut].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const total = rules.reduce((sum, [, n]) => sum + n, 0);
  const listed = rules
    .slice(0, 10)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  const more = rules.length > 10 ? `, and ${rules.length - 10} more rules` : '';
  return {
    code: LEFT_OUT_CODE,
    severity: 'warning',
    pointer: '',
    message: `Up to ${total} more ${total === 1 ? 'finding was' : 'findings were'} left out (${listed}${more}): at most ${caps.perRule} per rule and ${caps.perDocument} per document are reported, errors first. Fix these and lint again to see the rest.`,
    offset: { offset: 0, length: 0 },
    data: { leftOut: Object.fromEntries(rules), total, perRule: caps.perRule, perDocument: caps.perDocument },
  };
}
