/**
 * The properties of planted values (plantValues.ts) and of every case's machine-readable output: lint's JSON and the
 * compiled profile as `compile --format json` prints it, written by the product's machine JSON writer, (a) give back
 * every value exactly when parsed and hold no raw hidden or bidi character, and (b) never hold a URL credential the
 * request's parser would read, in whatever spelling it was planted.
 */
import { isDeepStrictEqual } from 'node:util';
import { hasHiddenCharacters } from '../../server/src/core/text/hiddenCharacters';
import type { LintResult } from '../../server/src/core/lint';
import { machineJson } from '../../server/src/core/report/machineJson';
import { compileProfile } from '../../server/src/core/profile/compile';
import { shownProfile } from '../../server/src/core/profile/shown';
import { PLANTED_PASSWORD } from './plantValues';
import { visible, type Failure } from './properties';

/** The URLs a case planted (from its op names), kept only when the parsed document still holds them verbatim. */
function plantedUrls(ops: readonly string[], value: unknown): string[] {
  const urls = ops.flatMap((op) => {
    const m = /planted url (".*")$/.exec(op);
    return m ? [JSON.parse(m[1]!) as string] : [];
  });
  return urls.length ? urls.filter((u) => holds(value, u)) : [];
}

function holds(value: unknown, s: string): boolean {
  const stack = [value];
  for (let seen = 0; stack.length && seen < 100_000; seen++) {
    const v = stack.pop();
    if (v === s) return true;
    if (v !== null && typeof v === 'object') stack.push(...Object.values(v));
  }
  return false;
}

/** Outputs longer than this are not parsed back and compared (the common case is a few kilobytes). */
const MAX_COMPARED = 200_000;

export function machineOutputFailures(result: LintResult, ops: readonly string[]): Failure[] {
  const failures: Failure[] = [];
  const planted = plantedUrls(ops, result.value);
  const outputs: [string, unknown][] = [['lint --format json', { findings: result.findings }]];
  // Compiling again costs a little: only for the cases that planted a value.
  if (result.kind === 'card' && result.value !== undefined && ops.some((op) => op.startsWith('planted')))
    outputs.push(['compile --format json', shownProfile(compileProfile(result.value))]);
  for (const [name, value] of outputs) {
    const text = machineJson(value, 2);
    if (hasHiddenCharacters(text))
      failures.push({ property: 'machine-readable output holds no raw hidden character', detail: name });
    // Parsed and compared only while small: a case's cost stays bounded (the escapes are checked on every size).
    if (text.length <= MAX_COMPARED && !isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(value))))
      failures.push({ property: 'machine-readable output gives back every value exactly', detail: name });
    const leaked = planted.length ? PLANTED_PASSWORD.exec(text) : null;
    if (leaked)
      failures.push({
        property: 'a URL credential the request parser reads appears in no output',
        detail: `${name}: ${visible(planted.join(' | '), 200)} → ${visible(text.slice(Math.max(0, leaked.index - 60), leaked.index + 40))}`,
      });
  }
  return failures;
}
