/**
 * The editor's live-agent workflows: fetch a card (a2a/fetchCard) and probe an agent (a2a/probeAgent). The work is
 * the core's (fetch/, signature/, probe/); this reads the settings (allowed hosts, trust store, required
 * signatures), refuses the network in an untrusted workspace and turns every failure into a one-line `error`. The
 * credential arrives in the params (from the client's SecretStorage), is used for that one request and is never
 * stored, logged or echoed. `learned` is called when the session learned something that changes open documents (a
 * live card, probe evidence): the host publishes again before the answer goes out.
 */
import { cardDigest } from '../../core/card/digest';
import { isNetError } from '../../core/net/errors';
import type { HttpClient } from '../../core/net/http';
import type { GrpcClient } from '../../core/net/grpc';
import { fetchCard, fetchExtendedCard, type FetchCardResult } from '../fetch';
import { credentialSchemes, newInstallationSecret } from '../../core/fetch/credentials';
import { createExtendedProfileCache } from '../world';
import { probe } from '../probe';
import { trustStoreFromKidMap } from '../../core/signature/trustStore';
import { editorTrustStore } from './trustStore';
import type {
  A2ASettings,
  FetchCardParams,
  FetchCardResponse,
  ProbeAgentParams,
  ProbeAgentResponse,
} from '../../protocol';
import { lockfileAgentUrl } from './lockfileAgent';
import { UNTRUSTED, repositoryAllowance } from './networkAccess';
import { clientConfig } from './settings';
import { redactorFor, redactValue, urlSecrets, withoutUserinfo, type Redactor } from '../../core/text/redact';
import type { DocumentWorld } from './world';

/**
 * The redaction of one live request: its response, and anything it logs, pass through the redactor that knows
 * the credential in its params and the userinfo of its URL (the core redacts each agent call too; this covers
 * everything else the request says, e.g. the URL it echoes).
 */
export function requestRedactor(params: { url: string; credential?: { token?: unknown } }): Redactor {
  const token = typeof params.credential?.token === 'string' ? params.credential.token : undefined;
  return redactorFor([token, ...urlSecrets(params.url)]);
}

/** A result of a live request with every string passed through `redact` (see requestRedactor). */
export function redacted<T>(value: T, redact: Redactor): T {
  return redactValue(value, redact);
}

function oneLine(err: unknown): string {
  if (isNetError(err)) return err.message;
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}

/** State for the server's lifetime: extended profiles per identity (HTTP and the public card cache: the world's). */
export class LiveService {
  readonly extended = createExtendedProfileCache();
  private installationSecret: string | undefined;

  /**
   * Per server process: credential identities are only compared within one session. Made on first use, so that
   * starting the server does not load the platform's random generator.
   */
  get secret(): string {
    return (this.installationSecret ??= newInstallationSecret());
  }

  constructor(readonly world: DocumentWorld) {}

  httpFor(settings: A2ASettings): HttpClient {
    return this.world.network.get(settings);
  }

  grpcFor(settings: A2ASettings): GrpcClient {
    return this.world.network.grpcFor(settings);
  }
}

/** Fetches (and verifies) an agent card; with `extended`, the extended card the credential may see. */
export async function fetchLiveCard(
  live: LiveService,
  params: FetchCardParams,
  signal: AbortSignal,
  learned: () => Promise<void>,
): Promise<FetchCardResponse> {
  const world = live.world;

  const settings = await world.settings('');
  if (settings.workspaceTrusted !== true)
    return { url: params.url, findings: [], credentialSchemes: [], error: UNTRUSTED };
  const http = live.httpFor(settings);
  const trusted = await editorTrustStore(settings, http);
  if (trusted?.ok === false) return { url: params.url, findings: [], credentialSchemes: [], error: trusted.error };
  const trust = trusted?.trust ?? trustStoreFromKidMap({}, http);
  let fetched: FetchCardResult;
  try {
    fetched = await fetchCard({
      target: params.url,
      http,
      cache: world.cardTexts,
      revalidate: true,
      signal,
      client: clientConfig(settings),
      settings: { maxCardBytes: settings.maxCardBytes },
      signaturePolicy: settings.signatures.policy,
      trust,
    });
  } catch (err) {
    return { url: params.url, findings: [], credentialSchemes: [], error: oneLine(err) };
  }
  // The session remembers the card (lockfile diagnostics against it, published again now) and its URL (evidence for the opened card).
  if (fetched.valid && fetched.profile && fetched.card !== undefined) {
    try {
      world.session.recordCard(fetched.url, fetched.profile, cardDigest(fetched.card), 'fetch', fetched.card);
    } catch {
      // a card too deep to canonicalize has no digest: it is still shown, just not remembered
    }
  }
  if (fetched.valid && fetched.profile && fetched.card !== undefined) await learned();
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
          world.session.rememberUrl(cardDigest(ext.card), fetched.url); // its evidence is the agent's
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
}

/** Runs the safe probes against an agent (a lockfile's agent is read from the lockfile, as repository content). */
export async function probeLiveAgent(
  live: LiveService,
  params: ProbeAgentParams,
  signal: AbortSignal,
  learned: () => Promise<void>,
): Promise<ProbeAgentResponse> {
  const world = live.world;

  const settings = await world.settings('');
  if (settings.workspaceTrusted !== true) return { agent: params.url, results: [], error: UNTRUSTED };
  // A lockfile's agent is repository content: its URL is the lockfile's (not the client's text), reached as far as the workspace allows.
  const pinned = params.lockfile !== undefined ? await lockfileAgentUrl(world, params.lockfile) : undefined;
  if (pinned && 'error' in pinned) return { agent: params.url, results: [], error: pinned.error };
  const url = pinned ? pinned.url : params.url;
  const reach = pinned ? { origin: 'repository' as const, allow: repositoryAllowance(settings) } : {};
  try {
    const report = await probe({
      agent: url,
      http: live.httpFor(settings),
      grpc: live.grpcFor(settings),
      credential: params.credential,
      client: clientConfig(settings),
      signal,
      ...reach,
    });
    // Claimed vs verified: the tree of every open card or lockfile of this agent shows the outcomes.
    world.session.evidence.recordProbes(report.cardUrl, report.results);
    await learned();
    return { agent: withoutUserinfo(url), results: report.results };
  } catch (err) {
    return { agent: withoutUserinfo(url), results: [], error: oneLine(err) };
  }
}
