/**
 * The project configuration's `policies` and `ignore` entries in the editor: a card's policy findings join its
 * diagnostics, and the findings an entry suppresses are not published (an expired entry's finding is, with its
 * note). Decided by the same core as the CLI (core/config/suppressions.ts). In Restricted Mode the repository's
 * entries cannot suppress the rules that protect the reader; a trusted workspace configures every rule, as with
 * `rules`. Stale entries are shown on the open configuration (staleSuppressions.ts) and by `a2acap lint`.
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProjectConfig } from '../../core/config/projectConfig';
import { SuppressionRun } from '../../core/config/suppressions';
import { visibleText } from '../../core/text/untrustedText';
import { cardPolicyFindings } from '../policies';
import { todayUtc } from '../suppress';
import type { Analysis } from './analysis';
import { clientConfig } from './settings';
import { toDiagnostic, type DiagnosticData } from './toDiagnostic';

/** The configuration that applies to a document, and the file it was read from (none: no file). */
export interface DocumentProject {
  path?: string;
  config: ProjectConfig;
  /** The configuration that applies is invalid (then `config` is empty and `path` absent): the file and why. */
  invalid?: { path: string; reason: string };
}

/** `diagnostics` with the project's policy findings added and its suppressed findings left out. */
export function withProjectFindings(
  doc: TextDocument,
  analysis: Analysis,
  diagnostics: Diagnostic[],
  project: DocumentProject | undefined,
): Diagnostic[] {
  if (!project?.path) return diagnostics;
  const { policies = [], ignore = [] } = project.config;
  let out = diagnostics;
  if (policies.length && analysis.kind === 'card' && analysis.value !== undefined && !analysis.tooLarge) {
    const found = cardPolicyFindings(policies, analysis.value, clientConfig(analysis.settings));
    const locate = analysis.locator(found.map((f) => f.pointer));
    out = [...out, ...found.map((f) => toDiagnostic(doc, locate, f))];
  }
  const file = fileOf(doc.uri, project.path);
  if (!ignore.length || file === undefined) return out;
  const run = new SuppressionRun(ignore, {
    today: todayUtc(),
    allowProtected: analysis.settings.workspaceTrusted === true,
    configName: '.a2a/config.json',
  });
  const items = out.map((d) => ({
    code: typeof d.code === 'string' ? d.code : String(d.code ?? ''),
    pointer: (d.data as DiagnosticData | undefined)?.pointer ?? '',
    message: typeof d.message === 'string' ? d.message : d.message.value,
    diagnostic: d,
  }));
  return run
    .decide(file, items)
    .kept.map((k) =>
      k.message === k.diagnostic.message ? k.diagnostic : { ...k.diagnostic, message: visibleText(k.message) },
    );
}

/** The document's path relative to the repository root (the folder holding .a2a/), '/' separated. */
function fileOf(uri: string, configPath: string): string | undefined {
  try {
    return relative(dirname(dirname(configPath)), fileURLToPath(uri))
      .split(sep)
      .join('/');
  } catch {
    return undefined;
  }
}
