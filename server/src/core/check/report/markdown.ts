/**
 * Markdown report: a summary fit for a pull-request comment. One table row per lockfile, then the
 * problems of the ones that are not compatible. Every string from a card or a lockfile is untrusted:
 * it is escaped so it cannot break the table, inject links/HTML or ping people (checked with GitHub's renderer).
 */
import type { RefreshOutcome } from '../types';
import { acceptanceMark } from '../acceptance';
import { acceptedAs, summarize, verdictOf } from './summary';
import { visibleText } from '../../text/untrustedText';
import { escapeMarkdownCharacters } from '../../text/markdownEscape';

const ICON = { compatible: '✅', review: '🟡', breaking: '❌', error: '⚠️' } as const;

/**
 * Untrusted text for a Markdown context (a table cell, a list item): one line, Markdown syntax escaped, and no
 * HTML, link, mention or autolink (see `neutralize`).
 */
export function escapeMarkdown(text: string): string {
  return neutralize(escapeMarkdownCharacters(oneLine(text), 'inline'));
}

/** Untrusted text inside an HTML block (`<details><summary>…`), where Markdown escapes are not processed. */
export function escapeHtml(text: string): string {
  return neutralize(oneLine(text));
}

/** One line, control and invisible characters made visible (`\u202e`), at most 500 characters (cut before any entity is added). */
function oneLine(text: string): string {
  return visibleText(text.replace(/[\r\n\t]+/g, ' ')).slice(0, 500);
}

const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * What GitHub's renderer (cmark-gfm with its autolink extension) would turn into markup is written as entities:
 * `<` `>` `&` (no HTML, also in HTML blocks, where backslash escapes do nothing); `://` and `www.` (no URL
 * autolinks); `@` followed by a zero-width space (no e-mail autolink, no @mention: entities alone do not stop
 * those, cmark-gfm joins the text first).
 */
function neutralize(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => ENTITY[c] ?? c)
    .replace(/@/g, '&#64;&#8203;')
    .replace(/:\/\//g, '&#58;//')
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}&#46;`);
}

export function markdownReport(outcomes: readonly RefreshOutcome[], displayPath: (p: string) => string): string {
  const s = summarize(outcomes);
  const lines = [
    '### A2A capability lockfiles',
    '',
    `${s.total} checked: ${s.compatible} compatible, ${s.review} to review, ${s.breaking} breaking, ${s.error} errors.${acceptedSentence(s)}`,
    '',
    '| | Lockfile | Result | Details |',
    '|---|---|---|---|',
  ];
  for (const o of outcomes) {
    const accepted = acceptedAs(o);
    const verdict = `${verdictOf(o)}${accepted ? ` (${accepted === 'approved' ? 'approved' : 'pre-existing'})` : ''}`;
    const details = o.status === 'error' ? o.cause : firstLine(o);
    lines.push(
      `| ${ICON[verdictOf(o)]} | ${escapeMarkdown(displayPath(o.lockfile))} | ${verdict} | ${escapeMarkdown(details)} |`,
    );
  }
  const detailed = outcomes.filter((o) => o.status === 'checked' && o.result.problems.length > 0);
  for (const o of detailed) {
    if (o.status !== 'checked') continue;
    lines.push(
      '',
      `<details><summary>${escapeHtml(displayPath(o.lockfile))}: ${o.result.classification}</summary>`,
      '',
    );
    for (const p of o.result.problems)
      lines.push(`- **${p.level}** ${escapeMarkdown(p.pointer)}: ${escapeMarkdown(p.message + acceptanceMark(p))}`);
    lines.push('', '</details>');
  }
  return `${lines.join('\n')}\n`;
}

/** " 1 passes as approved, 1 as pre-existing." when any lockfile's problems were all accepted. */
function acceptedSentence(s: ReturnType<typeof summarize>): string {
  const parts = [
    ...(s.approved ? [`${s.approved} as approved`] : []),
    ...(s.preexisting ? [`${s.preexisting} as pre-existing (already so at the base revision)`] : []),
  ];
  return parts.length ? ` Passing anyway: ${parts.join(', ')}.` : '';
}

function firstLine(o: Extract<RefreshOutcome, { status: 'checked' }>): string {
  const first = o.result.problems[0] ?? o.result.notes[0];
  if (!first) return o.unchanged ? 'unchanged (304)' : 'no changes that affect calls';
  const more = o.result.problems.length > 1 ? ` (+${o.result.problems.length - 1} more)` : '';
  return `${first.message}${acceptanceMark(first)}${more}`;
}
