/** What the three targets share: per-case PRNGs, the reproducer format, and a bounded minimizer. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../seededRandom';
import type { Rng } from './mutate';
import type { Failure } from './properties';

export type TargetName = 'core' | 'cli' | 'lsp' | 'mcp';

/** Case `index` of campaign `seed` draws from its own PRNG: any case reruns alone (`--seed S --case I`). */
export function caseRng(seed: number, index: number): Rng {
  const mixed = Math.floor(seededRandom((seed ^ Math.imul(index + 1, 0x9e3779b1)) | 0)() * 2 ** 32) | 0;
  return seededRandom(mixed);
}

/**
 * A saved case, the same shape for reproducers (written on failure) and regression fixtures
 * (test/fuzz/regressions/*.json, replayed before every campaign): the input and the property it must keep.
 */
export interface SavedCase<I = unknown> {
  target: TargetName;
  /** The property the input broke; a replay passes when no property fails. */
  property: string;
  detail?: string;
  /** Why the case is kept (the class of defect it shows). */
  note?: string;
  seed?: number;
  case?: number;
  input: I;
}

export function saveCase(dir: string, name: string, saved: SavedCase, documents: Record<string, string> = {}): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  // The documents beside it, as files a person can open or pass to a2acap.
  for (const [doc, text] of Object.entries(documents)) writeFileSync(join(dir, `${name}.${doc}`), text);
  return file;
}

/**
 * Shrinks `text` while `fails` still holds: removes chunks from half the text down to single characters (a
 * simplified delta debugging), within `attempts` tries and `seconds` so a slow target stays bounded.
 */
export async function minimize(
  text: string,
  fails: (t: string) => boolean | Promise<boolean>,
  attempts: number,
  seconds = 20,
): Promise<string> {
  let current = text;
  let tries = 0;
  const deadline = Date.now() + seconds * 1000;
  const more = () => tries < attempts && Date.now() < deadline;
  for (let size = Math.max(1, Math.floor(current.length / 2)); size >= 1 && more(); size = Math.floor(size / 2)) {
    for (let at = 0; at < current.length && more();) {
      const candidate = current.slice(0, at) + current.slice(at + size);
      tries++;
      if (candidate !== current && (await fails(candidate))) current = candidate;
      else at += size;
    }
    if (size === 1) break;
  }
  return current;
}

export interface CaseOutcome {
  index: number;
  ms: number;
  failures: Failure[];
}

export interface TargetSummary {
  target: TargetName;
  cases: number;
  seconds: number;
  failures: number;
  slow: { index: number; ms: number }[];
  reproducers: string[];
}
