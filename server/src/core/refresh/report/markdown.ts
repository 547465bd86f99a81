/**
 * Markdown report: a summary fit for a pull-request comment. One table row per lockfile, then the
 * problems of the ones that are not compatible. Every string from a card or a lockfile is untrusted:
 * it is escaped so it cannot break the table, inject links/HTML or ping people.
 */
import type { RefreshOutcome } from '../types';
import { summarize, verdictOf } from './summary';

const ICON = { compatible: '✅', review: '🟡', breaking: '❌', error: '⚠️' } as const;

/** Neutralizes Markdown and HTML in untrusted text (and keeps it on one line). */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[\\`*_{}[\]()#+!|<>~@&]/g, (c) => `\\${c}`)
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .slice(0, 500);
}

export function markdownReport(outcomes: readonly RefreshOutcome[], displayPath: (p: string) => string): string {
  const s = summarize(outcomes);
  const lines = [
    '### A2A capability lockfiles',
    '',
    `${s.total} checked: ${s.compatible} compatible, ${s.review} to review, ${s.breaking} breaking, ${s.error} errors.`,
    '',
    '| | Lockfile | Result | Details |',
    '|---|---|---|---|',
  ];
  for (const o of outcomes) {
    const verdict = verdictOf(o);
    const details = o.status === 'error' ? o.cause : firstLine(o);
    lines.push(`| ${ICON[verdict]} | ${escapeMarkdown(displayPath(o.lockfile))} | ${verdict} | ${escapeMarkdown(details)} |`);
  }
  const detailed = outcomes.filter((o) => o.status === 'checked' && o.result.problems.length > 0);
  for (const o of detailed) {
    if (o.status !== 'checked') continue;
    lines.push('', `<details><summary>${escapeMarkdown(displayPath(o.lockfile))}: ${o.result.classification}</summary>`, '');
    for (const p of o.result.problems) lines.push(`- **${p.level}** ${escapeMarkdown(p.pointer)}: ${escapeMarkdown(p.message)}`);
    lines.push('', '</details>');
  }
  return `${lines.join('\n')}\n`;
}

function firstLine(o: Extract<RefreshOutcome, { status: 'checked' }>): string {
  const first = o.result.problems[0] ?? o.result.notes[0];
  if (!first) return o.unchanged ? 'unchanged (304)' : 'no changes that affect calls';
  const more = o.result.problems.length > 1 ? ` (+${o.result.problems.length - 1} more)` : '';
  return `${first.message}${more}`;
}
