import { type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { defaultSeverity } from '../../core/rules/catalog';
import type { CheckItem, CheckResult, Finding, Severity } from '../../core/types';
import { capFindings, DEFAULT_FINDING_CAPS } from '../../core/findingCap';
import type { Analysis } from './analysis';
import type { DocumentWorld } from './world';
import { toDiagnostic } from './toDiagnostic';
import { lockfileAgainstCard, type LockfileAgainstCard } from './pinnedCard';
import { pauseFor } from './pace';
import { withProjectFindings } from './projectFindings';
import { withLockfilePolicies } from './lockfilePolicies';
import { isProjectConfig, staleSuppressionDiagnostics } from './staleSuppressions';
import { uriPath } from './documentKind';
import { clientConfig } from './settings';

/**
 * Codes of the lockfile-against-card diagnostics: catalog rules (core/rules/catalog.ts), so their
 * severities are settings (`a2a.rules`) like every other rule's. The classification picks the rule.
 */
export const LOCKFILE_CHECK_CODES = {
  breaking: 'lockfile-breaking',
  review: 'lockfile-review',
  note: 'lockfile-note',
  error: 'lockfile-error',
} as const;

/**
 * Every diagnostic of one document: the core findings, plus for a lockfile the check against the card it
 * pins (a workspace card, and the live card when this session fetched it). The server owns all of them:
 * live checks (the watcher, "Check Lockfiles Now") feed the live card and re-publish through here, so the
 * same problem is never shown twice; one found against both cards is one diagnostic naming both.
 */
export async function diagnostics(
  world: DocumentWorld,
  doc: TextDocument,
  analysis: Analysis,
  superseded: () => boolean = () => false,
): Promise<Diagnostic[]> {
  // A check still running when the document changes, or a newer validation of it was asked for (`superseded`: files
  // changed on disk), is abandoned: its diagnostics would be dropped anyway. A closed lockfile's text is read from
  // disk and has no version: it is stale only once the lockfile is opened.
  const wasOpen = world.document(doc.uri) !== undefined;
  const stale = () => {
    if (superseded()) return true;
    const now = world.document(doc.uri);
    return wasOpen ? now?.version !== doc.version : now !== undefined;
  };
  const project = world.project?.(doc.uri);
  const pinned = checksAgainstCard(analysis)
    ? withLockfilePolicies(
        await lockfileAgainstCard(world, analysis, pauseFor(undefined, stale)),
        project,
        uriPath(doc.uri),
        clientConfig(analysis.settings),
      )
    : undefined;
  const found = withProjectFindings(doc, analysis, documentDiagnostics(doc, analysis, pinned), project);
  if (!isProjectConfig(doc.uri)) return found;
  return [...found, ...(await staleSuppressionDiagnostics(world, doc, pauseFor(undefined, stale)))];
}

/** A lockfile that parses and validates is checked against the card it pins; nothing else is. */
function checksAgainstCard(analysis: Analysis): boolean {
  return analysis.kind === 'lockfile' && !analysis.findings.some((f) => f.severity === 'error');
}

/**
 * The diagnostics of one analysed document version; `pinned` is a lockfile's check against the card it pins
 * (looked up by the caller: it may read files or this session's live cards).
 */
export function documentDiagnostics(
  doc: TextDocument,
  analysis: Analysis,
  pinned: LockfileAgainstCard | undefined,
): Diagnostic[] {
  const checked = pinned && checksAgainstCard(analysis) ? checkFindings(pinned, analysis.settings.rules) : [];
  // One pass over the text locates every pointer of the document: its findings' and its check's.
  const locate = analysis.locator([...analysis.findings.filter((f) => !f.offset), ...checked].map((f) => f.pointer));
  return [...analysis.findings, ...checked].map((f) => toDiagnostic(doc, locate, f));
}

/** A lockfile's check against its card as findings, under the severities the settings give their codes. */
function checkFindings(pinned: LockfileAgainstCard, rules: Record<string, string>): Finding[] {
  const findings: Finding[] = [];
  for (const item of checkItems(pinned)) {
    const code = LOCKFILE_CHECK_CODES[item.level];
    const severity = severityOf(code, rules);
    if (severity !== undefined) findings.push({ code, severity, pointer: item.pointer, message: item.message });
  }
  // A lockfile of thousands of missing skills is capped like lint's findings (core/findingCap.ts), so it publishes.
  return capFindings(findings, new Map(), DEFAULT_FINDING_CAPS);
}

function severityOf(code: string, rules: Record<string, string>): Severity | undefined {
  const setting = Object.hasOwn(rules, code) ? rules[code] : undefined;
  if (setting === 'off') return undefined;
  return setting === 'error' || setting === 'warning' || setting === 'info' || setting === 'hint'
    ? setting
    : defaultSeverity(code);
}

interface LockItem {
  level: CheckItem['level'] | 'error';
  pointer: string;
  message: string;
}

/** The items of both checks, merged: the same level, member and message once, naming every card it was found against. */
export function checkItems(r: LockfileAgainstCard): LockItem[] {
  const merged = new Map<string, { item: CheckItem; sources: string[] }>();
  const add = (check: CheckResult, source: string) => {
    for (const item of [...check.problems, ...check.notes]) {
      const key = `${item.level}\u0000${item.pointer}\u0000${item.message}`;
      const entry = merged.get(key);
      if (entry) entry.sources.push(source);
      else merged.set(key, { item, sources: [source] });
    }
  };
  if (r.check && r.pinned) add(r.check, `the card in ${r.pinned.source}`);
  if (r.live) add(r.live.check, `the live card at ${r.live.card.url} (fetched ${r.live.card.at})`);
  const items: LockItem[] = [...merged.values()].map(({ item, sources }) => ({
    level: item.level,
    pointer: item.pointer,
    message: `${item.message} (compared with ${sources.join(' and ')})`,
  }));
  if (r.unusable) items.push({ level: 'error', pointer: '/agent', message: r.unusable });
  if (r.policyError) items.push({ level: 'error', pointer: '/agent', message: r.policyError });
  if (r.liveFailure)
    items.push({
      level: 'error',
      pointer: '/agent',
      message: `the live agent could not be checked: ${r.liveFailure.cause} (at ${r.liveFailure.at})`,
    });
  return items;
}
