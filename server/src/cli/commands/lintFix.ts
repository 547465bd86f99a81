/**
 * `a2acap lint --fix` and `--fix-dry-run` (app/fix.ts): which fixes were applied to each file, and which need a
 * person (on stderr, so stdout stays the lint report); with --fix-dry-run the unified diff of each file on stdout
 * and nothing written. Card text in fix titles is made visible (safeText).
 */
import { resolve } from 'node:path';
import { fixFile, type FileFix, type FixEntry } from '../../app/fix';
import { nodeFiles } from '../../app/files';
import type { LintSettings } from '../../app/settings';
import { alignColumns, safeText } from '../format';
import type { CliIO } from '../io';

const HEADLINE: Record<Exclude<FileFix['status'], 'error'>, string> = {
  fixed: 'fixed',
  'would-fix': 'would fix',
  unchanged: 'nothing to fix in',
};

function entries(list: readonly FixEntry[]): string {
  return alignColumns(list.map((e) => ['    ' + e.code, safeText(e.pointer || '/'), safeText(e.title)]));
}

/** Fixes every file; true when one could not be read or written (the run then exits 2). */
export async function runFixes(
  files: readonly { file: string; settings: LintSettings }[],
  dryRun: boolean,
  io: CliIO,
): Promise<boolean> {
  let failed = false;
  for (const { file, settings } of files) {
    const r = await fixFile(nodeFiles, file, resolve(io.cwd, file), settings, dryRun);
    if (r.status === 'error') {
      failed = true;
      io.stderr(`a2acap lint: ${safeText(file)}: ${r.error}\n`);
      continue;
    }
    // Card text in the diff is made visible line by line (the diff's own line breaks stay).
    if (dryRun && r.diff) io.stdout(`${r.diff.replace(/\n$/, '').split('\n').map(safeText).join('\n')}\n`);
    const count = r.applied.length;
    io.stderr(
      `a2acap lint: ${HEADLINE[r.status]} ${safeText(file)}${count ? ` (${count} fix${count === 1 ? '' : 'es'})` : ''}\n`,
    );
    if (count) io.stderr(entries(r.applied));
    if (r.manual.length) {
      io.stderr(`  not applied, a person's choice (the editor offers them as quick fixes):\n`);
      io.stderr(entries(r.manual));
    }
  }
  return failed;
}
