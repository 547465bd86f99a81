/**
 * `a2acap pin CATALOG-PATH#IDENTIFIER@VERSION` with the hostile catalog paths of catalogPaths.ts (the CLI target): the
 * scratch directory is the repository (it holds .git) and its `ai-catalog.json` lists the pair's card inline.
 * Property: a path that climbs out of the repository (`..` past its root, an absolute or UNC path) is refused by the
 * confinement, with its message, and never pinned; spellings that stay inside may pin or fail as they will.
 */
import { isAbsolute, posix } from 'node:path';
import { pick, type Rng } from './mutate';
import { visible, type Failure } from './properties';
import { loadSeeds } from './seeds';
import { catalogPathCase, catalogPathFiles } from './catalogPaths';
import type { CliInput } from './cli';

export interface CatalogPinCase {
  catalog: string;
  /** The path leaves the repository as the file system resolves it (not only as a lockfile reader judges it). */
  climbs: boolean;
}

export function catalogPinCliInput(rng: Rng): CliInput {
  let c = catalogPathCase(rng);
  // An argument cannot hold a NUL: those spellings are the check's (catalogPaths.ts).
  while (c.catalog.includes('\0')) c = catalogPathCase(rng);
  const pair = pick(rng, loadSeeds().pairs);
  const files = { ...(catalogPathFiles(c, pair) ?? {}), 'agent-card.json': pair.card };
  const normal = posix.normalize(c.catalog.replace(/\\/g, '/'));
  const climbs = isAbsolute(c.catalog) || normal === '..' || normal.startsWith('../');
  return {
    files,
    argv: ['pin', `${c.catalog}#agent@1.0.0`, '--skill', skillOf(pair.card), '--out', 'pinned.a2a-lock.json'],
    mutated: 'ai-catalog.json',
    ops: [`pin from catalog path ${JSON.stringify(c.catalog)}`],
    origin: 'generated',
    catalogPin: { catalog: c.catalog, climbs },
  };
}

function skillOf(card: string): string {
  try {
    const id = (JSON.parse(card) as { skills?: { id?: unknown }[] }).skills?.[0]?.id;
    return typeof id === 'string' && id ? id : 'x';
  } catch {
    return 'x';
  }
}

/** A climbing path is refused by the confinement (exit 2, its message), never pinned. */
export function catalogPinFailures(c: CatalogPinCase, code: number | null, stderr: string): Failure[] {
  if (!c.climbs) return [];
  if (code === 2 && /not inside the lockfile's repository/.test(stderr)) return [];
  return [
    {
      property: 'a pin from a catalog path out of the repository is refused by the confinement',
      detail: `${visible(c.catalog, 80)} → exit ${code}: ${visible(stderr, 200)}`,
    },
  ];
}
