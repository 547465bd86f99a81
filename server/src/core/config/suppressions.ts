/**
 * Which findings the project's `ignore` entries (.a2a/config.json, ignoreEntries.ts) accept. Pure: the files are
 * named relative to the repository root (the folder holding .a2a/, '/' separators) and today's date is given.
 *
 * An entry matches a finding when the rule is the finding's code, its `file` glob (if any) matches the file (a
 * pattern without '/' matches the base name anywhere, one with '/' the path from the root), and the finding's
 * pointer is the entry's `pointer` or a member under it (`/skills/0` covers `/skills/0/description`; no pointer
 * covers the whole file). Then:
 * - an entry whose `until` is before today no longer applies: the finding is reported, with a note saying so;
 * - an entry for a rule that protects the reader is not applied unless the run allows the repository to lower
 *   those rules (the same floor as `rules`, restrictedRules.ts): a fork's pull request must not hide them;
 * - an entry that matches no finding of a file it covers is stale (reported at the entry, `stale-suppression`).
 *   An entry whose files were not linted in this run is not judged.
 */
import { globToRegExp } from '../text/glob';
import type { IgnoreEntry } from './ignoreEntries';
import { READER_PROTECTING_RULES } from './restrictedRules';

/** The rules an `ignore` entry from the repository cannot accept: the reader-protecting ones, and leaked credentials. */
export const UNSUPPRESSIBLE_RULES: ReadonlySet<string> = new Set([
  ...Object.keys(READER_PROTECTING_RULES),
  'secrets-in-card',
]);

export interface SuppressibleFinding {
  code: string;
  pointer: string;
  message: string;
}

export interface Suppression {
  /** The entry's index in `ignore`. */
  index: number;
  reason: string;
}

export interface SuppressionDecision<F extends SuppressibleFinding> {
  /** Findings still reported: a note is added to the message when an expired or refused entry matched. */
  kept: F[];
  suppressed: { finding: F; suppression: Suppression }[];
}

export interface SuppressionOptions {
  /** YYYY-MM-DD, the day of the run (UTC). */
  today: string;
  /** The run lets the repository quieten the reader-protecting rules (--allow-repo-rule-overrides). */
  allowProtected: boolean;
  /** The configuration file as the notes name it. */
  configName: string;
}

/** An entry's files: undefined (every file) or the test of a root-relative path. */
export function entryCoversFile(entry: IgnoreEntry, file: string): boolean {
  if (entry.file === undefined) return true;
  const re = globToRegExp(entry.file);
  return entry.file.includes('/') ? re.test(file) : re.test(file.slice(file.lastIndexOf('/') + 1));
}

export function pointerCovers(entryPointer: string | undefined, pointer: string): boolean {
  if (entryPointer === undefined || entryPointer === '') return true;
  return pointer === entryPointer || pointer.startsWith(`${entryPointer}/`);
}

/**
 * Tracks which entries matched over a run (several files); `decide` is called once per file, `stale` at the end.
 */
export class SuppressionRun {
  private readonly used = new Set<number>();
  private readonly covered = new Set<number>();

  constructor(
    private readonly entries: readonly IgnoreEntry[],
    private readonly options: SuppressionOptions,
  ) {}

  decide<F extends SuppressibleFinding>(file: string, findings: readonly F[]): SuppressionDecision<F> {
    const applicable = this.entries.map((e, index) => ({ e, index })).filter(({ e }) => entryCoversFile(e, file));
    for (const { index } of applicable) this.covered.add(index);
    const kept: F[] = [];
    const suppressed: SuppressionDecision<F>['suppressed'] = [];
    for (const finding of findings) {
      const matches = applicable.filter(
        ({ e }) => e.rule === finding.code && pointerCovers(e.pointer, finding.pointer),
      );
      for (const { index } of matches) this.used.add(index);
      const active = matches.find(({ e }) => this.refusal(e) === undefined);
      if (active) {
        suppressed.push({ finding, suppression: { index: active.index, reason: active.e.reason } });
        continue;
      }
      const first = matches[0];
      kept.push(first ? { ...finding, message: `${finding.message} (${this.note(first.e, first.index)})` } : finding);
    }
    return { kept, suppressed };
  }

  /** The entries that covered a file of the run and matched none of its findings. */
  stale(): number[] {
    return [...this.covered].filter((i) => !this.used.has(i)).sort((a, b) => a - b);
  }

  private refusal(e: IgnoreEntry): 'expired' | 'protected' | undefined {
    if (e.until !== undefined && e.until < this.options.today) return 'expired';
    if (!this.options.allowProtected && UNSUPPRESSIBLE_RULES.has(e.rule)) return 'protected';
    return undefined;
  }

  private note(e: IgnoreEntry, index: number): string {
    const where = `${this.options.configName} /ignore/${index}`;
    return this.refusal(e) === 'expired'
      ? `the suppression in ${where} expired on ${e.until}`
      : `${where} cannot suppress ${e.rule}, which protects the reader, unless the run allows repository overrides (--allow-repo-rule-overrides)`;
  }
}

/** The message of a stale entry's finding. */
export function staleMessage(entry: IgnoreEntry): string {
  return `This ignore entry matches no ${entry.rule} finding${entry.file ? ` in ${entry.file}` : ''}${entry.pointer ? ` at ${entry.pointer}` : ''}: the finding is gone, so remove the entry.`;
}
