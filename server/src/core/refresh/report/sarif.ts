/**
 * SARIF 2.1.0 report for code-scanning UIs: one result per problem, located at the lockfile MEMBER the
 * problem is about (the pointer turned into a line/column region of the lockfile text). A lockfile
 * that could not be checked is one `error` result on the whole file (or on the corrupt member).
 */
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { locatePointer, rangeOf } from '../../location';
import type { RefreshOutcome } from '../types';

const RULES: ReportingDescriptor[] = [
  { id: 'lockfile-breaking', shortDescription: { text: 'The agent no longer offers something the lockfile pins.' }, defaultConfiguration: { level: 'error' } },
  { id: 'lockfile-review', shortDescription: { text: 'The agent changed in a way that may affect calls; review and update the lockfile.' }, defaultConfiguration: { level: 'warning' } },
  { id: 'lockfile-note', shortDescription: { text: 'The agent changed in a way that does not affect calls.' }, defaultConfiguration: { level: 'note' } },
  { id: 'lockfile-error', shortDescription: { text: 'The lockfile could not be checked (corrupt lockfile, unreachable agent, invalid card).' }, defaultConfiguration: { level: 'error' } },
];

const LEVEL = { breaking: 'error', review: 'warning', note: 'note' } as const;

export function sarifReport(outcomes: readonly RefreshOutcome[], displayPath: (p: string) => string, version: string): string {
  const results: Result[] = [];
  for (const o of outcomes) {
    const uri = displayPath(o.lockfile).split('\\').join('/');
    if (o.status === 'error') {
      const at = o.problems[0]?.pointer ?? '';
      results.push(result('lockfile-error', 'error', o.cause, uri, o.text, at));
      continue;
    }
    for (const item of [...o.result.problems, ...o.result.notes]) {
      results.push(result(`lockfile-${item.level}`, LEVEL[item.level], item.message, uri, o.text, item.pointer));
    }
  }
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'a2acap', version, informationUri: 'https://a2a-protocol.org', rules: RULES } },
      results,
    }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function result(ruleId: string, level: Result.level, text: string, uri: string, lockText: string | undefined, pointer: string): Result {
  const r: Result = {
    ruleId,
    ruleIndex: RULES.findIndex((rule) => rule.id === ruleId),
    level,
    message: { text },
    locations: [{ physicalLocation: { artifactLocation: { uri }, ...regionOf(lockText, pointer) } }],
  };
  if (pointer) r.properties = { pointer };
  return r;
}

/** SARIF lines and columns are 1-based; a pointer that cannot be located (member gone) gets no region. */
function regionOf(text: string | undefined, pointer: string): { region?: { startLine: number; startColumn: number; endLine: number; endColumn: number } } {
  if (text === undefined || pointer === '') return {};
  try {
    const range = rangeOf(text, locatePointer(text, pointer));
    return { region: { startLine: range.start.line + 1, startColumn: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 } };
  } catch {
    return {};
  }
}
