import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Analysis } from './analysis';
import type { ServerContext } from './context';
import { DIAGNOSTIC_SOURCE, toDiagnostic, type DiagnosticData } from './diagnostics';
import { makeLocator } from './locate';
import { lockfileAgainstCard } from './pinnedCard';

/**
 * Codes of the lockfile-against-card diagnostics. They are not lint rules (their severity is the
 * check's classification, not a setting), so they are not in the rule catalog.
 */
export const LOCKFILE_CHECK_CODES = { breaking: 'lockfile-breaking', review: 'lockfile-review', note: 'lockfile-note' } as const;

const LEVEL_SEVERITY = { breaking: DiagnosticSeverity.Error, review: DiagnosticSeverity.Warning, note: DiagnosticSeverity.Hint } as const;

/** Every diagnostic of one document: the core findings, plus for a lockfile the check against its card. */
export async function computeDiagnostics(ctx: ServerContext, doc: TextDocument, analysis: Analysis): Promise<Diagnostic[]> {
  const locate = makeLocator(analysis.text, analysis.findings.filter((f) => !f.offset).map((f) => f.pointer));
  const diagnostics = analysis.findings.map((f) => toDiagnostic(doc, locate, f));
  if (analysis.kind !== 'lockfile' || diagnostics.some((d) => d.severity === DiagnosticSeverity.Error)) return diagnostics;
  const result = await lockfileAgainstCard(ctx, analysis);
  if (!result?.check || !result.pinned) return diagnostics;
  const items = [...result.check.problems, ...result.check.notes];
  const locateItem = makeLocator(analysis.text, items.map((i) => i.pointer));
  for (const item of items) {
    const data: DiagnosticData = { pointer: item.pointer };
    const span = locateItem(item.pointer);
    diagnostics.push({
      range: { start: doc.positionAt(span.offset), end: doc.positionAt(span.offset + span.length) },
      severity: LEVEL_SEVERITY[item.level],
      code: LOCKFILE_CHECK_CODES[item.level],
      source: DIAGNOSTIC_SOURCE,
      message: `${item.message} (compared with the card in ${result.pinned.source})`,
      data,
    });
  }
  return diagnostics;
}
