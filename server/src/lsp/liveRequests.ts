/**
 * Live-agent requests of the editor, translated: a2a/fetchCard and a2a/probeAgent are workflows of
 * app/document/live.ts; here LSP cancellation becomes an AbortSignal, the answer and the log pass through the
 * request's redactor, and what the session learned is published before the answer goes out.
 */
import type { CancellationToken } from 'vscode-languageserver';
import { fetchLiveCard, LiveService, probeLiveAgent, redacted, requestRedactor } from '../app/document/live';
import { FetchCardRequest, ProbeAgentRequest, type FetchCardResponse, type ProbeAgentResponse } from '../protocol';
import type { ServerContext } from './context';
import { republishLockfiles } from './diagnostics/closedLockfiles';
import { invalidParams } from './requestParams';
import { runSafe, type ErrorLog } from './runSafe';

/** runSafe for a live request: its result, its fallback and its log lines redacted (see requestRedactor). */
function runRedacted<T>(
  params: Parameters<typeof requestRedactor>[0],
  log: ErrorLog,
  token: CancellationToken,
  errorValue: T,
  what: string,
  fn: () => Promise<T>,
): ReturnType<typeof runSafe<T>> {
  const redact = requestRedactor(params);
  return runSafe({ error: (m) => log.error(redact(m)) }, token, redacted(errorValue, redact), what, async () =>
    redacted(await fn(), redact),
  );
}

function signalOf(token: CancellationToken | undefined): AbortSignal {
  const controller = new AbortController();
  if (token?.isCancellationRequested) controller.abort();
  token?.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export function registerLiveRequests(ctx: ServerContext): void {
  const live = new LiveService(ctx.world);
  const log = { error: (m: string) => ctx.connection.console.error(m) };
  const learned = () => refreshOpenDocuments(ctx);

  ctx.connection.onRequest(
    FetchCardRequest.type,
    (params, token) =>
      invalidParams(params, { url: 'string', extended: 'boolean?', credential: 'object?' }) ??
      runRedacted(
        params,
        log,
        token,
        { url: params.url, findings: [], credentialSchemes: [], error: 'internal error' } as FetchCardResponse,
        'fetch card',
        () => fetchLiveCard(live, params, signalOf(token), learned),
      ),
  );

  ctx.connection.onRequest(
    ProbeAgentRequest.type,
    (params, token) =>
      invalidParams(params, { url: 'string', credential: 'object?', lockfile: 'string?' }) ??
      runRedacted(
        params,
        log,
        token,
        { agent: params.url, results: [], error: 'internal error' } as ProbeAgentResponse,
        'probe agent',
        () => probeLiveAgent(live, params, signalOf(token), learned),
      ),
  );
}

/**
 * What the session learned changes open documents: lockfile diagnostics (a live card) and every tree
 * (evidence). Re-validating publishes diagnostics, then a2a/capabilitiesChanged, for each open document;
 * lockfiles a live check covered that are closed get theirs again too (diagnostics/closedLockfiles.ts).
 */
export async function refreshOpenDocuments(ctx: ServerContext): Promise<void> {
  await republishLockfiles(ctx);
}
