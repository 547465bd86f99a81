/**
 * `a2acap check --format sarif`: one result per problem or note, on the lockfile MEMBER it is about (its pointer
 * as the logical location, its place in the lockfile text as the region), built by the one SARIF builder
 * (core/report/sarif.ts) with the catalog's lockfile-* rules. A lockfile that could not be checked is one
 * `lockfile-error` result on the whole file (or on the corrupt member).
 */
import { machineJson } from '../../report/machineJson';
import { makeLocator, type Locator } from '../../pointer/locateAll';
import { rangeOf } from '../../pointer/range';
import { RULES } from '../../rules/catalog';
import { buildSarif, type SarifEntry } from '../../report/sarif';
import type { CheckItem, Severity } from '../../types';
import type { RefreshOutcome } from '../types';
import { acceptanceMark } from '../acceptance';
import { STALE_SUPPRESSION_RULE, type StaleSuppression } from '../staleSuppression';

const CHECK_RULES = RULES.filter((r) => r.producedBy === 'check');
/** With stale `ignore` entries, their rule too (a run without them describes only the check's rules). */
const WITH_STALE_RULE = RULES.filter((r) => r.producedBy === 'check' || r.id === STALE_SUPPRESSION_RULE);
const SEVERITY: Record<CheckItem['level'], Severity> = { breaking: 'error', review: 'warning', note: 'info' };

export function sarifReport(
  outcomes: readonly RefreshOutcome[],
  displayPath: (p: string) => string,
  version: string,
  stale: readonly StaleSuppression[] = [],
): string {
  const entries = [...checkEntries(outcomes, displayPath, true), ...stale.map(staleEntry)];
  return `${machineJson(buildSarif(entries, stale.length ? WITH_STALE_RULE : CHECK_RULES, version), 2)}\n`;
}

/** A stale `ignore` entry, on the entry in the configuration file. */
function staleEntry(s: StaleSuppression): SarifEntry {
  return {
    ruleId: STALE_SUPPRESSION_RULE,
    severity: s.severity,
    message: s.message,
    file: s.file,
    pointer: s.pointer,
    ...(s.range ? { range: s.range } : {}),
  };
}

/**
 * Each problem and note of each lockfile, placed on its member; also what the Code Quality report and the GitHub
 * annotations are built from. `withSuppressed`: also the suppressed policy problems (SARIF records them, with their
 * `suppressions`; the other formats leave them out).
 */
export function checkEntries(
  outcomes: readonly RefreshOutcome[],
  displayPath: (p: string) => string,
  withSuppressed = false,
): SarifEntry[] {
  const entries: SarifEntry[] = [];
  for (const o of outcomes) {
    const file = displayPath(o.lockfile);
    if (o.status === 'error') {
      const pointer = o.problems[0]?.pointer ?? '';
      entries.push({
        ruleId: 'lockfile-error',
        severity: 'error',
        message: o.cause,
        file,
        pointer,
        ...rangeIn(o.text, pointer, locatorFor(o.text, [pointer])),
      });
      continue;
    }
    const items = [...o.result.problems, ...o.result.notes];
    // One pass over the lockfile for all its pointers: a pointer at a time re-parsed the whole text per problem
    // (a lockfile pinning 40,000 skills took a minute).
    const locate = locatorFor(
      o.text,
      items.map((i) => i.pointer),
    );
    for (const item of items) {
      entries.push({
        ruleId: `lockfile-${item.level}`,
        severity: SEVERITY[item.level],
        message: item.message + acceptanceMark(item),
        file,
        pointer: item.pointer,
        ...rangeIn(o.text, item.pointer, locate),
        ...acceptanceOf(item),
      });
    }
    for (const item of withSuppressed ? (o.result.suppressed ?? []) : []) {
      entries.push({
        ruleId: `lockfile-${item.level}`,
        severity: SEVERITY[item.level],
        message: item.message,
        file,
        pointer: item.pointer,
        ...rangeIn(o.text, item.pointer, locatorFor(o.text, [item.pointer])),
        suppression: { justification: item.justification },
      });
    }
  }
  return entries;
}

function acceptanceOf(item: CheckItem): Pick<SarifEntry, 'acceptance'> {
  if (item.approved === undefined && !item.preexisting) return {};
  return {
    acceptance: {
      ...(item.approved !== undefined ? { approvedBy: item.approved } : {}),
      ...(item.preexisting ? { preexisting: true } : {}),
    },
  };
}

/** The member's place in the lockfile text; none for the whole file or a member that cannot be located. */
function rangeIn(text: string | undefined, pointer: string, locate: Locator | undefined): Pick<SarifEntry, 'range'> {
  if (text === undefined || pointer === '' || !locate) return {};
  try {
    return { range: rangeOf(text, locate(pointer)) };
  } catch {
    return {};
  }
}

function locatorFor(text: string | undefined, pointers: string[]): Locator | undefined {
  return text === undefined
    ? undefined
    : makeLocator(
        text,
        pointers.filter((p) => p !== ''),
      );
}
