/**
 * The pull-request body of an update (`a2acap update --body-file FILE`), one section per provider: what changed and
 * how it is classified, the lockfiles and skills affected, per skill the structural changes apart from the
 * descriptive ones, and, when the update is breaking, what the workflow loses and how a reviewer approves it.
 * Every string from a card, a lockfile or a path is untrusted: escaped so it cannot break a list or a table, inject
 * a link, HTML or a mention (check/report/markdown.ts). Credentials are the caller's to redact from the whole body.
 */
import { escapeMarkdown } from '../check/report/markdown';
import type { CheckItem, Classification } from '../types';
import { sortedSkills, type ChangeEntry, type UpdateChanges, type UpdateSection } from './sections';

/** The label a reviewer adds to a pull request to approve its breaking change (the Action reads it). */
export const APPROVAL_LABEL = 'approved-breaking-change';

export interface BodyLockfile {
  shown: string;
  status: 'up-to-date' | 'pending' | 'updated' | 'breaking' | 'accepted' | 'error';
  classification?: Classification;
  message?: string;
  loses: readonly CheckItem[];
}

export interface BodyProvider {
  provider: string;
  classification: Classification | 'error';
  lockfiles: readonly BodyLockfile[];
  changes: UpdateChanges;
}

const ICON = { compatible: '✅', review: '🟡', breaking: '❌', error: '⚠️' } as const;

const STATUS: Record<BodyLockfile['status'], string> = {
  'up-to-date': 'up to date',
  pending: 'update pending (not written)',
  updated: 'updated',
  breaking: 'breaking: not rewritten',
  accepted: 'breaking: accepted, re-pinned to what the agent offers now',
  error: 'not updated',
};

/**
 * `redact` is applied to every untrusted string before it is escaped: once escaped, a URL's credentials no longer
 * look like a URL's (`://` is written as an entity).
 */
export function updateBody(providers: readonly BodyProvider[], redact: (text: string) => string = (t) => t): string {
  const lines: string[] = [];
  const esc = (text: string) => escapeMarkdown(redact(text));
  for (const p of providers) {
    if (lines.length) lines.push('');
    lines.push(...providerSection(p, esc));
  }
  if (!lines.length) lines.push('No lockfile to update.');
  return `${lines.join('\n')}\n`;
}

type Escape = (text: string) => string;

function providerSection(p: BodyProvider, esc: Escape): string[] {
  const skills = sortedSkills(p.changes);
  const lines = [
    `## A2A capability update: ${esc(p.provider)}`,
    '',
    `${ICON[p.classification]} **${p.classification}**. Skills affected: ${skills.length ? skills.map(([id]) => code(id, esc)).join(', ') : 'none'}.`,
    '',
    '| Lockfile | Classification | Result |',
    '|---|---|---|',
  ];
  for (const l of p.lockfiles) {
    const why = l.status === 'error' && l.message ? `: ${esc(l.message)}` : '';
    lines.push(`| ${esc(l.shown)} | ${l.classification ?? 'error'} | ${STATUS[l.status]}${why} |`);
  }
  const parts: [string, UpdateSection][] = [
    ...skills.map(([id, s]): [string, UpdateSection] => [`Skill ${code(id, esc)}`, s]),
    ['The agent', p.changes.agent],
  ];
  for (const [title, section] of parts) {
    if (section.structural.length + section.descriptive.length === 0) continue;
    lines.push('', `### ${title}`);
    entries(lines, 'Structural changes (what a call sends, receives or needs)', section.structural, esc);
    entries(lines, 'Descriptive changes (text and version only)', section.descriptive, esc);
  }
  lines.push(...breakingSection(p, esc));
  return lines;
}

function entries(lines: string[], title: string, list: readonly ChangeEntry[], esc: Escape): void {
  if (!list.length) return;
  lines.push('', `**${title}**`, '');
  for (const e of list) {
    const level = e.level === 'change' ? '' : `**${e.level}** `;
    lines.push(`- ${level}${esc(e.message)} (${esc(e.lockfile)})`);
  }
}

function breakingSection(p: BodyProvider, esc: Escape): string[] {
  const held = p.lockfiles.filter((l) => l.status === 'breaking');
  const accepted = p.lockfiles.filter((l) => l.status === 'accepted');
  if (!held.length && !accepted.length) return [];
  const lines = ['', '### Breaking change'];
  if (accepted.length) {
    lines.push(
      '',
      'These lockfiles now pin what the agent offers now. The workflow loses:',
      '',
      ...accepted.flatMap((l) => l.loses.map((i) => `- ${esc(i.message)} (${esc(l.shown)})`)),
      '',
      'Merging this pull request is the approval: it accepts these losses for every workflow that uses these lockfiles. Adapt those workflows first, then merge; to refuse the change, close the pull request and pin a new selection with `a2acap pin`.',
    );
  }
  if (held.length) {
    lines.push(
      '',
      'Not rewritten (the agent no longer offers what they pin):',
      '',
      ...held.map((l) => `- ${esc(l.shown)}: ${esc(l.message ?? 'a breaking change')}`),
      '',
      `To accept: run \`a2acap update --yes --accept-breaking\` (the update workflow does), which pins what the agent offers now, and merge that change (merging is the approval; a pull request that keeps the old lockfiles passes the capability check with the label \`${APPROVAL_LABEL}\`). Or pin a new selection with \`a2acap pin\`.`,
    );
  }
  return lines;
}

/** A skill id, escaped like any card text, between quotation marks (a code span could be closed by its own backquotes). */
function code(id: string, esc: Escape): string {
  return `“${esc(id)}”`;
}
