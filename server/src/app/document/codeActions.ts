import { CodeActionKind, type CodeAction, type CodeActionContext, type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { quickFixesFor } from '../../core/fixes/quickFixes';
import type { Analysis } from './analysis';
import { DIAGNOSTIC_SOURCE, type DiagnosticData } from './toDiagnostic';
import { textEditsFor } from './jsonEdits';
import { settingActions } from './settingActions';
import type { DocumentWorld } from './world';
import { ignoreActions } from './ignoreAction';

/**
 * Quick fixes keyed on diagnostic code + data (never on message text): the fix itself is planned in
 * the core (core/fixes), this adapter only turns the plan into a WorkspaceEdit.
 * Each edit is computed over the whole text, so a request is bounded: the fixes of at most
 * MAX_DIAGNOSTICS diagnostics (Select All on a card with 4,000 findings took seconds, quadratic in its size).
 * A plan whose edit cannot be made (a diagnostic from an older version of the document) is skipped alone.
 */
const MAX_DIAGNOSTICS = 50;

/** The code actions for the diagnostics of `context` in an open document. */
export async function codeActions(
  world: DocumentWorld,
  request: { uri: string; context: CodeActionContext },
): Promise<CodeAction[]> {
  const doc = world.document(request.uri);
  const a = await world.analysis(request.uri);
  if (!doc || !a) return [];
  const { context } = request;
  const wantsQuickFix = !context.only || context.only.some((k) => CodeActionKind.QuickFix.startsWith(k));
  const ignore = wantsQuickFix
    ? ignoreActions(doc.uri, context.diagnostics, world.project?.(doc.uri), world.workspaceFolders())
    : [];
  return [...codeActionsFor(doc, a, context), ...ignore];
}

/** The code actions for the diagnostics of `context` in one analysed document version. */
export function codeActionsFor(doc: TextDocument, a: Analysis, context: CodeActionContext): CodeAction[] {
  const uri = doc.uri;
  if (a.value === undefined || a.nestsTooDeep()) return [];
  const actions: CodeAction[] = [];
  const seen = new Set<string>();
  for (const diagnostic of context.diagnostics.slice(0, MAX_DIAGNOSTICS)) {
    const input = fixInputOf(diagnostic);
    if (!input) continue;
    if (!context.only || context.only.some((k) => CodeActionKind.QuickFix.startsWith(k))) {
      // A setting is set once, however many diagnostics offer it.
      for (const action of settingActions(diagnostic, input.data, uri)) {
        const key = `${action.title}|${JSON.stringify(action.command?.arguments)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        actions.push(action);
      }
    }
    for (const plan of quickFixesFor(input, a.value)) {
      const kind = plan.kind === 'refactor.rewrite' ? CodeActionKind.RefactorRewrite : CodeActionKind.QuickFix;
      if (context.only && !context.only.some((k) => kind.startsWith(k))) continue;
      // The whole-card migration is offered once, however many legacy members were flagged.
      const key = plan.operations.some((o) => o.op === 'replaceDocument')
        ? plan.title
        : `${plan.title}|${JSON.stringify(plan.operations)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let edits;
      try {
        edits = textEditsFor(doc, a.value, plan.operations);
      } catch {
        continue; // the diagnostic no longer fits the document (an older version): the next request has fresh ones
      }
      actions.push({
        title: plan.title,
        kind,
        diagnostics: [diagnostic],
        isPreferred: plan.preferred === true,
        edit: { changes: { [uri]: edits } },
      });
    }
  }
  return actions;
}

function fixInputOf(d: Diagnostic): { code: string; pointer: string; data?: Record<string, unknown> } | undefined {
  if (d.source !== DIAGNOSTIC_SOURCE || typeof d.code !== 'string') return undefined;
  const data = d.data as Partial<DiagnosticData> | undefined;
  if (!data || typeof data.pointer !== 'string') return undefined;
  return {
    code: d.code,
    pointer: data.pointer,
    ...(data.fix && typeof data.fix === 'object' ? { data: data.fix } : {}),
  };
}
