/**
 * Live-agent requests of the editor: a2a/fetchCard and a2a/probeAgent. The work is the core's
 * (fetch/, signature/, probe/); this adapter reads the settings (allowed hosts, trust store, required
 * signatures), refuses the network in an untrusted workspace, maps LSP cancellation to an AbortSignal and
 * turns every failure into a one-line `error`. The credential arrives in the params (from the client's
 * SecretStorage), is used for that one request and is never stored, logged or echoed.
 */
import type { CancellationToken } from 'vscode-languageserver';
import { cardDigest } from '../core/digest';
import { isNetError } from '../core/net/errors';
import type { HttpClient } from '../core/net/http';
import type { GrpcClient } from '../core/net/grpc';
import { fetchCard, type FetchCardResult } from '../core/fetch/fetchCard';
import { credentialSchemes, newInstallationSecret } from '../core/fetch/credentials';
import { fetchExtendedCard, memoryExtendedProfileCache } from '../core/fetch/extendedCard';
import { probeAgent } from '../core/probe/probeAgent';
import { trustStoreFromKidMap } from '../core/signature/trustStore';
import { verifyCardSignatures } from '../core/signature/verify';
import { inspectKey } from '../node/keyInspection';
import {
  FetchCardRequest,
  ProbeAgentRequest,
  type A2ASettings,
  type FetchCardResponse,
  type ProbeAgentResponse,
} from '../protocol';
import { republishLockfiles } from './diagnostics/closedLockfiles';
import type { ServerContext } from './context';
import { lockfileAgentUrl } from './lockfileAgent';
import { HttpClientForSettings, UNTRUSTED, repositoryAllowance } from '../app/document/networkAccess';
import { runSafe, type ErrorLog } from './runSafe';
import { clientConfig } from '../app/document/settings';
import { invalidParams } from './requestParams';
import { redactorFor, redactValue, urlSecrets, withoutUserinfo, type Redactor } from '../core/redact';

/**
 * The redaction of one live request: its response, and anything it logs, pass through the redactor that knows
 * the credential in its params and the userinfo of its URL (the core redacts each agent call too; this covers
 * everything else the request says, e.g. the URL it echoes).
 */
export function requestRedactor(params: { url: string; credential?: { token?: unknown } }): Redactor {
  const token = typeof params.credential?.token === 'string' ? params.credential.token : undefined;
  return redactorFor([token, ...urlSecrets(params.url)]);
}

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
  return runSafe({ error: (m) => log.error(redact(m)) }, token, redactValue(errorValue, redact), what, async () =>
    redactValue(await fn(), redact),
  );
}

function signalOf(token: CancellationToken | undefined): AbortSignal {
  const controller = new AbortController();
  if (token?.isCancellationRequested) controller.abort();
  token?.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

function oneLine(err: unknown): string {
  if (isNetError(err)) return err.message;
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}

/** State for the server's lifetime: extended profiles per identity (HTTP and the public card cache: the server's own). */
class LiveService {
  readonly extended = memoryExtendedProfileCache();
  /** Per server process: credential identities are only compared within one session. */
  readonly secret = newInstallationSecret();

  constructor(private readonly network: HttpClientForSettings) {}

  httpFor(settings: A2ASettings): HttpClient {
    return this.network.get(settings);
  }

  grpcFor(settings: A2ASettings): GrpcClient {
    return this.network.grpcFor(settings);
  }
}

export function registerLiveRequests(ctx: ServerContext): void {
  const live = new LiveService(ctx.world.network);
  const log = { error: (m: string) => ctx.connection.console.error(m) };

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
        async () => {
          const settings = await ctx.world.settings('');
          if (settings.workspaceTrusted !== true)
            return { url: params.url, findings: [], credentialSchemes: [], error: UNTRUSTED };
          const http = live.httpFor(settings);
          const signal = signalOf(token);
          const trust = trustStoreFromKidMap(settings.trustStore, http);
          let fetched: FetchCardResult;
          try {
            fetched = await fetchCard(params.url, {
              http,
              cache: ctx.world.cardTexts,
              revalidate: true,
              signal,
              client: clientConfig(settings),
              settings: { maxCardBytes: settings.maxCardBytes },
              signaturePolicy: settings.signatures.policy,
              verify: (card, c) =>
                verifyCardSignatures(card, {
                  inspectKey,
                  trust,
                  cardUrl: c.url,
                  originClass: c.originClass,
                  text: c.text,
                }),
            });
          } catch (err) {
            return { url: params.url, findings: [], credentialSchemes: [], error: oneLine(err) };
          }
          // The session remembers the card (lockfile diagnostics against it, published again now) and its URL (evidence for the opened card).
          if (fetched.valid && fetched.profile && fetched.card !== undefined) {
            try {
              ctx.world.session.recordCard(
                fetched.url,
                fetched.profile,
                cardDigest(fetched.card),
                'fetch',
                fetched.card,
              );
            } catch {
              // a card too deep to canonicalize has no digest: it is still shown, just not remembered
            }
          }
          if (fetched.valid && fetched.profile && fetched.card !== undefined) await refreshOpenDocuments(ctx);
          const response: FetchCardResponse = {
            url: fetched.url,
            status: fetched.status,
            valid: fetched.valid,
            text: fetched.text,
            ...(fetched.signature
              ? { signature: { outcome: fetched.signature.outcome, detail: fetched.signature.detail } }
              : {}),
            ...(fetched.profile ? { profile: fetched.profile } : {}),
            findings: fetched.findings.map((f) => ({
              code: f.code,
              severity: f.severity,
              pointer: f.pointer,
              message: f.message,
            })),
            credentialSchemes: credentialSchemes(fetched.card),
          };
          if (params.extended && fetched.valid && fetched.profile) {
            try {
              const ext = await fetchExtendedCard({
                http,
                grpc: live.grpcFor(settings),
                cardUrl: fetched.url,
                publicCard: fetched.card,
                publicProfile: fetched.profile,
                credential: params.credential,
                secret: live.secret,
                cache: live.extended,
                originClass: fetched.originClass,
                client: clientConfig(settings),
                signal,
              });
              response.extended = { status: ext.status, message: ext.message };
              if (ext.status === 'extended') {
                try {
                  ctx.world.session.rememberUrl(cardDigest(ext.card), fetched.url); // its evidence is the agent's
                } catch {
                  // too deep to canonicalize: the card is still shown
                }
                response.text = JSON.stringify(ext.card, null, 2);
                if (ext.profile) response.profile = ext.profile;
              }
            } catch (err) {
              response.extended = { status: 'error', message: oneLine(err) };
            }
          }
          return response;
        },
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
        async () => {
          const settings = await ctx.world.settings('');
          if (settings.workspaceTrusted !== true) return { agent: params.url, results: [], error: UNTRUSTED };
          // A lockfile's agent is repository content: its URL is the lockfile's (not the client's text), reached as far as the workspace allows.
          const pinned = params.lockfile !== undefined ? await lockfileAgentUrl(ctx, params.lockfile) : undefined;
          if (pinned && 'error' in pinned) return { agent: params.url, results: [], error: pinned.error };
          const url = pinned ? pinned.url : params.url;
          const reach = pinned ? { origin: 'repository' as const, allow: repositoryAllowance(settings) } : {};
          try {
            const report = await probeAgent(url, {
              http: live.httpFor(settings),
              grpc: live.grpcFor(settings),
              credential: params.credential,
              client: clientConfig(settings),
              signal: signalOf(token),
              ...reach,
            });
            // Claimed vs verified: the tree of every open card or lockfile of this agent shows the outcomes.
            ctx.world.session.evidence.recordProbes(report.cardUrl, report.results);
            await refreshOpenDocuments(ctx);
            return { agent: withoutUserinfo(url), results: report.results };
          } catch (err) {
            return { agent: withoutUserinfo(url), results: [], error: oneLine(err) };
          }
        },
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
