/**
 * "Ignore here, with a reason": a quick fix on a diagnostic that writes an `ignore` entry for it (its rule, this
 * file relative to the repository root, its pointer) into .a2a/config.json: appended to the file's `ignore`, or a
 * new file when there is none. The reason is a placeholder the user replaces: a WorkspaceEdit any LSP editor
 * applies, with no prompt the protocol does not have. The entry is written next to the configuration that applies
 * to the document, else in the workspace folder that holds it (else the document's folder).
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { modify } from 'jsonc-parser';
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isObject, parseDocument } from '../../core/document';
import { PROJECT_CONFIG_PATH } from '../../core/config/projectConfig';
import { readTextSync } from '../../node/readText';
import { formattingOf } from './jsonEdits';
import type { DocumentProject } from './projectFindings';
import { DIAGNOSTIC_SOURCE, type DiagnosticData } from './toDiagnostic';

export const IGNORE_ACTION_TITLE = 'Ignore here, with a reason (.a2a/config.json)';
export const REASON_PLACEHOLDER = 'TODO: say why this finding is accepted';

/** One action per diagnostic of ours (at most `max`), each adding its own entry. */
export function ignoreActions(
  docUri: string,
  diagnostics: readonly Diagnostic[],
  project: DocumentProject | undefined,
  folders: readonly string[],
  max = 10,
): CodeAction[] {
  let docPath: string;
  try {
    docPath = fileURLToPath(docUri);
  } catch {
    return []; // an untitled document has no place in a repository
  }
  const configPath = project?.path ?? join(rootFor(docPath, folders), PROJECT_CONFIG_PATH);
  // A configuration that exists but is not valid is the user's to fix first: never written over.
  const text = project?.path ? readConfig(configPath) : existsSync(configPath) ? undefined : '';
  if (text === undefined) return [];
  const file = relative(dirname(dirname(configPath)), docPath)
    .split(sep)
    .join('/');
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics.slice(0, max)) {
    const data = diagnostic.data as DiagnosticData | undefined;
    if (diagnostic.source !== DIAGNOSTIC_SOURCE || typeof diagnostic.code !== 'string' || !data) continue;
    const entry = { rule: diagnostic.code, file, pointer: data.pointer, reason: REASON_PLACEHOLDER };
    actions.push({
      title: IGNORE_ACTION_TITLE,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      edit: editFor(configPath, text, entry),
    });
  }
  return actions;
}

function rootFor(docPath: string, folders: readonly string[]): string {
  const inside = folders.filter((f) => {
    const rel = relative(f, docPath);
    return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
  });
  return inside.sort((a, b) => b.length - a.length)[0] ?? dirname(docPath);
}

function readConfig(path: string): string | undefined {
  try {
    return readTextSync(path, 1024 * 1024);
  } catch {
    return undefined;
  }
}

function editFor(path: string, text: string, entry: Record<string, string>): CodeAction['edit'] {
  const uri = pathToFileURL(path).href;
  if (text === '')
    return {
      documentChanges: [
        { kind: 'create', uri, options: { ignoreIfExists: true } },
        {
          textDocument: { uri, version: null },
          edits: [
            {
              range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
              newText: `${JSON.stringify({ ignore: [entry] }, null, 2)}\n`,
            },
          ],
        },
      ],
    };
  const doc = parseDocument(text);
  const hasIgnore = doc.ok && isObject(doc.value) && Array.isArray(doc.value.ignore);
  const formattingOptions = formattingOf(text);
  const edits = hasIgnore
    ? modify(text, ['ignore', -1], entry, { formattingOptions, isArrayInsertion: true })
    : modify(text, ['ignore'], [entry], { formattingOptions });
  const lines = TextDocument.create(uri, 'json', 0, text);
  const textEdits: TextEdit[] = edits.map((e) => ({
    range: { start: lines.positionAt(e.offset), end: lines.positionAt(e.offset + e.length) },
    newText: e.content,
  }));
  return { changes: { [uri]: textEdits } };
}
