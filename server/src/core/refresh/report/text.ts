/** Text report for people: one aligned line per lockfile, its problems and notes indented under it in columns. */
import type { RefreshOutcome } from '../types';
import { summarize, verdictOf } from './summary';

export interface TextStyle {
  verdict: (verdict: ReturnType<typeof verdictOf>, text: string) => string;
}

export const PLAIN: TextStyle = { verdict: (_v, t) => t };

/**
 * Control characters from untrusted strings never reach a terminal, and neither do bidi overrides/isolates or
 * zero-width characters (they can make a line read differently from what it says).
 */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '');
}

export function textReport(outcomes: readonly RefreshOutcome[], displayPath: (p: string) => string, style: TextStyle = PLAIN): string {
  const width = Math.max(0, ...outcomes.map((o) => verdictOf(o).length));
  const out: string[] = [];
  for (const o of outcomes) {
    const verdict = verdictOf(o);
    const suffix = o.status === 'checked' && o.unchanged ? ' (unchanged, 304)' : '';
    out.push(`${style.verdict(verdict, verdict.padEnd(width))}  ${clean(displayPath(o.lockfile))}${suffix}`);
    if (o.status === 'error') {
      out.push(`    ${clean(o.cause)}`);
      continue;
    }
    // Problems first, then notes; pointers padded so the messages of one lockfile start in one column.
    const items = [...o.result.problems, ...o.result.notes];
    const pointers = items.map((i) => clean(i.pointer) || '/');
    const pointerWidth = Math.max(0, ...pointers.map((p) => p.length));
    items.forEach((item, i) => out.push(`    ${item.level.padEnd(8)} ${pointers[i]!.padEnd(pointerWidth)}  ${clean(item.message)}`));
  }
  const s = summarize(outcomes);
  out.push('', `${s.total} lockfile${s.total === 1 ? '' : 's'}: ${s.compatible} compatible, ${s.review} review, ${s.breaking} breaking, ${s.error} error${s.error === 1 ? '' : 's'}`);
  return `${out.join('\n')}\n`;
}
