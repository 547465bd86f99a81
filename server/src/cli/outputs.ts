/**
 * `--output FORMAT=FILE` (lint, check; repeatable): one run writes several reports beside the primary `--format`
 * on stdout, e.g. SARIF for code scanning, markdown for the job summary and GitHub annotations for the log from
 * one check, so nothing is fetched or checked twice. Every spec is checked before the run does any work (a typo
 * fails at once, not after a minute of fetching); each file is written atomically once all reports are rendered,
 * so a failure leaves the previous file whole, never half a report.
 */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ioReason } from '../app/text';
import { NotReplaceable, replaceable } from '../node/replaceGuard';
import { writeFileAtomic } from '../node/writeAtomic';
import type { FlagDef } from './help';
import { UsageError, type CliIO } from './io';

export const OUTPUT_FLAG = {
  output: {
    type: 'string',
    multiple: true,
    value: 'FORMAT=FILE',
    help: `--output FORMAT=FILE (repeatable) also writes the report in FORMAT to FILE, beside --format on stdout, from
the same run (e.g. --output sarif=a2a.sarif --output markdown=summary.md). A FILE that exists is replaced only when
it could be such a report: a JSON format only over its own kind of report, a text format never over JSON (a card,
a lockfile).`,
  },
} as const satisfies Record<string, FlagDef>;

export interface OutputTarget<F extends string = string> {
  format: F;
  /** As the user wrote it (messages). */
  file: string;
  /** Where to write: resolved, a symbolic link followed. */
  path: string;
  mode?: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Formats whose reports are JSON; the others are text that is never JSON. */
const JSON_SHAPES: Record<string, (value: unknown) => boolean> = {
  // lint's {"findings": [...]} or check's {"results": [...], ...}: never a card or a lockfile.
  json: (v) => isObject(v) && (Array.isArray(v.findings) || Array.isArray(v.results)),
  sarif: (v) => isObject(v) && v.version === '2.1.0' && Array.isArray(v.runs),
  codequality: (v) => Array.isArray(v),
};

/** Whether the text of an existing file is a report of `format`, so writing over it destroys nothing else. */
function isReport(format: string, text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return !(format in JSON_SHAPES);
  }
  return JSON_SHAPES[format]?.(value) ?? false;
}

/** The specs of --output, checked: known format, a file whose folder exists, not the same file twice. */
export function parseOutputs<F extends string>(
  specs: readonly string[],
  formats: readonly F[],
  cwd: string,
): OutputTarget<F>[] {
  const targets: OutputTarget<F>[] = [];
  for (const spec of specs) {
    const at = spec.indexOf('=');
    const format = spec.slice(0, Math.max(at, 0));
    const file = spec.slice(at + 1);
    if (at < 1 || !file)
      throw new UsageError(
        `--output expects FORMAT=FILE (FORMAT one of ${formats.join(', ')}), got ${JSON.stringify(spec)}`,
      );
    if (!(formats as readonly string[]).includes(format))
      throw new UsageError(`--output ${JSON.stringify(format)}: not a format (one of ${formats.join(', ')})`);
    const target = checkedTarget(format as F, file, resolve(cwd, file));
    if (targets.some((t) => t.path === target.path))
      throw new UsageError(`--output: ${JSON.stringify(file)} is named twice (one report per file)`);
    targets.push(target);
  }
  return targets;
}

function checkedTarget<F extends string>(format: F, file: string, path: string): OutputTarget<F> {
  const label = `--output ${format}=${file}`;
  let folder: boolean;
  try {
    folder = statSync(dirname(path)).isDirectory();
  } catch {
    folder = false;
  }
  if (!folder) throw new UsageError(`${label}: cannot write there: its folder does not exist`);
  try {
    const target = replaceable(path, `a ${format} report`, (text) => isReport(format, text));
    return { format, file, path: target.path, ...(target.mode !== undefined ? { mode: target.mode } : {}) };
  } catch (err) {
    if (err instanceof NotReplaceable) throw new UsageError(`${label}: ${err.message.replace(`${path} `, '')}`);
    throw new UsageError(`${label}: cannot write there (${ioReason(err)})`);
  }
}

/** Renders every report first, then writes each atomically; a write that fails is a usage error naming the file. */
export async function writeOutputs<F extends string>(
  targets: readonly OutputTarget<F>[],
  render: (format: F) => string,
): Promise<void> {
  const rendered = targets.map((t) => ({ target: t, text: render(t.format) }));
  for (const { target, text } of rendered) {
    try {
      await writeFileAtomic(target.path, text, target.mode);
    } catch (err) {
      throw new UsageError(`--output ${target.format}=${target.file}: cannot write it (${ioReason(err)})`);
    }
  }
}

/** What `write` prints on stdout, as a string for a file: never coloured (a file is not a terminal). */
export function captured(io: CliIO, write: (to: CliIO) => void): string {
  let text = '';
  write({
    ...io,
    isTTY: false,
    stdout: (t) => {
      text += t;
    },
  });
  return text;
}
