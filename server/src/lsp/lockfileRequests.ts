/**
 * The lockfile requests of the editor, translated: pin options and pin, live check of lockfiles, the
 * pinned-vs-current diff, update after review are workflows of app/document/lockfiles.ts; here they are
 * registered, and what they changed is published (every lockfile diagnostic is the server's).
 */
import {
  checkLockfiles,
  lockfileDiff,
  LockfileService,
  pin,
  pinOptions,
  updateLockfile,
} from '../app/document/lockfiles';
import type { RefreshOutcome } from '../core/check/types';
import {
  CheckLockfilesRequest,
  LockfileDiffRequest,
  PinOptionsRequest,
  PinRequest,
  UpdateLockfileRequest,
  type LockfileCheckEntry,
  type LockfileDiffResult,
  type PinOptionsResult,
} from '../protocol';
import type { ServerContext } from './context';
import { publishClosedLockfile, republishLockfiles } from './diagnostics/closedLockfiles';
import { invalidParams } from './requestParams';
import { runSafe } from './runSafe';

export function registerLockfileRequests(ctx: ServerContext): void {
  const service = new LockfileService(ctx.world);
  const settings = (uri?: string) => ctx.world.settings(uri ?? '');
  const log = ctx.connection.console;

  ctx.connection.onRequest(
    PinOptionsRequest.type,
    (params, token) =>
      invalidParams(params, { source: 'object' }) ??
      runSafe(
        log,
        token,
        {
          location: '',
          agentName: '',
          skills: [],
          streaming: false,
          extensions: [],
          error: 'internal error',
        } as PinOptionsResult,
        'pin options',
        async () => pinOptions(service, await settings(params.source.uri), params.source),
      ),
  );

  ctx.connection.onRequest(
    PinRequest.type,
    (params, token) =>
      invalidParams(params, { source: 'object', target: 'string', selection: 'object', probe: 'boolean?' }) ??
      runSafe(log, token, { written: false, probes: [], error: 'internal error' }, 'pin', async () => {
        const result = await pin(service, await settings(params.target), params);
        if (result.error === undefined) await republishLockfiles(ctx);
        return result;
      }),
  );

  ctx.connection.onRequest(
    CheckLockfilesRequest.type,
    (params, token) =>
      invalidParams(params, { uris: 'string[]', staleMarkers: 'string?', onlyStale: 'boolean?' }) ??
      runSafe(log, token, { results: [] as LockfileCheckEntry[] }, 'check lockfiles', async () => {
        const { results, outcomes } = await checkLockfiles(service, params, (message) => log.error(message));
        await publishLiveDiagnostics(ctx, outcomes);
        return { results };
      }),
  );

  ctx.connection.onRequest(
    LockfileDiffRequest.type,
    (params, token) =>
      invalidParams(params, { uri: 'string' }) ??
      runSafe(
        log,
        token,
        { pinned: '', current: '', diff: '', pending: false, error: 'internal error' } as LockfileDiffResult,
        'lockfile diff',
        async () => lockfileDiff(service, await settings(params.uri), params.uri),
      ),
  );

  ctx.connection.onRequest(
    UpdateLockfileRequest.type,
    (params, token) =>
      invalidParams(params, { uri: 'string' }) ??
      runSafe(
        log,
        token,
        { written: false, error: 'internal error' } as { error?: string; written: boolean },
        'update lockfile',
        async () => {
          const result = await updateLockfile(service, await settings(params.uri), params.uri);
          if (result.error === undefined) await republishLockfiles(ctx);
          return result;
        },
      ),
  );
}

/**
 * The server owns every lockfile diagnostic: open lockfiles are re-validated (now against the live card);
 * checked lockfiles that are not open get the same diagnostics computed from their text on disk.
 */
async function publishLiveDiagnostics(
  ctx: ServerContext,
  outcomes: readonly { uri: string; outcome: RefreshOutcome }[],
): Promise<void> {
  const session = ctx.world.session;
  const now = new Set<string>();
  for (const { uri, outcome } of outcomes) {
    session.markChecked(uri);
    now.add(uri);
    if (outcome.text !== undefined) await publishClosedLockfile(ctx, uri, outcome.text);
  }
  // The check may have taught the session a newer card: lockfiles of earlier checks follow it too.
  await Promise.all(
    session
      .checkedLockfiles()
      .filter((uri) => !now.has(uri))
      .map((uri) => publishClosedLockfile(ctx, uri).catch(() => undefined)),
  );
  ctx.revalidateAll();
}
