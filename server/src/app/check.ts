/**
 * The check workflow: lockfiles in, each one's outcome (compatible, review, breaking or why it could not be
 * checked) out, against a card file or each lockfile's agent; and the reports made of the outcomes. `a2acap check`,
 * the MCP tool a2a_check_lockfile and the editor's lockfile checks go through here.
 */
import { cardDigest } from '../core/card/digest';
import { readProjectConfig } from '../core/config/projectConfig';
import { judgedResult, policySuppressions } from './checkPolicies';
import { cardPolicyFindings } from './policies';
import { checkMany, DEFAULT_CONCURRENCY } from '../core/check/checkMany';
import { refreshLockfile, type CardPathCheck, type RefreshOptions } from '../core/check/refreshLockfile';
import type { CardLoader } from '../core/check/cardLoader';
import { codeQualityReport } from '../core/check/report/codequality';
import { githubReport } from '../core/check/report/github';
import { jsonReport } from '../core/check/report/json';
import { markdownReport } from '../core/check/report/markdown';
import { sarifReport } from '../core/check/report/sarif';
import { exitCodeFor, verdictOf, type FailOn } from '../core/check/report/summary';
import { textReport, type TextStyle } from '../core/check/report/text';
import type { StaleSuppression } from '../core/check/staleSuppression';
import type { RefreshOutcome } from '../core/check/types';
import { markAccepted, type Acceptance } from '../core/check/acceptance';
import { verifiedProbes, withReverified } from '../core/check/reverify';
import type { HttpClient } from '../core/net/http';
import type { NetworkAllowance } from '../core/net/policy';
import type { ProbeResult } from '../core/probe/types';
import { probe } from './probe';
import { checkLockfile } from '../core/lockfile/check';
import { checkOptionsFor } from '../core/lockfile/checkOptions';
import { clientForLock } from '../core/lockfile/currentProfile';
import { compileProfile } from '../core/profile/compile';
import type { StaleMarkers } from '../core/send/staleMarkers';
import { resolveAgent } from '../node/agentLocation';
import { lockfileCardPaths } from '../node/insideRoot';
import { openRevision, RevisionError, type Revision } from '../node/gitRevision';
import { cardLoaderFor, nodeFiles } from './world';
import type { CheckResult, ClientConfig, Lockfile } from '../core/types';

export { DEFAULT_CONCURRENCY, exitCodeFor, markAccepted, openRevision, RevisionError, verdictOf };
export type { Acceptance, CheckResult, FailOn, RefreshOutcome, Revision, StaleSuppression, TextStyle };
export { signingCheck } from './signingKey';

export interface CheckRequest {
  /** Absolute paths of the lockfiles. */
  lockfiles: readonly string[];
  /** Loads the card each lockfile pins (or the --card file for all of them). */
  loader: CardLoader;
  /** The card file every lockfile is checked against, instead of its own agent. */
  cardOverride?: string;
  concurrency?: number;
  stale?: StaleMarkers;
  /** How lockfiles are read (default: bounded by the default card size). */
  readText?: (path: string) => Promise<string>;
  /**
   * A card path in a lockfile must stay inside the lockfile's repository (the git top-level; default). Off where the
   * loader's own source keeps paths inside its roots (the MCP tools).
   */
  insideRepository?: boolean;
  /**
   * Where a catalog file a lockfile's `found_via` names may be read, when `insideRepository` is off (the MCP tools:
   * inside the root that holds the lockfile). Without it such a lockfile is refused there, never read.
   */
  catalogPaths?: CardPathCheck;
  /** For lockfiles that pinned a signing key: the trust store and policy the card's signature is checked under. */
  signing?: RefreshOptions['signing'];
}

/** Each lockfile's outcome, in the order given. */
export function checkLockfiles(request: CheckRequest): Promise<RefreshOutcome[]> {
  return checkMany([...request.lockfiles], {
    loader: request.loader,
    readText: request.readText ?? nodeFiles.readText,
    resolveAgent,
    cardOverride: request.cardOverride,
    ...(request.insideRepository === false ? {} : { cardPath: lockfileCardPaths() }),
    ...(request.catalogPaths ? { catalogPath: request.catalogPaths } : {}),
    concurrency: request.concurrency,
    ...(request.stale ? { stale: request.stale } : {}),
    ...(request.signing ? { signing: request.signing } : {}),
  });
}

/**
 * Each lockfile's result as the lockfile was at `revision` (check --since), checked with `request.loader` (the card
 * as it was there too, for --card; the live card, for --live), by the lockfile's path. A lockfile that did not exist
 * there, or could not be checked there, has no entry: all its problems are new. `judge` adds what the run adds to
 * every outcome (the project's policy problems), so a problem it added at the revision too is not new.
 */
export async function checkAtRevision(
  request: CheckRequest,
  revision: Revision,
  judge: (outcomes: RefreshOutcome[]) => RefreshOutcome[] = (o) => o,
): Promise<Map<string, CheckResult>> {
  const checked = await checkLockfiles({
    ...request,
    stale: undefined,
    readText: async (path) => {
      const text = await revision.read(path);
      if (text === undefined) throw new Error(`not in ${revision.name}`);
      return text;
    },
  });
  const outcomes = judge(checked);
  return new Map(outcomes.flatMap((o) => (o.status === 'checked' ? [[o.lockfile, o.result] as const] : [])));
}

/**
 * `check --live --probe`: the lockfiles pinned with `--probe` (verified evidence under `verified`) have their agent
 * probed again (safe probes only, no message sent; one run per agent), and each claim verified when pinned that
 * does not verify now becomes a problem of the lockfile (core/check/reverify.ts).
 */
export async function reverifyProbes(
  outcomes: readonly RefreshOutcome[],
  world: { http: HttpClient; allow?: NetworkAllowance; client?: ClientConfig },
): Promise<RefreshOutcome[]> {
  const runs = new Map<string, Promise<ProbeResult[]>>();
  const resultsFor = (o: Extract<RefreshOutcome, { status: 'checked' }>): Promise<ProbeResult[]> => {
    let run = runs.get(o.card);
    if (!run) {
      run = probe({
        agent: o.card,
        http: world.http,
        client: world.client,
        lock: o.lock,
        origin: 'repository',
        allow: world.allow,
      })
        .then((r) => r.results)
        .catch((err: unknown) => {
          // The agent could not be probed at all: every recorded claim is inconclusive, with the reason.
          const detail = `probing failed: ${err instanceof Error ? err.message : String(err)}`;
          return verifiedProbes(o.lock).map((name) => ({
            probe: name,
            claim: '',
            outcome: 'error' as const,
            detail,
            at: '',
          }));
        });
      runs.set(o.card, run);
    }
    return run;
  };
  return Promise.all(
    outcomes.map(async (o) =>
      o.status === 'checked' && verifiedProbes(o.lock).length > 0 ? withReverified(o, await resultsFor(o)) : o,
    ),
  );
}

/**
 * One lockfile's outcome, read with `readText` (the editor's open documents) and its card path kept where
 * `cardPath` says (the editor's workspace folders). The editor checks its lockfiles one by one through here.
 */
export function checkLockfileAt(path: string, options: Omit<RefreshOptions, 'resolveAgent'>): Promise<RefreshOutcome> {
  return refreshLockfile(path, { ...options, resolveAgent });
}

/**
 * A lockfile checked against a card value in hand (the library's checkLockfile): the card compiled for `client` plus
 * the extensions the lockfile relies on, its digest and text cues compared, as `a2acap check` does for a card it
 * loaded. Throws only for a card nested too deeply to digest.
 */
export function checkLockfileAgainst(lock: Lockfile, card: unknown, client: ClientConfig): CheckResult {
  const profile = compileProfile(card, clientForLock(client, lock));
  return checkLockfile(lock, profile, checkOptionsFor(card, cardDigest(card), lock));
}

/**
 * The same check under a project configuration (the JSON value of a .a2a/config.json; an invalid one throws a
 * TypeError naming the member): its policies run on the card, its `ignore` entries for a policy apply to `fileName`
 * (the lockfile's path from the repository root).
 */
export function checkLockfileInProject(
  lock: Lockfile,
  card: unknown,
  client: ClientConfig,
  options: { project: unknown; fileName?: string; today?: string },
): CheckResult {
  const read = readProjectConfig(options.project);
  if (!read.ok) throw new TypeError(`not a valid project configuration: ${read.message}`);
  const result = checkLockfileAgainst(lock, card, client);
  const { policies = [], ignore = [] } = read.config;
  if (!policies.length) return result;
  const run = policySuppressions({ policies, ignore }, '.a2a/config.json', options.today);
  const file = (options.fileName ?? '').replace(/\\/g, '/').replace(/^\.\//, '');
  return judgedResult(result, cardPolicyFindings(policies, card, client), run, file);
}

/** A loader that answers every location with this one card (check --card): compiled for `client`, cached. */
export function fixedCardLoader(card: unknown, client: ClientConfig): CardLoader {
  return cardLoaderFor({ fetch: async () => ({ status: 'fresh', card, validators: {} }) }, client);
}

/** A lockfile's outcome as the JSON report writes it (`a2acap check --format json`). */
export function jsonCheckReport(outcomes: readonly RefreshOutcome[], display: (path: string) => string): string {
  return jsonReport(outcomes, display);
}

export const CHECK_FORMATS = ['json', 'text', 'sarif', 'markdown', 'codequality', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

/**
 * A report of the outcomes. `display` names a lockfile or agent as the output shows it; Code Quality and GitHub
 * annotations name files with `relativePath` (each links to a file of the repository).
 */
export function checkReport(
  format: CheckFormat,
  outcomes: readonly RefreshOutcome[],
  display: (path: string) => string,
  options: {
    version: string;
    style?: TextStyle;
    relativePath: (path: string) => string;
    /** Stale `ignore` entries (app/checkPolicies.ts): in the text, JSON and SARIF reports. */
    stale?: readonly StaleSuppression[];
  },
): string {
  const stale = options.stale ?? [];
  if (format === 'sarif') return sarifReport(outcomes, display, options.version, stale);
  if (format === 'markdown') return markdownReport(outcomes, display);
  if (format === 'codequality') return codeQualityReport(outcomes, options.relativePath);
  if (format === 'github') return githubReport(outcomes, options.relativePath);
  if (format === 'text') return textReport(outcomes, display, options.style, stale);
  return jsonReport(outcomes, display, stale);
}
