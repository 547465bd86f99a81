/** Text report for people: one aligned line per lockfile, its problems and notes indented under it in columns. */
import type { RefreshOutcome } from '../types';
import { acceptanceMark } from '../acceptance';
import { acceptedAs, summarize, summaryLine, verdictOf } from './summary';
import { visibleText } from '../../text/untrustedText';
import type { StaleSuppression } from '../staleSuppression';

export interface TextStyle {
  verdict: (verdict: ReturnType<typeof verdictOf>, text: string) => string;
}

export const PLAIN: TextStyle = { verdict: (_v, t) => t };

/**
 * Control characters from untrusted strings never reach a terminal, and neither do bidi overrides/isolates,
 * zero-width or tag characters (they can make a line read differently from what it says): they are shown as
 * escapes (`\u202e`), line breaks and tabs as spaces.
 */
function clean(text: string): string {
  return visibleText(text.replace(/[\r\n\t]+/g, ' '));
}

export function textReport(
  outcomes: readonly RefreshOutcome[],
  displayPath: (p: string) => string,
  style: TextStyle = PLAIN,
  stale: readonly StaleSuppression[] = [],
): string {
  const width = Math.max(0, ...outcomes.map((o) => verdictOf(o).length));
  const out: string[] = [];
  for (const o of outcomes) {
    const verdict = verdictOf(o);
    const accepted = acceptedAs(o);
    const suffix = `${o.status === 'checked' && o.unchanged ? ' (unchanged, 304)' : ''}${accepted ? ` (passes: ${accepted === 'approved' ? 'approved' : 'pre-existing'})` : ''}`;
    out.push(`${style.verdict(verdict, verdict.padEnd(width))}  ${clean(displayPath(o.lockfile))}${suffix}`);
    if (o.status === 'error') {
      out.push(`    ${clean(o.cause)}`);
      continue;
    }
    // Problems first, then notes; pointers padded so the messages of one lockfile start in one column.
    const items = [...o.result.problems, ...o.result.notes];
    const pointers = items.map((i) => clean(i.pointer) || '/');
    const pointerWidth = Math.max(0, ...pointers.map((p) => p.length));
    items.forEach((item, i) =>
      out.push(
        `    ${item.level.padEnd(8)} ${(pointers[i] ?? '/').padEnd(pointerWidth)}  ${clean(item.message + acceptanceMark(item))}`,
      ),
    );
  }
  // Stale entries are about the configuration, not a lockfile: apart, after the lockfiles.
  for (const s of stale) out.push(`stale  ${clean(s.file)} ${s.pointer}  ${clean(s.message)}`);
  out.push('', summaryLine(summarize(outcomes)));
  return `${out.join('\n')}\n`;
}
