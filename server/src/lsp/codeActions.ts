import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import { quickFixesFor } from '../core/fixes/quickFixes';
import type { ServerContext } from './context';
import { DIAGNOSTIC_SOURCE, type DiagnosticData } from './diagnostics';
import { textEditsFor } from './jsonEdits';
import { runSafe } from './runSafe';
import { settingActions } from './settingActions';

/**
 * Quick fixes keyed on diagnostic code + data (never on message text): the fix itself is planned in
 * the core (core/fixes), this adapter only turns the plan into a WorkspaceEdit.
 */
export function registerCodeActions(ctx: ServerContext): void {
  ctx.connection.onCodeAction((params, token) => runSafe(ctx.connection.console, token, [], 'code actions', async () => {
    const uri = params.textDocument.uri;
    const doc = ctx.documents.get(uri);
    const a = await ctx.analysis(uri);
    if (!doc || !a || a.value === undefined || a.nestsTooDeep()) return [];
    const actions: CodeAction[] = [];
    const seen = new Set<string>();
    for (const diagnostic of params.context.diagnostics) {
      const input = fixInputOf(diagnostic);
      if (!input) continue;
      if (!params.context.only || params.context.only.some((k) => CodeActionKind.QuickFix.startsWith(k))) actions.push(...settingActions(diagnostic, input.data));
      for (const plan of quickFixesFor(input, a.value)) {
        const kind = plan.kind === 'refactor.rewrite' ? CodeActionKind.RefactorRewrite : CodeActionKind.QuickFix;
        if (params.context.only && !params.context.only.some((k) => kind.startsWith(k))) continue;
        // The whole-card migration is offered once, however many legacy members were flagged.
        const key = plan.operations.some((o) => o.op === 'replaceDocument') ? plan.title : `${plan.title}|${JSON.stringify(plan.operations)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        actions.push({
          title: plan.title,
          kind,
          diagnostics: [diagnostic],
          isPreferred: plan.preferred === true,
          edit: { changes: { [uri]: textEditsFor(doc, a.value, plan.operations) } },
        });
      }
    }
    return actions;
  }));
}

function fixInputOf(d: Diagnostic): { code: string; pointer: string; data?: Record<string, unknown> } | undefined {
  if (d.source !== DIAGNOSTIC_SOURCE || typeof d.code !== 'string') return undefined;
  const data = d.data as Partial<DiagnosticData> | undefined;
  if (!data || typeof data.pointer !== 'string') return undefined;
  return { code: d.code, pointer: data.pointer, ...(data.fix && typeof data.fix === 'object' ? { data: data.fix } : {}) };
}
