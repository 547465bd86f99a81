/**
 * SARIF 2.1.0 output of `a2acap lint` (GitHub code scanning, VS Code SARIF viewer). `a2acap check --format sarif`
 * has its own report, over lockfile outcomes: core/refresh/report/sarif.ts.
 *
 *   io.stdout(JSON.stringify(toSarif([{ file: 'agent-card.json', findings }], RULES), null, 2));
 *
 * Findings need a zero-based LSP-style range (as in the lint JSON contract); SARIF lines/columns are 1-based.
 * The JSON Pointer of each finding is kept as a logical location.
 */
import type * as Sarif from 'sarif';
import { RuleMeta, ruleDocsUrl } from '../core/rules/catalog';
import type { Severity } from '../core/types';

export interface RangedFinding {
  code: string;
  severity: Severity;
  pointer: string;
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export interface SarifFileResult {
  /** Path as the user gave it (made relative and '/'-separated for the artifact URI). */
  file: string;
  findings: RangedFinding[];
}

export function sarifLevel(severity: Severity): Sarif.Result.level {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

function artifactUri(file: string): string {
  return encodeURI(file.replace(/\\/g, '/').replace(/^\.\//, ''));
}

export function toSarif(results: readonly SarifFileResult[], rules: readonly RuleMeta[], toolVersion = '0.1.0'): Sarif.Log {
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const sarifResults: Sarif.Result[] = [];
  for (const { file, findings } of results) {
    for (const f of findings) {
      const result: Sarif.Result = {
        ruleId: f.code,
        level: sarifLevel(f.severity),
        message: { text: f.message },
        locations: [{
          physicalLocation: {
            artifactLocation: { uri: artifactUri(file) },
            region: {
              startLine: f.range.start.line + 1,
              startColumn: f.range.start.character + 1,
              endLine: f.range.end.line + 1,
              endColumn: f.range.end.character + 1,
            },
          },
          logicalLocations: [{ fullyQualifiedName: f.pointer || '/', kind: 'member' }],
        }],
      };
      const ruleIndex = index.get(f.code);
      if (ruleIndex !== undefined) result.ruleIndex = ruleIndex;
      sarifResults.push(result);
    }
  }
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'a2acap',
          version: toolVersion,
          informationUri: ruleDocsUrl('').replace(/#$/, ''),
          rules: rules.map((r) => ({
            id: r.id,
            name: r.id,
            shortDescription: { text: r.title },
            helpUri: ruleDocsUrl(r.id),
            defaultConfiguration: { level: sarifLevel(r.defaultSeverity) },
          })),
        },
      },
      results: sarifResults,
    }],
  };
}
