import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Locator } from '../../core/pointer/locateAll';
import { ruleDocsUrl, ruleMeta } from '../../core/rules/catalog';
import type { Finding, Severity } from '../../core/types';
import { visibleText } from '../../core/text/untrustedText';

export const DIAGNOSTIC_SOURCE = 'a2a';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What every diagnostic carries in `data`: the finding's pointer and its fix data (code actions read only this). */
export interface DiagnosticData {
  pointer: string;
  fix?: Record<string, unknown>;
}

/**
 * A core finding → an LSP diagnostic; the range is made here, from the pointer (or the syntax error
 * offset). `locate` (core/pointer/locateAll.ts) resolves all of a document's pointers in one pass.
 */
export function toDiagnostic(doc: TextDocument, locate: Locator, finding: Finding): Diagnostic {
  const data: DiagnosticData = { pointer: finding.pointer, ...(finding.data ? { fix: finding.data } : {}) };
  const span = finding.offset ?? locate(finding.pointer, finding.target);
  const diagnostic: Diagnostic = {
    range: { start: doc.positionAt(span.offset), end: doc.positionAt(span.offset + Math.max(span.length, 0)) },
    severity: SEVERITY[finding.severity] ?? DiagnosticSeverity.Warning,
    code: finding.code,
    source: DIAGNOSTIC_SOURCE,
    message: visibleText(finding.message),
    data,
  };
  const href = safeDocsUrl(finding.code);
  if (href) diagnostic.codeDescription = { href };
  if (ruleMeta(finding.code)?.tags?.includes('deprecated')) diagnostic.tags = [DiagnosticTag.Deprecated];
  return diagnostic;
}

function safeDocsUrl(code: string): string | undefined {
  try {
    return ruleDocsUrl(code) || undefined;
  } catch {
    return undefined;
  }
}
