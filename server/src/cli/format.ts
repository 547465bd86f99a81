/**
 * Text output helpers shared by the CLI commands: colour that switches itself off, and aligned columns.
 *
 *   const c = palette(useColor(io));          // no-ops when colour is off (not a TTY, or NO_COLOR set)
 *   io.stdout(alignColumns([[c.bold('a'), 'b'], ['ccc', 'd']]));   // pads by visible width (ANSI ignored)
 */
import type { Severity } from '../core/types';
import { escapeControls } from '../app/text';

export interface Palette {
  red: (s: string) => string;
  yellow: (s: string) => string;
  blue: (s: string) => string;
  cyan: (s: string) => string;
  green: (s: string) => string;
  gray: (s: string) => string;
  bold: (s: string) => string;
}

function sgr(open: number, close: number, enabled: boolean): (s: string) => string {
  return enabled ? (s) => `\u001b[${open}m${s}\u001b[${close}m` : (s) => s;
}

/** ANSI styles when `enabled`, identity functions otherwise. Decide `enabled` with io.useColor(io). */
export function palette(enabled: boolean): Palette {
  return {
    red: sgr(31, 39, enabled),
    yellow: sgr(33, 39, enabled),
    blue: sgr(34, 39, enabled),
    cyan: sgr(36, 39, enabled),
    green: sgr(32, 39, enabled),
    gray: sgr(90, 39, enabled),
    bold: sgr(1, 22, enabled),
  };
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export function visibleWidth(s: string): number {
  return s.replace(ANSI, '').length;
}

/**
 * Rows of cells → lines with every column but the last padded to its widest cell (two spaces between columns).
 * Returns the lines joined with '\n' and a trailing newline ('' for no rows).
 */
export function alignColumns(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => {
      if (i < row.length - 1) widths[i] = Math.max(widths[i] ?? 0, visibleWidth(cell));
    });
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i < row.length - 1 ? cell + ' '.repeat((widths[i] ?? 0) - visibleWidth(cell)) : cell))
        .join('  ')
        .trimEnd(),
    )
    .map((line) => line + '\n')
    .join('');
}

/** The severity word, coloured by level (error red, warning yellow, info blue, hint gray). */
export function severityLabel(severity: Severity, c: Palette): string {
  switch (severity) {
    case 'error':
      return c.red(severity);
    case 'warning':
      return c.yellow(severity);
    case 'info':
      return c.blue(severity);
    default:
      return c.gray(severity);
  }
}

/** "2 errors, 1 warning" (zero counts left out; "no problems" when all are zero). */
export function countSummary(counts: Partial<Record<Severity, number>>): string {
  const parts = (['error', 'warning', 'info', 'hint'] as const)
    .filter((s) => (counts[s] ?? 0) > 0)
    .map((s) => `${counts[s]} ${s}${counts[s] === 1 ? '' : s === 'info' ? '' : 's'}`);
  return parts.length ? parts.join(', ') : 'no problems';
}

/** Untrusted text (card strings inside messages) must not drive the terminal: escape control characters. */
export const safeText = escapeControls;
