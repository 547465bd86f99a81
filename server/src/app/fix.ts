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
import { applyOperations } from './document/jsonEdits';
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
 * Rounds of lint-then-fix a file gets: each round applies one fix, then lints again (a fix moves the members the
 * next one addresses). A card has a handful of safe fixes; the bound only stops a fix that never settles.
 */
export const MAX_FIX_ROUNDS = 200;

/** The text with every safe fix applied. Pure apart from the lint: never throws on bad input. */
export function fixText(text: string, fileName: string, settings: LintSettings): FixedText {
  const applied: FixEntry[] = [];
  const tried = new Set<string>();
  let current = text;
  for (let round = 0; round < MAX_FIX_ROUNDS; round++) {
    const lint = lintDocument(current, { fileName, settings });
    if (lint.value === undefined) break;
    const next = firstSafeFix(lint.findings, lint.value, tried);
    if (!next) return { text: current, applied, manual: manualFixes(lint.findings, lint.value) };
    tried.add(next.key);
    const fixed = applied1(current, lint.value, next.plan);
    if (fixed === undefined) continue; // the edit could not be made: skipped, the others still apply
    current = fixed;
    applied.push({ code: next.finding.code, pointer: next.finding.pointer, title: next.plan.title });
  }
  const lint = lintDocument(current, { fileName, settings });
  return { text: current, applied, manual: lint.value === undefined ? [] : manualFixes(lint.findings, lint.value) };
}

function firstSafeFix(
  findings: readonly Finding[],
  value: unknown,
  tried: ReadonlySet<string>,
): { finding: Finding; plan: FixPlan; key: string } | undefined {
  for (const finding of findings) {
    for (const plan of quickFixesFor(finding, value)) {
      if (!plan.safe) continue;
      // The whole-card migration is one fix, however many members were flagged.
      const key = `${plan.title}|${JSON.stringify(plan.operations)}`;
      if (!tried.has(key)) return { finding, plan, key };
    }
  }
  return undefined;
}

/** The text with the plan applied, or undefined when it cannot be, or would leave a document that does not parse. */
function applied1(text: string, value: unknown, plan: FixPlan): string | undefined {
  try {
    const next = applyOperations(text, value, plan.operations);
    return next !== text && lintDocument(next).value !== undefined ? next : undefined;
  } catch {
    return undefined;
  }
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
