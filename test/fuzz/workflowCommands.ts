/**
 * The attack on the GitHub step log: card and lockfile text (a value, or a member name such as a skill id) that
 * tries to end an annotation line and start a workflow command of its own, raw or pre-encoded. The mutation plants
 * one; the property reads a `--format github` report as the runner would: every line an annotation whose values
 * are escaped, or the summary line, and nothing else.
 */
import type { Rng } from './mutate';
import { visible, type Failure } from './properties';

// The PRNG helpers of mutate.ts, repeated so that mutate.ts can import this file without a cycle.
const int = (rng: Rng, n: number): number => Math.floor(rng() * n);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[int(rng, items.length)]!;
const chance = (rng: Rng, p: number): boolean => rng() < p;

const BREAKS = ['\n', '\r', '\r\n', '%0A', '%0D', '%250A', '\u2028', '\u0085'];
const COMMANDS = [
  '::add-mask::planted',
  '::stop-commands::planted',
  '::set-output name=verdict::compatible',
  '::error file=forged.json,line=1::planted',
  ',line=1,title=x::planted',
  ':: planted',
];

interface Slot {
  value: unknown;
  set(v: unknown): void;
  rename?(name: string): void;
}

/** A string of the slot (or the member's name) with a line break and a workflow command in it. */
export function plantWorkflowCommand(rng: Rng, slot: Slot): string {
  const base = typeof slot.value === 'string' ? slot.value.slice(0, 30) : 'skill';
  const planted = `${base}${pick(rng, BREAKS)}${pick(rng, COMMANDS)}`;
  if (slot.rename && chance(rng, 0.5)) slot.rename(planted);
  else slot.set(planted);
  return 'planted workflow command';
}

/** A well-formed annotation: level, escaped properties (no raw `,` `:` or line break in a value), a message. */
const ANNOTATION = /^::(error|warning|notice) file=[^,:\r\n]*(,line=\d+,col=\d+)?(,title=[^,:\r\n]*)?::[^\r\n]*$/;
const SUMMARY = /^a2acap (check|lint): [^\r\n]*$/;

/** Every line of a github report is an annotation or the summary line (the runner splits on CR and LF alike). */
export function workflowCommandFailures(stdout: string): Failure[] {
  const lines = stdout.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  const bad = lines.find((l) => !ANNOTATION.test(l) && !SUMMARY.test(l));
  return bad === undefined
    ? []
    : [{ property: '--format github prints annotations and the summary line only', detail: visible(bad, 300) }];
}
