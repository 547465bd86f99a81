/**
 * The fix workflow (`a2acap lint --fix`, `--fix-dry-run`): the quick fixes the editor offers that are marked safe
 * (core/fixes/plan.ts `safe`) applied to a file's text until none is left, each editing only the members it changes
 * (jsonc-parser edits: the rest of the text, comments and layout included, stays as it was). Fixes that need a
 * person's choice are listed, never applied. A file is written whole, atomically, or not at all.
 */
import { promises as fs } from 'node:fs';
import { createTwoFilesPatch } from 'diff';
import { lintDocument } from '../core/lint';
import { quickFixesFor } from '../core/fixes/quickFixes';
import type { FixPlan } from '../core/fixes/plan';
import type { Finding, LintSettings } from '../core/types';
import { ioReason } from '../core/text/ioReason';
import { assertWritableInside } from '../node/insideRoot';
import { writeFileAtomic } from '../node/writeAtomic';
import { applyEdits, type Edit } from 'jsonc-parser';
import { planEdit } from './document/jsonEdits';
import type { Files } from './files';

/** A fix as the report names it: the rule, where, and what the fix does. */
export interface FixEntry {
  code: string;
  pointer: string;
  title: string;
}

export interface FixedText {
  text: string;
  applied: FixEntry[];
  /** Fixes offered for the findings that remain, each needing a person's choice. */
  manual: FixEntry[];
}

/**
 * Passes of lint-then-fix a file gets. Each pass applies every safe fix whose edit does not touch another's (as
 * eslint does), then lints again: fixes that touch wait for the next pass, which sees the members moved. A card
 * settles in a pass or two; the bound only stops fixes that never settle.
 */
export const MAX_FIX_PASSES = 200;

interface Candidate {
  finding: Finding;
  plan: FixPlan;
  key: string;
}

/** The text with every safe fix applied. Pure apart from the lint: never throws on bad input. */
export function fixText(text: string, fileName: string, settings: LintSettings): FixedText {
  const applied: FixEntry[] = [];
  const tried = new Set<string>();
  let current = text;
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const lint = lintDocument(current, { fileName, settings });
    if (lint.value === undefined) break;
    const candidates = safeFixes(lint.findings, lint.value, tried);
    if (candidates.length === 0) return { text: current, applied, manual: manualFixes(lint.findings, lint.value) };
    const pass1 = applyPass(current, lint.value, candidates, tried);
    current = pass1.text;
    for (const c of pass1.applied)
      applied.push({ code: c.finding.code, pointer: c.finding.pointer, title: c.plan.title });
  }
  const lint = lintDocument(current, { fileName, settings });
  return { text: current, applied, manual: lint.value === undefined ? [] : manualFixes(lint.findings, lint.value) };
}

/** The safe fixes not tried yet, one per distinct edit (the whole-card migration is one fix, however many members were flagged). */
function safeFixes(findings: readonly Finding[], value: unknown, tried: ReadonlySet<string>): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const finding of findings) {
    for (const plan of quickFixesFor(finding, value)) {
      if (!plan.safe) continue;
      const key = `${plan.title}|${JSON.stringify(plan.operations)}`;
      if (tried.has(key) || seen.has(key)) continue;
      seen.add(key);
      out.push({ finding, plan, key });
    }
  }
  return out;
}

/**
 * One pass: each candidate's edit made against the same text, those whose spans are apart from every edit taken
 * before them applied together. A fix whose edit cannot be made is marked tried (skipped from then on, the
 * others still apply); one that touches a taken edit waits for the next pass. Should the combined text not parse,
 * the first fix alone is applied instead.
 */
function applyPass(
  text: string,
  value: unknown,
  candidates: readonly Candidate[],
  tried: Set<string>,
): { text: string; applied: Candidate[] } {
  const taken: { candidate: Candidate; edit: Edit }[] = [];
  for (const candidate of candidates) {
    const edit = editOf(text, value, candidate.plan);
    if (edit === undefined) {
      tried.add(candidate.key);
      continue;
    }
    if (taken.every((t) => apart(t.edit, edit))) taken.push({ candidate, edit });
  }
  for (const t of taken) tried.add(t.candidate.key);
  if (taken.length === 0) return { text, applied: [] };
  const combined = applyEdits(
    text,
    taken.map((t) => t.edit),
  );
  if (parses(combined)) return { text: combined, applied: taken.map((t) => t.candidate) };
  const first = taken[0]!;
  const alone = applyEdits(text, [first.edit]);
  return parses(alone) ? { text: alone, applied: [first.candidate] } : { text, applied: [] };
}

/** The plan as one edit of `text`, or undefined when it cannot be made or changes nothing. */
function editOf(text: string, value: unknown, plan: FixPlan): Edit | undefined {
  try {
    const edit = planEdit(text, value, plan.operations);
    return edit.length === 0 && edit.content === '' ? undefined : edit;
  } catch {
    return undefined;
  }
}

/** Two edits that neither overlap nor touch (touching edits, such as removals of neighbours, share a comma). */
function apart(a: Edit, b: Edit): boolean {
  return a.offset + a.length < b.offset || b.offset + b.length < a.offset;
}

function parses(text: string): boolean {
  return lintDocument(text).value !== undefined;
}

function manualFixes(findings: readonly Finding[], value: unknown): FixEntry[] {
  const out: FixEntry[] = [];
  for (const finding of findings) {
    const plans = quickFixesFor(finding, value);
    if (plans.length === 0 || plans.some((p) => p.safe)) continue;
    out.push({ code: finding.code, pointer: finding.pointer, title: plans.map((p) => p.title).join(' | ') });
  }
  return out;
}

export type FileFix =
  | { file: string; status: 'fixed' | 'would-fix' | 'unchanged'; applied: FixEntry[]; manual: FixEntry[]; diff: string }
  | { file: string; status: 'error'; error: string };

/**
 * Fixes one file, named `file` (as given) at `path`. `dryRun`: the unified diff only, nothing written. The write
 * resolves symbolic links and stays inside the file's repository (node/writeAtomic.ts); a file that cannot be read,
 * is over the size limit or cannot be written is an error, and the file is left as it was.
 */
export async function fixFile(
  files: Files,
  file: string,
  path: string,
  settings: LintSettings,
  dryRun: boolean,
): Promise<FileFix> {
  let text: string;
  let real: string;
  let mode: number;
  try {
    await assertWritableInside(path);
  } catch {
    // Named as the user wrote it: where the link leads is not shown.
    return { file, status: 'error', error: 'a symbolic link leads outside the repository: not fixed' };
  }
  try {
    real = await fs.realpath(path);
    const info = await fs.stat(real);
    if (!info.isFile()) return { file, status: 'error', error: 'is not a regular file' };
    if (info.size > settings.maxCardBytes)
      return { file, status: 'error', error: `is over the size limit (${settings.maxCardBytes} bytes): not fixed` };
    text = await files.readText(real, settings.maxCardBytes);
    mode = info.mode & 0o777;
  } catch (err) {
    return { file, status: 'error', error: `cannot read it (${ioReason(err)})` };
  }
  const fixed = fixText(text, file, settings);
  const changed = fixed.text !== text;
  const diff = changed ? createTwoFilesPatch(`a/${file}`, `b/${file}`, text, fixed.text, '', '') : '';
  if (!changed || dryRun)
    return { file, status: changed ? 'would-fix' : 'unchanged', applied: fixed.applied, manual: fixed.manual, diff };
  try {
    await writeFileAtomic(real, fixed.text, mode);
  } catch (err) {
    return { file, status: 'error', error: `not fixed: cannot write it (${ioReason(err)})` };
  }
  return { file, status: 'fixed', applied: fixed.applied, manual: fixed.manual, diff };
}
