/**
 * Seeds: real documents from the repository (every card and lockfile fixture, the example cards, the card/lockfile
 * pairs of the check table, the real-card corpus in test/fixtures/corpus). `A2A_EXTRA_CORPUS=<dir>` adds seeds; the
 * fuzzer never needs it, so a campaign reproduces from the repository alone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { corpusCards } from '../fixtures/corpus/corpus';

export const ROOT = join(__dirname, '..', '..');

export interface Seed {
  /** Where it came from, relative to the repository (or "corpus:…"). */
  origin: string;
  kind: 'card' | 'lockfile';
  text: string;
}

export interface CheckPair {
  origin: string;
  card: string;
  lock: string;
}

function jsonFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) jsonFiles(p, out);
    else if (name.endsWith('.json') && !name.endsWith('.expected.json') && !name.endsWith('.fixes.json')) out.push(p);
  }
  return out;
}

function looksLikeLockfile(text: string): boolean {
  return text.includes('"card_digest"') || text.includes('"pinned_at"');
}

let cached: { seeds: Seed[]; pairs: CheckPair[] } | undefined;

export function loadSeeds(): { seeds: Seed[]; pairs: CheckPair[] } {
  if (cached) return cached;
  const seeds: Seed[] = [];
  const add = (file: string, origin: string) => {
    const text = readFileSync(file, 'utf8');
    // Seeds over 256 KB would make every case slow; the mutations make huge documents on their own.
    if (text.length > 256 * 1024) return;
    seeds.push({ origin, kind: looksLikeLockfile(text) ? 'lockfile' : 'card', text });
  };
  for (const dir of ['test/fixtures/cards', 'examples/cards', 'test/fixtures/lockfiles', 'test/fixtures/quick-fixes']) {
    for (const f of jsonFiles(join(ROOT, dir))) add(f, relative(ROOT, f));
  }
  const pairs: CheckPair[] = [];
  const checkDir = join(ROOT, 'test/fixtures/check');
  for (const name of readdirSync(checkDir).sort()) {
    const card = join(checkDir, name, 'card.json');
    const lock = join(checkDir, name, 'lock.json');
    if (existsSync(card) && existsSync(lock)) {
      pairs.push({
        origin: `test/fixtures/check/${name}`,
        card: readFileSync(card, 'utf8'),
        lock: readFileSync(lock, 'utf8'),
      });
      add(card, `test/fixtures/check/${name}/card.json`);
      add(lock, `test/fixtures/check/${name}/lock.json`);
    }
  }
  for (const card of corpusCards()) add(card.path, card.own ? relative(ROOT, card.path) : `corpus:${card.name}`);
  cached = { seeds, pairs };
  return cached;
}
