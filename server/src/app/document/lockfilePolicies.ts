/**
 * The project's policies on a lockfile in the editor, as `a2acap check` runs them (app/checkPolicies.ts): the card
 * the lockfile is checked against (the workspace card it pins, and the live card when this session fetched it) is
 * run through the policies of the lockfile's nearest .a2a/config.json, each violation a problem at the lockfile's
 * `/agent` with check's level and wording, and the configuration's `ignore` entries for a policy id whose `file`
 * matches the lockfile accept it. A configuration whose policies do not compile is one error on the lockfile: its
 * policies cannot be checked, and a lockfile must not look as if it passed them.
 */
import { dirname, relative, sep } from 'node:path';
import { judgedResult, policySuppressions, withPolicyProblems } from '../checkPolicies';
import type { RefreshOutcome } from '../../core/check/types';
import { cardPolicyFindings } from '../policies';
import type { ClientConfig } from '../../core/types';
import type { LockfileAgainstCard } from './pinnedCard';
import type { DocumentProject } from './projectFindings';

/** How an invalid configuration's message names a member of `policies` (core/config/projectConfig.ts). */
const POLICIES_MEMBER = /(?:^|: )\/policies(?:\/|:)/;

/** `pinned` with its checks judged by the project's policies (unchanged when the project has none). */
export function withLockfilePolicies(
  pinned: LockfileAgainstCard | undefined,
  project: DocumentProject | undefined,
  lockPath: string,
  client: ClientConfig,
): LockfileAgainstCard | undefined {
  if (!pinned || !project) return pinned;
  if (project.invalid && POLICIES_MEMBER.test(project.invalid.reason))
    return {
      ...pinned,
      policyError: `the policies of ${project.invalid.path} cannot be checked: ${project.invalid.reason}`,
    };
  const { policies = [], ignore = [] } = project.config;
  if (!policies.length || project.path === undefined) return pinned;
  const run = policySuppressions({ policies, ignore }, '.a2a/config.json');
  const file = relative(dirname(dirname(project.path)), lockPath)
    .split(sep)
    .join('/');
  const judged = { ...pinned };
  if (pinned.check && pinned.pinned)
    judged.check = judgedResult(pinned.check, cardPolicyFindings(policies, pinned.pinned.card, client), run, file);
  if (pinned.live?.card.card !== undefined)
    judged.live = {
      ...pinned.live,
      check: judgedResult(pinned.live.check, cardPolicyFindings(policies, pinned.live.card.card, client), run, file),
    };
  return judged;
}

/** A live check's outcome (Check Lockfiles Now, the watcher) with the project's policy problems, as `check` adds them. */
export function outcomeWithPolicies(
  outcome: RefreshOutcome,
  project: DocumentProject | undefined,
  client: ClientConfig,
): RefreshOutcome {
  const policies = project?.config.policies ?? [];
  if (!project?.path || !policies.length) return outcome;
  const config = { policies, ignore: project.config.ignore ?? [], configPath: project.path, client };
  const [judged] = withPolicyProblems([outcome], config, { cwd: dirname(dirname(project.path)) });
  return judged ?? outcome;
}
