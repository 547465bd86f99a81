/**
 * Lockfiles pinned from a catalog file (`found_via.catalog` a path) with hostile paths, checked by the CLI target
 * (`a2acap check --live`, no network: the catalog is a file). Spellings that leave the scratch directory (the
 * repository root: it holds no .git, so the lockfile's folder is the root) climb with `..` in every separator and
 * depth, are absolute, a drive or UNC path, a file: URL, or hold a NUL; the others stay inside (`./`, `sub/..`,
 * percent-encoded dots, which a path never decodes). Property: a path that leaves the repository is never read:
 * the lockfile is not checked (an error, the refusal named), never "the entry is gone" nor any classification.
 */
import { chance, int, pick, type Rng } from './mutate';
import { visible, type Failure } from './properties';
import { loadSeeds, type CheckPair } from './seeds';
import type { CliInput } from './cli';

export interface CatalogPathCase {
  catalog: string;
  /** The spelling resolves outside the repository (or is no relative path at all). */
  escapes: boolean;
}

const ESCAPES = [
  () => '../ai-catalog.json',
  (rng: Rng) => `${'../'.repeat(1 + int(rng, 12))}etc/x.json`,
  (rng: Rng) => `./${'../'.repeat(1 + int(rng, 4))}ai-catalog.json`,
  (rng: Rng) => `sub/${'../'.repeat(2 + int(rng, 4))}ai-catalog.json`,
  () => 'ai-catalog.json/../../x.json',
  () => '/etc/passwd',
  () => '//host/share/ai-catalog.json',
  () => '\\\\host\\share\\ai-catalog.json',
  () => 'C:\\Windows\\ai-catalog.json',
  () => 'c:/x.json',
  () => 'file:///etc/passwd',
  () => 'FILE:ai-catalog.json',
  () => 'ai-catalog.json\u0000../../x',
  () => ' ../ai-catalog.json',
];
const INSIDE = ['ai-catalog.json', './ai-catalog.json', 'sub/../ai-catalog.json', '%2e%2e/ai-catalog.json', '..x.json'];

export function catalogPathCase(rng: Rng): CatalogPathCase {
  if (chance(rng, 0.25)) return { catalog: pick(rng, INSIDE), escapes: false };
  return { catalog: pick(rng, ESCAPES)(rng), escapes: true };
}

/** A CLI case: `check --live` of a lockfile whose found_via.catalog is a generated path. */
export function catalogPathCliInput(rng: Rng): CliInput {
  const c = catalogPathCase(rng);
  const { pairs } = loadSeeds();
  let files: Record<string, string> | undefined;
  for (let tries = 0; files === undefined && tries < 8; tries++) files = catalogPathFiles(c, pick(rng, pairs));
  return {
    files: files ?? {},
    argv: ['check', '--live', 'a2a-lock.json', '--format', 'json'],
    mutated: 'a2a-lock.json',
    ops: [`found_via.catalog ${JSON.stringify(c.catalog)}`],
    origin: 'generated',
    catalogPath: c,
  };
}

/** The files and the lockfile of a case: the pair's lock pinned through `ai-catalog.json`, which holds its card. */
export function catalogPathFiles(c: CatalogPathCase, pair: CheckPair): Record<string, string> | undefined {
  let lock: unknown;
  let card: unknown;
  try {
    lock = JSON.parse(pair.lock);
    card = JSON.parse(pair.card);
  } catch {
    return undefined;
  }
  if (lock === null || typeof lock !== 'object' || Array.isArray(lock)) return undefined;
  const foundVia = { catalog: c.catalog, identifier: 'agent', version: '1.0.0' };
  const entry = { identifier: 'agent', type: 'application/a2a-agent-card+json', version: '1.0.0', data: card };
  return {
    // A .git entry makes the scratch directory the repository root, wherever the campaign puts it.
    '.git': 'gitdir: none\n',
    'a2a-lock.json': JSON.stringify({ ...lock, agent: `${c.catalog}#agent@1.0.0`, found_via: foundVia }, null, 2),
    'ai-catalog.json': JSON.stringify({ specVersion: '1.0', entries: [entry] }, null, 2),
  };
}

/** `check --live --format json` of the case's lockfile: a path out of the repository is refused, never read. */
export function catalogPathFailures(c: CatalogPathCase, stdout: string): Failure[] {
  if (!c.escapes || stdout === '') return [];
  let result: { classification?: string; error?: string } | undefined;
  try {
    result = (JSON.parse(stdout) as { results?: { classification?: string; error?: string }[] }).results?.[0];
  } catch {
    return [{ property: 'a catalog path check prints JSON', detail: visible(stdout, 200) }];
  }
  const refused = /outside the repository|must be the http\(s\) URL of the catalog/.test(result?.error ?? '');
  return result?.classification === undefined && refused
    ? []
    : [
        {
          property: 'a found_via.catalog path out of the repository is never read',
          detail: `${visible(c.catalog, 80)} → ${visible(JSON.stringify(result ?? null), 200)}`,
        },
      ];
}
