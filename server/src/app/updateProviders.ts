/**
 * `a2acap update LOCK...`: many lockfiles updated at once, grouped by provider (core/lockfile/provider.ts), one
 * pull request's worth each. Every lockfile goes through the single-lockfile workflow (update.ts); with `write`, the
 * compatible and review updates are written (atomically, node/writeLockfile.ts), and breaking ones only with
 * `acceptBreaking`, which pins what the agent offers now and keeps the check's breaking items as what the workflow
 * loses. A lockfile whose agent cannot be loaded is an outcome of its own; the others still go through.
 */
import { providerOf, updateBranchFor } from '../core/lockfile/provider';
import { PinError } from '../core/pin/errors';
import { addChanges, emptyChanges, type UpdateChanges } from '../core/update/sections';
import type { CardLoader } from '../core/check/cardLoader';
import type { CheckItem, Classification, Lockfile } from '../core/types';
import { writeLockfile } from '../node/writeLockfile';
import { acceptBreaking, updateLockfile, type UpdateRequest, type UpdateResult } from './update';

export interface ProviderLockfile {
  /** Absolute path, and the path as the output names it. */
  path: string;
  shown: string;
  lock: Lockfile;
  text: string;
  loader: CardLoader;
}

export interface UpdateProvidersRequest {
  lockfiles: readonly ProviderLockfile[];
  /** Write the lockfiles of compatible and review updates. */
  write: boolean;
  /** With `write`: also the breaking ones, pinned to what the agent offers now. */
  acceptBreaking: boolean;
  now: () => Date;
  /** The signature check (`--trust-store`, `--signature-policy`): rewrites record the key that verifies the card now. */
  signing?: UpdateRequest['signing'];
}

/**
 * - `up-to-date`: nothing to change; `pending`: an update that was not written (no `write`);
 * - `updated`: written; `breaking`: a breaking change, not written; `accepted`: a breaking change written;
 * - `error`: the agent could not be loaded, or nothing of the selection is left to pin.
 */
export type LockfileStatus = 'up-to-date' | 'pending' | 'updated' | 'breaking' | 'accepted' | 'error';

export interface LockfileOutcome {
  path: string;
  shown: string;
  agent: string;
  status: LockfileStatus;
  /** The check's classification of the update; absent when the agent could not be loaded. */
  classification?: Classification;
  /** Why it is breaking, or the error. */
  message?: string;
  /** The breaking items: what the workflow loses when the change is accepted. */
  loses: CheckItem[];
  /** The single-lockfile result, for a text report of its diff. */
  update?: UpdateResult;
}

export type ProviderClassification = Classification | 'error';

export interface ProviderUpdate {
  provider: string;
  /** The fixed branch of its pull request. */
  branch: string;
  /** The most severe of its lockfiles ('error' above all). */
  classification: ProviderClassification;
  /** Some lockfile was written, or would be. */
  changed: boolean;
  lockfiles: LockfileOutcome[];
  changes: UpdateChanges;
}

/** The lockfiles grouped by provider, in the order each provider first appears. */
export function groupByProvider<T extends { lock: Lockfile; text: string }>(lockfiles: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of lockfiles) {
    const key = providerOf({ agent: entry.lock.agent, found_via: foundViaOf(entry) });
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return groups;
}

/**
 * `found_via` as the lockfile holds it: from the parsed lockfile when its reader keeps the member, else from the
 * text as read (a reader that knows only the older members drops it). Anything may be there: providerOf judges it.
 */
function foundViaOf(entry: { lock: Lockfile; text: string }): unknown {
  const parsed = (entry.lock as { found_via?: unknown }).found_via;
  if (parsed !== undefined || !entry.text.includes('"found_via"')) return parsed;
  try {
    const raw = JSON.parse(entry.text) as unknown;
    return raw !== null && typeof raw === 'object' ? (raw as { found_via?: unknown }).found_via : undefined;
  } catch {
    return undefined;
  }
}

export async function updateProviders(request: UpdateProvidersRequest): Promise<ProviderUpdate[]> {
  const out: ProviderUpdate[] = [];
  for (const [provider, members] of groupByProvider(request.lockfiles)) {
    const lockfiles: LockfileOutcome[] = [];
    for (const member of members) lockfiles.push(await updateOne(member, request));
    out.push(providerUpdate(provider, lockfiles));
  }
  return out;
}

const RANK: Record<ProviderClassification, number> = { compatible: 0, review: 1, breaking: 2, error: 3 };

function providerUpdate(provider: string, lockfiles: LockfileOutcome[]): ProviderUpdate {
  const changes = emptyChanges();
  let classification: ProviderClassification = 'compatible';
  for (const o of lockfiles) {
    const level: ProviderClassification = o.status === 'error' ? 'error' : (o.classification ?? 'compatible');
    if (RANK[level] > RANK[classification]) classification = level;
    const u = o.update;
    if (u && u.status !== 'unloadable' && o.status !== 'up-to-date')
      addChanges(changes, o.shown, [...u.check.problems, ...u.check.notes], u.diff.changes);
  }
  const changed = lockfiles.some((o) => o.status === 'pending' || o.status === 'updated' || o.status === 'accepted');
  return { provider, branch: updateBranchFor(provider), classification, changed, lockfiles, changes };
}

async function updateOne(member: ProviderLockfile, request: UpdateProvidersRequest): Promise<LockfileOutcome> {
  const base = { path: member.path, shown: member.shown, agent: member.lock.agent, loses: [] as CheckItem[] };
  const update = await updateLockfile({
    path: member.path,
    lock: member.lock,
    text: member.text,
    loader: member.loader,
    now: request.now,
    ...(request.signing ? { signing: request.signing } : {}),
  });
  if (update.status === 'unloadable') return { ...base, status: 'error', message: update.message, update };
  const classification = update.check.classification;
  const found = { ...base, classification, update };
  if (update.status === 'up-to-date') return { ...found, status: 'up-to-date' };
  const breaking = update.status === 'breaking' || classification === 'breaking';
  if (!breaking) {
    if (!request.write) return { ...found, status: 'pending' };
    await writeLockfile(member.path, update.next);
    return { ...found, status: 'updated' };
  }
  const loses = update.check.problems.filter((p) => p.level === 'breaking');
  const message = update.status === 'breaking' ? update.message : (loses[0]?.message ?? 'a breaking change');
  if (!request.write || !request.acceptBreaking) return { ...found, status: 'breaking', message, loses };
  let next: Lockfile;
  try {
    // A breaking change the same selection can still be pinned through (a new binding) keeps its re-pin.
    next = update.status === 'breaking' ? acceptBreaking(member.lock, update, request.now) : update.next;
  } catch (err) {
    if (err instanceof PinError) return { ...found, status: 'error', message: err.message, loses };
    throw err;
  }
  await writeLockfile(member.path, next);
  return { ...found, status: 'accepted', message, loses };
}

export { updateBody } from '../core/update/body';

/** A file `--body-file` may replace: a body it wrote before (or an empty file). */
export function isUpdateBody(text: string): boolean {
  return text === '' || text.startsWith('## A2A capability update: ') || text.startsWith('No lockfile to update.');
}
