/**
 * a2a_check_lockfile — {lockfile, live?} → the classification, problems and notes of the lockfile against the card
 * it pins, exactly as `a2acap check LOCK --live --format json` reports them (core/check/checkMany.ts and
 * report/json.ts). Without `live` only a card file the lockfile pins is read (a pinned URL is refused: the call
 * was not asked to use the network); a pinned path must stay inside the roots, and a catalog file the lockfile was
 * pinned through (`found_via.catalog`) inside the root that holds the lockfile. The lockfile's project configuration
 * (mcp/lockfileProject.ts) gives the client and the policies, whose problems join the result as in `check`.
 */
import { isAbsolute, relative, sep } from 'node:path';
import { checkLockfiles, jsonCheckReport, verdictOf } from '../../app/check';
import { withoutUserinfo } from '../../app/text';
import { withPolicyProblems } from '../../app/checkPolicies';
import { cardLoaderFor } from '../../app/world';
import { lockfileProject } from '../lockfileProject';
import { readTextSync } from '../../node/readText';
import { optionalBoolean, requiredString, type Args } from '../args';
import { clippedValues } from '../envelope';
import { LIMITS } from '../limits';
import { catalogPathsInRoots, networkOf, pathInsideRoots, toolCardSource } from '../sources';
import { withRootsShown } from '../shownPath';
import { firstRoot, type ToolWorld } from '../world';

/** Paths as the CLI shows them when run from the first root: the lockfile as given, cards relative to the root. */
function displayFor(world: ToolWorld, lockfile: string, given: string): (p: string) => string {
  return (p) => {
    if (p === lockfile) return given;
    if (!isAbsolute(p)) return withoutUserinfo(p);
    return (relative(firstRoot(world), p) || p).split(sep).join('/');
  };
}

/** Every string of the report with paths under the roots written as the results write them (shownPath.ts). */
function withPathsShown(world: ToolWorld, value: unknown): unknown {
  if (typeof value === 'string') return withRootsShown(world, value);
  if (Array.isArray(value)) return value.map((v) => withPathsShown(world, v));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withPathsShown(world, v)]));
  return value;
}

export async function a2aCheckLockfile(world: ToolWorld, args: Args): Promise<Record<string, unknown>> {
  const given = requiredString(args, 'lockfile');
  const live = optionalBoolean(args, 'live') === true;
  if (live) networkOf(world);
  const lockfile = await pathInsideRoots(world, given);
  // The lockfile's project configuration: its client compiles the card, its policies judge it (as check does).
  const project = lockfileProject(world, lockfile);
  const checked = await checkLockfiles({
    lockfiles: [lockfile],
    loader: cardLoaderFor(toolCardSource(world, live), project.client),
    readText: async (p) => readTextSync(p, world.maxCardBytes),
    insideRepository: false,
    catalogPaths: catalogPathsInRoots(world),
  });
  const [outcome] = withPolicyProblems(checked, project, { cwd: firstRoot(world) });
  world.lastChecked.set(lockfile, {
    classification: verdictOf(outcome!),
    at: world.now().toISOString(),
  });
  const report = JSON.parse(jsonCheckReport([outcome!], displayFor(world, lockfile, given))) as Record<string, unknown>;
  return clippedValues(withPathsShown(world, report) as Record<string, unknown>, LIMITS.untrustedChars);
}
