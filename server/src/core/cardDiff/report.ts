/**
 * The reports of a card diff, made as `a2acap check` makes its own: text makes card text visible (control, bidi and
 * invisible characters as escapes), Markdown escapes it (no markup, link or mention from a card), JSON keeps it
 * recoverable (machineJson: every value parses back to what the card wrote). Credentials are the caller's to
 * redact from the whole output (the CLI's redacting IO), as for every command.
 */
import { escapeMarkdown } from '../check/report/markdown';
import type { ProfileChange } from '../lockfile/diff';
import { machineJson } from '../report/machineJson';
import { visibleText } from '../text/untrustedText';
import type { CardDiff, DiffSection } from './diffCards';

export type CardDiffFormat = 'text' | 'json' | 'markdown';

export interface DiffNames {
  /** The two cards as the output names them (paths as typed, URLs without userinfo). */
  old: string;
  new: string;
}

export function cardDiffReport(format: CardDiffFormat, diff: CardDiff, names: DiffNames): string {
  if (format === 'json') return jsonDiff(diff, names);
  if (format === 'markdown') return markdownDiff(diff, names);
  return textDiff(diff, names);
}

/** `{classification, old, new, agent: section, skills: {id: section}}`; a section is `{classification, problems, notes, changes}`. */
function jsonDiff(diff: CardDiff, names: DiffNames): string {
  return `${machineJson({ classification: diff.classification, old: names.old, new: names.new, agent: diff.agent, skills: diff.skills }, 2)}\n`;
}

const MAX_VALUE = 200;

/** A changed value as one line of JSON, cut at MAX_VALUE characters. */
function shownValue(value: unknown): string {
  const json = JSON.stringify(value) ?? 'undefined';
  return json.length > MAX_VALUE ? `${json.slice(0, MAX_VALUE)}…` : json;
}

function changeLine(change: ProfileChange): string {
  const at = change.pointer || '/';
  if (change.kind === 'added') return `+ ${at}: ${shownValue(change.after)}`;
  if (change.kind === 'removed') return `- ${at}: ${shownValue(change.before)}`;
  return `~ ${at}: ${shownValue(change.before)} → ${shownValue(change.after)}`;
}

/** One line of untrusted text for a terminal. */
function clean(text: string): string {
  return visibleText(text.replace(/[\r\n\t]+/g, ' '));
}

function sections(diff: CardDiff): [string, DiffSection][] {
  return [
    ['agent', diff.agent],
    ...Object.entries(diff.skills).map(([id, s]): [string, DiffSection] => [`skill ${JSON.stringify(id)}`, s]),
  ];
}

function isEmpty(section: DiffSection): boolean {
  return section.problems.length + section.notes.length + section.changes.length === 0;
}

function textDiff(diff: CardDiff, names: DiffNames): string {
  const out = [`${diff.classification}  ${clean(names.old)} → ${clean(names.new)}`];
  for (const [title, section] of sections(diff)) {
    if (isEmpty(section)) continue;
    out.push('', `${clean(title)}: ${section.classification}`);
    for (const item of [...section.problems, ...section.notes])
      out.push(`    ${item.level.padEnd(8)} ${clean(item.message)}`);
    for (const change of section.changes) out.push(`    ${clean(changeLine(change))}`);
  }
  if (sections(diff).every(([, s]) => isEmpty(s))) out.push('', 'no changes');
  return `${out.join('\n')}\n`;
}

const ICON = { compatible: '✅', review: '🟡', breaking: '❌' } as const;

function markdownDiff(diff: CardDiff, names: DiffNames): string {
  const lines = [
    '### A2A card diff',
    '',
    `${ICON[diff.classification]} **${diff.classification}**: ${escapeMarkdown(names.old)} → ${escapeMarkdown(names.new)}`,
    '',
    '| | Part | Result | Details |',
    '|---|---|---|---|',
  ];
  const shown = sections(diff).filter(([, s]) => !isEmpty(s));
  for (const [title, section] of shown) {
    const first = section.problems[0] ?? section.notes[0];
    const details = first ? first.message : `${section.changes.length} change(s) that do not affect calls`;
    lines.push(
      `| ${ICON[section.classification]} | ${escapeMarkdown(title)} | ${section.classification} | ${escapeMarkdown(details)} |`,
    );
  }
  for (const [title, section] of shown) {
    if (section.problems.length + section.changes.length === 0) continue;
    lines.push('', `#### ${escapeMarkdown(title)}: ${section.classification}`, '');
    for (const item of section.problems) lines.push(`- **${item.level}** ${escapeMarkdown(item.message)}`);
    for (const change of section.changes) lines.push(`- ${escapeMarkdown(changeLine(change))}`);
  }
  if (shown.length === 0) lines.push('| ✅ | agent | compatible | no changes |');
  return `${lines.join('\n')}\n`;
}
