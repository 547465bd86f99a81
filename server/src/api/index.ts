/**
 * `a2acap` as a library: validate A2A 1.0 agent cards and capability lockfiles, compile a card into the profile a
 * client will use, check lockfiles, and talk to live agents under the network policy (fetch, extended card,
 * signatures, probes, the profile-driven call). A thin façade over the core: these names and types are the
 * stable API; everything else in the package is internal. Examples: docs/library.md.
 */
import { cardDigest as coreCardDigest } from '../app/lockfile';
import {
  fetchCard as appFetchCard,
  fetchExtendedCard as appFetchExtendedCard,
  verifySignatures as appVerify,
} from '../app/fetch';
import {
  createCardTextCache,
  createExtendedProfileCache,
  createStaleMarkers,
  type ExtendedProfileCache,
} from '../app/world';
import { lintText, resolveCardSettings } from '../app/lint';
import { lintTextInProject } from '../app/projectLint';
import { locateFindings, type LocatedFinding } from '../app/ranges';
import { checkLockfileAgainst, checkLockfileInProject } from '../app/check';
import { parseLockfile, readLockfile as coreReadLockfile } from '../app/lockfile';
import { createGrpcClient } from '../node/net/grpc';
import type { GrpcClient } from '../core/net/grpc';
import { createHttpClient } from '../node/net/http';
import type { HttpClient } from '../core/net/http';
import { allowanceOf, libraryGrpc, libraryHttp } from './network';
import { publicProfile } from './profile';
import { probe } from '../app/probe';
import { compileCard as appCompileCard } from '../app/compile';
import { send } from '../app/send';
import { discover as appDiscover } from '../app/discover';
import { trustStoreFromKidMap, type TrustStore as CoreTrustStore } from '../app/live';
import type { TrustStoreValue } from '../core/signature/trustEntry';
import { resolveSignaturePolicy } from '../app/live';
import { DEFAULT_MAX_CARD_BYTES, resolveClient, type ClientConfig, type LintSettings } from '../app/settings';
import type {
  CardCache,
  ClientOptions,
  CheckLockfileOptions,
  CompileOptions,
  Credential,
  DiscoverOptions,
  DiscoverReport,
  ExtendedCard,
  ExtendedCardCache,
  ExtendedCardOptions,
  FetchOptions,
  FetchedCard,
  Finding,
  LintOptions,
  LintReport,
  Lockfile,
  LockfileCheck,
  LockfileReadResult,
  NetworkClient,
  NetworkOptions,
  OutgoingPart,
  ProbeOptions,
  ProbeReport,
  Profile,
  SendOptions,
  SendResult,
  SignatureVerdict,
  StaleMarkers,
  TrustStore,
  ValidFetchedCard,
} from './types';

export type * from './types';
export { CanonicalizationError, NetError, ProfileUseError, type NetErrorKind } from './errors';

// ---------------------------------------------------------------------------------------------------------------
// Cards and lockfiles (pure: no file or network access)

/**
 * Compiles an agent card (the parsed JSON value) into the profile a client will use: the interface it picks,
 * streaming/push/extended card, the known extensions, and per skill the effective media types and security.
 * Never throws on bad input: a card a client cannot use gives `{ usable: false, reason }`.
 * @example compileCard(JSON.parse(text), { client: { bindings: ['JSONRPC@1.0'] } }).interface?.url
 */
export function compileCard(card: unknown, options: CompileOptions = {}): Profile {
  return publicProfile(appCompileCard(card, clientConfig(options.client)));
}

/**
 * Lints the text of an agent card or a capability lockfile (which one: from the content, else `fileName`). Every
 * finding has its rule id, a JSON Pointer and the text range it covers. Never throws on bad input.
 * @example lint(text, { fileName: 'agent-card.json', rules: { 'skill-mode-narrows-default': 'off' } }).findings
 */
export function lint(text: string, options: LintOptions = {}): LintReport {
  const settings: Partial<LintSettings> = { client: clientConfig(options.client) };
  if (options.rules) settings.severities = { ...options.rules };
  if (options.maxCardBytes !== undefined) settings.maxCardBytes = options.maxCardBytes;
  if (options.card !== undefined) settings.card = resolveCardSettings(options.card);
  const request = { text, fileName: options.fileName, kind: options.kind, settings };
  const result =
    options.project === undefined
      ? { ...lintText(request), suppressed: 0 }
      : lintTextInProject(request, {
          project: options.project,
          allowRepoRuleOverrides: options.allowRepoRuleOverrides,
        });
  return {
    kind: result.kind,
    findings: result.findings.map(publicFinding),
    suppressed: result.suppressed,
    value: result.value,
    tooLarge: result.tooLarge,
  };
}

/**
 * The card digest a lockfile pins: `sha256:` + hex of the card's canonical JSON (RFC 8785) without `signatures`.
 * Throws only for a card nested too deeply to canonicalize.
 * @example cardDigest(JSON.parse(text)) // 'sha256:3f…'
 */
export function cardDigest(card: unknown): string {
  return coreCardDigest(card);
}

/**
 * Reads a capability lockfile: from its text (JSON) or its parsed value. `ok: false` lists what is wrong, each with
 * a pointer into the lockfile; a lockfile in a newer format says so (`newerFormat`).
 * @example const read = readLockfile(text); if (read.ok) console.log(read.lockfile.agent);
 */
export function readLockfile(textOrValue: unknown): LockfileReadResult {
  return typeof textOrValue === 'string' ? parseLockfile(textOrValue) : coreReadLockfile(textOrValue);
}

/**
 * Checks a lockfile against a card (the parsed value, e.g. the agent's current card): `compatible`, `review` or
 * `breaking`, with the problems and notes, each pointing into the lockfile. The card is compiled for `client`
 * plus the extensions the lockfile relies on, as `a2acap check` does; with `project`, its policies run on the card.
 * @example checkLockfile(lock, card).classification // 'compatible'
 */
export function checkLockfile(lockfile: Lockfile, card: unknown, options: CheckLockfileOptions = {}): LockfileCheck {
  const client = clientConfig(options.client);
  if (options.project === undefined) return checkLockfileAgainst(lockfile, card, client);
  return checkLockfileInProject(lockfile, card, client, { project: options.project, fileName: options.fileName });
}

// ---------------------------------------------------------------------------------------------------------------
// Live agents (network: public addresses only, plus the classes and hosts a NetworkClient allows)

interface Network extends NetworkClient {
  readonly http: HttpClient;
  grpc(): GrpcClient;
}

/**
 * Creates the connections live calls use. URLs may reach public addresses only; `allowNetwork` adds address
 * classes (`['loopback']` for agents on this machine, `'private'` for a private network) and `allowHosts` host
 * names. Redirects, body size and time are limited.
 * @example const network = createNetworkClient(); try { … } finally { await network.close(); }
 */
export function createNetworkClient(options: NetworkOptions = {}): NetworkClient {
  const allowHosts = options.allowHosts ? [...options.allowHosts] : undefined;
  const allow = allowanceOf(options.allowNetwork);
  const http = libraryHttp(
    createHttpClient({ allowHosts, connectTimeoutMs: options.connectTimeoutMs }),
    allow,
    allowHosts ?? [],
  );
  let grpc: GrpcClient | undefined;
  const network: Network = {
    http,
    grpc: () =>
      (grpc ??= libraryGrpc(createGrpcClient({ allowHosts, connectTimeoutMs: options.connectTimeoutMs }), allow)),
    close: async () => {
      grpc?.close();
      await http.close();
    },
  };
  return network;
}

/**
 * A card cache in memory, for `fetchCard`: a fresh card is served without a request, a stale one is revalidated
 * with a conditional request (ETag / Last-Modified).
 * @example const cache = memoryCardCache(); await fetchCard(url, { network, cache });
 */
export function memoryCardCache(): CardCache {
  return createCardTextCache();
}

/**
 * Trusted signing keys for `verifySignatures` and `fetchCard`: key id (`kid`) → a JWKS URL, PEM text (public key
 * or certificate), a JWK or JWKS, or `{ key, notBefore?, notAfter? }` to limit when it is trusted. A JWKS URL is
 * fetched through `network`.
 * @example createTrustStore({ 'key-1': pemText })
 */
export function createTrustStore(
  keys: Readonly<Record<string, unknown>>,
  options: { network?: NetworkClient } = {},
): TrustStore {
  const http = options.network ? asNetwork(options.network).http : undefined;
  return trustStoreFromKidMap(keys as Record<string, TrustStoreValue>, http, 'trust store') as unknown as TrustStore;
}

/**
 * Verifies a card's JWS signatures (A2A 1.0: detached JWS over the RFC 8785 canonical card) against trusted keys.
 * Pass `text` (the card as served) so a card giving a member twice is refused. Never throws for a bad signature:
 * the verdict says `verified`, `unverifiable` (why) or `invalid`.
 * @example (await verifySignatures(card, { trust, cardUrl })).outcome
 */
export async function verifySignatures(
  card: unknown,
  options: { trust: TrustStore; cardUrl: string; text?: string; now?: () => number },
): Promise<SignatureVerdict> {
  return appVerify({
    card,
    trust: options.trust as unknown as CoreTrustStore,
    cardUrl: options.cardUrl,
    text: options.text,
    now: options.now,
  });
}

/**
 * Fetches an agent's public card (an origin becomes its /.well-known/agent-card.json) under the network policy,
 * validates it, verifies signatures when given `trust`, and compiles it when valid. With a `cache`, a fresh card
 * is served without a request and a stale one is revalidated with a conditional request. Network failures and
 * refused addresses reject with an Error whose message says why.
 * @example const { valid, profile } = await fetchCard('https://agent.example', { network });
 */
export async function fetchCard(target: string, options: FetchOptions): Promise<FetchedCard> {
  const network = asNetwork(options.network);
  const client = clientConfig(options.client);
  const trust = options.trust as unknown as CoreTrustStore | undefined;
  const settings: Partial<LintSettings> = { client, ...(options.rules ? { severities: { ...options.rules } } : {}) };
  const res = await appFetchCard({
    target,
    http: network.http,
    cache: options.cache,
    revalidate: options.revalidate,
    client,
    settings,
    maxBytes: options.maxBytes,
    timeoutMs: options.timeoutMs,
    signaturePolicy: resolveSignaturePolicy(options.signaturePolicy, options.requireSigned),
    signal: options.signal,
    trust,
  });
  const base = {
    status: res.status,
    url: res.url,
    card: res.card,
    text: res.text,
    findings: locateFindings(res.text, res.findings).map(publicFinding),
    signature: res.signature,
    maxAgeSeconds: res.maxAgeSeconds,
    fetchedAt: res.fetchedAt,
    originClass: res.originClass,
  };
  return res.valid && res.profile
    ? { ...base, valid: true, profile: publicProfile(res.profile) }
    : { ...base, valid: false, profile: undefined };
}

/**
 * Finds the agents a host lists: for a domain (`example.com`) or an origin its AI Catalog
 * (`/.well-known/ai-catalog.json`), else its agent card, else the legacy `/.well-known/agent.json`
 * (`legacy-card-path`); for a URL the catalog or card there. Nested catalogs are followed to depth 4, each URL
 * fetched once; every entry is reported with a status, A2A cards compiled for `client`. Rejects with an Error
 * saying why when nothing could be read.
 * @example const { entries } = await discover('https://agent.example', { network });
 */
export async function discover(source: string, options: DiscoverOptions): Promise<DiscoverReport> {
  const network = asNetwork(options.network);
  const result = await appDiscover({
    source,
    http: network.http,
    readFile: () => Promise.reject(new Error('discover takes a domain or an http(s) URL')),
    client: clientConfig(options.client),
    maxBytes: options.maxBytes ?? DEFAULT_MAX_CARD_BYTES,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
  });
  if (!result.ok) throw new Error(result.reason);
  // The rule title is for the planning-model tools; the library returns the JSON contract's findings.
  return { ...result.report, findings: result.report.findings.map(({ ruleTitle: _title, ...f }) => f) };
}

/**
 * A cache of extended profiles in memory, per (card URL, credential identity); for `fetchExtendedCard`.
 * @example await fetchExtendedCard(fetched, { network, credential, secret, cache: memoryExtendedCardCache() });
 */
export function memoryExtendedCardCache(): ExtendedCardCache {
  return createExtendedProfileCache() as unknown as ExtendedCardCache;
}

/**
 * Asks the agent for its extended card with a credential (GetExtendedAgentCard), when the public card declares
 * one. The token goes to the interface's origin only, under a scheme the card declares. The result is the card in
 * force for this caller; with `secret` and `cache` it is cached per credential identity (a keyed hash, never
 * the token).
 * @example const ext = await fetchExtendedCard(fetched, { network, credential: { token } });
 */
export async function fetchExtendedCard(
  fetched: ValidFetchedCard,
  options: ExtendedCardOptions,
): Promise<ExtendedCard> {
  if (!fetched.profile)
    throw new TypeError('fetchExtendedCard needs a valid public card (fetchCard returned no profile)');
  const network = asNetwork(options.network);
  const client = clientConfig(options.client);
  const res = await appFetchExtendedCard({
    http: network.http,
    grpc: usesGrpc(client) ? network.grpc() : undefined,
    cardUrl: fetched.url,
    publicCard: fetched.card,
    publicProfile: fetched.profile,
    credential: options.credential,
    secret: options.secret,
    cache: options.cache as unknown as ExtendedProfileCache | undefined,
    originClass: fetched.originClass,
    client,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  return {
    status: res.status,
    card: res.card,
    profile: res.profile && publicProfile(res.profile),
    message: res.message,
    evidence: res.evidence,
    identity: res.identity,
    fromCache: res.fromCache,
  };
}

/**
 * Checks the card's claims against the live agent: the version, streaming, push, the extended card and (only
 * with a `safeRequest` agreed with the operator, since messages create tasks) media types. Calls are spaced
 * (`minIntervalMs`) and rate-limit answers are waited for within bounds.
 * @example for (const r of (await probeAgent(url, { network })).results) console.log(r.probe, r.outcome);
 */
export async function probeAgent(target: string, options: ProbeOptions): Promise<ProbeReport> {
  const network = asNetwork(options.network);
  const client = clientConfig(options.client);
  return probe({
    agent: target,
    http: network.http,
    grpc: usesGrpc(client) ? network.grpc() : undefined,
    client,
    credential: options.credential as Credential | undefined,
    safeRequest: options.safeRequest,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    minIntervalMs: options.minIntervalMs,
  });
}

/**
 * Stale markers in memory, for `sendToSkill`: `mark`, `get(agent)`, `list()`, `clear(agent)`.
 * @example const stale = memoryStaleMarkers(); await sendToSkill(profile, id, parts, { network, agent, stale });
 */
export function memoryStaleMarkers(): StaleMarkers {
  return createStaleMarkers();
}

/**
 * Sends a message to one skill the way the compiled profile says: its chosen interface (URL, binding, tenant),
 * the `A2A-Version` header, the extensions both sides know (`A2A-Extensions`), streaming only when the profile
 * allows it (an UnsupportedOperation answer falls back to SendMessage), and the skill's accepted media types,
 * checked before anything is sent. Answers that show the profile is out of date (ContentTypeNotSupported,
 * VersionNotSupported, ExtensionSupportRequired, a refused stream) mark the agent stale in `stale`.
 * Throws a ProfileUseError when the profile is unusable, has no such skill or the skill refuses a part.
 * @example await sendToSkill(profile, 'summarize', [{ text: 'hello' }], { network, agent: url, stale })
 */
export async function sendToSkill(
  profile: Profile,
  skillId: string,
  parts: readonly OutgoingPart[],
  options: SendOptions,
): Promise<SendResult> {
  const network = asNetwork(options.network);
  return send({
    profile,
    skillId,
    parts,
    http: network.http,
    grpc: () => network.grpc(),
    agent: options.agent,
    stale: options.stale,
    stream: options.stream,
    credentialHeaders: options.credentialHeaders,
    originClass: options.originClass,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
}

// ---------------------------------------------------------------------------------------------------------------

function clientConfig(options: ClientOptions | undefined): ClientConfig {
  const resolved = resolveClient({ bindings: options?.bindings, knownExtensions: options?.knownExtensions });
  if (!resolved.ok) throw new TypeError(`client.bindings: ${resolved.error}`);
  return resolved.client;
}

function usesGrpc(client: ClientConfig): boolean {
  return client.bindings.some((b) => b.binding === 'GRPC');
}

function asNetwork(client: NetworkClient): Network {
  const n = client as Partial<Network>;
  if (!n || !n.http || typeof n.grpc !== 'function')
    throw new TypeError('network: pass the object createNetworkClient() returned');
  return n as Network;
}

/** The public shape of a located finding: no internal members (target, offset) beyond what types.ts names. */
function publicFinding(f: LocatedFinding): Finding {
  const out: Finding = {
    code: f.code,
    severity: f.severity,
    pointer: f.pointer,
    message: f.message,
    range: { offset: f.range.offset, length: f.range.length, start: f.range.start, end: f.range.end },
  };
  if (f.data) out.data = f.data;
  return out;
}
