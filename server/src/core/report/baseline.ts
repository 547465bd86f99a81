/**
 * A lint baseline: the findings a project has accepted for now, so a linter can be adopted on existing cards and
 * CI fails only on new findings (what Spectral users ask for). A finding is identified by its file, rule id and
 * JSON Pointer, never by its line or message: editing elsewhere in the card, or rewording a message in a new
 * release, does not bring an accepted finding back. The file is deterministic (sorted, 2-space JSON, trailing
 * newline), so re-writing an unchanged baseline is a no-op diff.
 */
import { isObject } from '../document';
import { machineJson } from './machineJson';

export const BASELINE_FORMAT = 'a2acap-baseline/1';

export interface BaselineEntry {
  /** The file as the CLI was given it, relative to the working directory, with forward slashes. */
  file: string;
  code: string;
  pointer: string;
}

export type BaselineRead = { ok: true; keys: Set<string> } | { ok: false; error: string };

export function baselineKey(e: BaselineEntry): string {
  return JSON.stringify([e.file, e.code, e.pointer]);
}

/** The baseline file's text for these findings (duplicates once, sorted by file, rule, pointer). */
export function serializeBaseline(entries: readonly BaselineEntry[]): string {
  const unique = new Map(entries.map((e) => [baselineKey(e), { file: e.file, code: e.code, pointer: e.pointer }]));
  const findings = [...unique.values()].sort(
    (a, b) => compare(a.file, b.file) || compare(a.code, b.code) || compare(a.pointer, b.pointer),
  );
  return `${machineJson({ format: BASELINE_FORMAT, findings }, 2)}\n`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Reads a baseline file's text; anything that is not one is an error (a broken baseline must not hide findings). */
export function parseBaseline(text: string): BaselineRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not valid JSON' };
  }
  if (!isObject(value) || value.format !== BASELINE_FORMAT || !Array.isArray(value.findings)) {
    return {
      ok: false,
      error: `not an a2acap baseline (expected {"format": "${BASELINE_FORMAT}", "findings": [...]}; write one with --write-baseline)`,
    };
  }
  const keys = new Set<string>();
  for (const [i, f] of value.findings.entries()) {
    if (!isObject(f) || typeof f.file !== 'string' || typeof f.code !== 'string' || typeof f.pointer !== 'string') {
      return { ok: false, error: `findings[${i}] must be {"file", "code", "pointer"} strings` };
    }
    keys.add(baselineKey({ file: f.file, code: f.code, pointer: f.pointer }));
  }
  return { ok: true, keys };
}
