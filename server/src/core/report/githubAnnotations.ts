/**
 * GitHub Actions workflow commands for findings (`--format github`): one `::error file=…,line=…,col=…::message`
 * line per entry, which the runner turns into an annotation on the file (shown on the pull request without code
 * scanning). The runner reads any log line starting with `::` as a command, so every value is escaped by the
 * workflow-command rules: in the message `%`, CR and LF; in a property also `:` and `,`. A card's text can then
 * never end the line and start a command of its own (`::add-mask::`, `::stop-commands::`, `::set-output`).
 * Hidden characters (bidi controls, invisible ones) are shown as `\uXXXX` first, as in every other report.
 */
import { visibleText } from '../text/untrustedText';
import type { Severity } from '../types';
import type { SarifEntry } from './sarif';

/** The runner's annotation levels: error and warning as they are, info and hint as notices. */
export function annotationLevel(severity: Severity): 'error' | 'warning' | 'notice' {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'notice';
}

/** A workflow command's message: `%`, CR and LF percent-encoded (the runner decodes them back). */
export function escapeCommandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value: as the message, and `:` and `,` too (they end the value). */
export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One workflow command line (with its line break), every value escaped. */
export function workflowCommand(
  command: string,
  properties: Readonly<Record<string, string | number | undefined>>,
  message: string,
): string {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${escapeCommandProperty(visibleText(String(value)))}`)
    .join(',');
  return `::${command}${props ? ` ${props}` : ''}::${escapeCommandData(visibleText(message))}\n`;
}

/** One annotation per entry, on its file and (when the member was located) its 1-based line and column. */
export function githubAnnotations(entries: readonly SarifEntry[]): string {
  return entries
    .map((e) =>
      workflowCommand(
        annotationLevel(e.severity),
        {
          file: e.file,
          line: e.range ? e.range.start.line + 1 : undefined,
          col: e.range ? e.range.start.character + 1 : undefined,
          title: e.ruleId,
        },
        e.message,
      ),
    )
    .join('');
}
