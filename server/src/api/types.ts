/**
 * The public types of the `a2acap` library. Where a public shape is the core's own (the card and lockfile data, the
 * compiled profile's parts) it is derived from the core's types (core/types.ts, self-contained: the package ships
 * its declarations beside these); where the library adds to a shape or narrows it (ranges on findings, a profile
 * discriminated on `usable`, a fetched card discriminated on `valid`) it is declared here, and the façade
 * (index.ts) is type-checked against the core, so a drift shows up as a compile error there, not for users.
 */
import type * as Core from '../core/types';

/** RFC 6901 JSON Pointer into the document ('' is the whole document). */
export type JsonPointer = Core.JsonPointer;
export type Severity = Core.Severity;
/** A rule's configured severity; 'off' drops its findings. */
export type SeveritySetting = Core.SeveritySetting;
export type DocumentKind = Core.DocumentKind;

/** What the calling client implements: the input of interface selection and of the extension checks. */
export interface ClientOptions {
  /** Bindings as `BINDING@VERSION` (e.g. `JSONRPC@1.0`, `HTTP+JSON@1.0`, `GRPC@1.0`). Default: JSONRPC@1.0 and HTTP+JSON@1.0. */
  bindings?: readonly string[];
  /** Extension URIs the client implements. Default: none. */
  knownExtensions?: readonly string[];
}

/** A zero-based line/character position; characters are UTF-16 code units, as in LSP. */
export interface Position {
  line: number;
  character: number;
}

/** One finding of `lint`: the rule id, a JSON Pointer, and the text range it covers. */
export interface Finding {
  /** Stable rule id (e.g. `schema`, `legacy-card-shape`, `no-supported-interface`). */
  code: string;
  severity: Severity;
  pointer: JsonPointer;
  message: string;
  /** Where in the text: `offset`/`length` in UTF-16 code units, and the same as LSP-style positions. */
  range: { offset: number; length: number; start: Position; end: Position };
  /** Data a quick fix needs (plain JSON), when the rule has one. */
  data?: Record<string, unknown>;
}

export interface LintOptions {
  /** Helps decide card vs lockfile when the content does not say (e.g. `agent-card.json`, `x.a2a-lock.json`). */
  fileName?: string;
  /** Force the kind (skips detection). */
  kind?: DocumentKind;
  /** Severity per rule id, including 'off'. */
  rules?: Readonly<Record<string, SeveritySetting>>;
  /** Documents over this many bytes (UTF-8) get `card-too-large` only. Default 1 MiB. */
  maxCardBytes?: number;
  client?: ClientOptions;
  /**
   * How the card is published: `internalOnly` (served only inside your network: no `internal-address`) and the
   * skill description limits of `skill-description-length` (default 20 and 2,000 characters).
   */
  card?: { internalOnly?: boolean; skillDescription?: { minLength?: number; maxLength?: number } };
  /**
   * The JSON value of the repository's `.a2a/config.json`: its `policies` run on a card and its `ignore` entries
   * apply, with `fileName` as the path from the repository root (docs/configuration.md, docs/policies.md). An
   * invalid configuration throws a TypeError naming the member.
   */
  project?: unknown;
  /** Let `project` suppress the rules that protect the reader (as `--allow-repo-rule-overrides`). */
  allowRepoRuleOverrides?: boolean;
}

export interface LintReport {
  kind: DocumentKind | 'unknown';
  findings: Finding[];
  /** How many findings the project's `ignore` entries suppressed (0 without `project`). */
  suppressed: number;
  /** The parsed value; undefined when the text is not JSON or too large. */
  value: unknown;
  tooLarge: boolean;
}

/** The effective view of one skill for this client: media types in and out, security alternatives, tags. */
export type SkillProfile = Core.SkillProfile;

/** The interface a client uses: the first of the card's `supportedInterfaces` it implements. */
export type ChosenInterface = NonNullable<Core.CompiledProfile['interface']>;

/** Why each value of a profile is what it is (interface decisions, per-skill sources); for explanations. */
export type ProfileProvenance = Core.ProfileProvenance;

/** A profile the client can use: the interface it picks and, per skill, what to send and what comes back. */
export interface UsableProfile {
  usable: true;
  reason?: undefined;
  /** The card's `version` ('' when it has none). */
  agent_version: string;
  interface: ChosenInterface;
  streaming: boolean;
  push: boolean;
  extended_card: boolean;
  /** Extensions the card declares that the client knows, sorted. */
  extensions: string[];
  skills: Record<string, SkillProfile>;
  /** The card's security schemes by name: type and, for OAuth, the flow. */
  schemes: Record<string, { type: string; flow?: string }>;
  provenance?: ProfileProvenance;
}

/** A card this client cannot use (no interface it implements, a required extension it lacks, not a card at all). */
export interface UnusableProfile {
  usable: false;
  /** Why, in one line. */
  reason: string;
  provenance?: ProfileProvenance;
}

/**
 * The compiled profile of a card for one client (the CLI's `compile` output): narrow on `usable` to reach the
 * interface and the skills.
 * @example if (profile.usable) console.log(profile.interface.url); else console.log(profile.reason);
 */
export type Profile = UsableProfile | UnusableProfile;

export interface CompileOptions {
  client?: ClientOptions;
}

export interface CheckLockfileOptions extends CompileOptions {
  /**
   * The JSON value of the repository's `.a2a/config.json`: its `policies` run on the card (a violation is a problem
   * at `/agent`, docs/policies.md) and its `ignore` entries for a policy apply, with `fileName` as the lockfile's
   * path from the repository root. An invalid configuration throws a TypeError naming the member.
   */
  project?: unknown;
  fileName?: string;
}

/** Evidence that a claim was checked against the live agent. */
export type Evidence = Core.Evidence;

/** A capability lockfile (schema: a2a-lock.schema.json in the package). */
export type Lockfile = Core.Lockfile;

/** A lockfile problem found while reading it (a pointer into the lockfile and a message). */
export interface LockfileProblem {
  pointer: JsonPointer;
  message: string;
  newerFormat?: true;
}
export type LockfileReadResult = { ok: true; lockfile: Lockfile } | { ok: false; problems: LockfileProblem[] };

/** One line of a lockfile check; `pointer` points into the lockfile. */
export type CheckItem = Core.CheckItem;
export type Classification = Core.Classification;
export type LockfileCheck = Core.CheckResult;

/**
 * HTTP (and, on first use, gRPC) connections under the network policy: URLs reach public addresses only, plus the
 * hosts allowed explicitly. Close it when done.
 */
export interface NetworkClient {
  close(): Promise<void>;
}

export interface NetworkOptions {
  /**
   * Address classes reachable beyond public addresses: `'loopback'` (this machine), `'private'` (a private
   * network). Default none. Link-local and cloud-metadata addresses are never reached.
   */
  allowNetwork?: readonly ('loopback' | 'private')[];
  /** Host names allowed beyond public addresses, e.g. `localhost` for a local agent. */
  allowHosts?: readonly string[];
  connectTimeoutMs?: number;
}

/** A credential for an agent: a token sent under one of the card's security schemes. */
export interface Credential {
  /** A scheme name of the card's securitySchemes; omitted → the first declared scheme a token can be sent for. */
  scheme?: string;
  token: string;
}

/** Where fetched public cards are kept between calls (conditional requests revalidate them). */
export interface CardCache {
  get(url: string): Promise<CardCacheEntry | undefined>;
  set(url: string, entry: CardCacheEntry): Promise<void>;
  delete(url: string): Promise<void>;
}
export interface CardCacheEntry {
  url: string;
  text: string;
  validators: { etag?: string; lastModified?: string };
  maxAgeSeconds: number;
  fetchedAt: number;
  originClass?: AddressClass;
}
export type AddressClass =
  'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved' | 'public';

/** Trusted signing keys (see createTrustStore). Opaque. */
export interface TrustStore {
  readonly __trustStore: unique symbol;
}

export type SignatureVerdict =
  | { outcome: 'verified'; detail: string; kid: string; alg: string; keySource: string }
  | { outcome: 'unverifiable'; reason: string; detail: string; kid?: string }
  | { outcome: 'invalid'; detail: string; kid: string };

export interface FetchOptions {
  network: NetworkClient;
  /** Keep cards between calls: a fresh one is served without a request, a stale one is revalidated (ETag / Last-Modified). */
  cache?: CardCache;
  /** Revalidate even a fresh cached card. */
  revalidate?: boolean;
  client?: ClientOptions;
  rules?: Readonly<Record<string, SeveritySetting>>;
  /** Body size limit in bytes. Default 1 MiB. */
  maxBytes?: number;
  /** Whole-request deadline. Default 10 s. */
  timeoutMs?: number;
  /** Verify the card's signatures against these keys. */
  trust?: TrustStore;
  /**
   * What the signature must be: 'off' (not checked), 'verify-if-present' (default: checked when `trust` is given;
   * an invalid signature makes the card invalid), 'require' (anything but a verified signature does).
   */
  signaturePolicy?: 'off' | 'verify-if-present' | 'require';
  /** @deprecated Use `signaturePolicy: 'require'`; `true` means that, whatever `signaturePolicy` says. */
  requireSigned?: boolean;
  signal?: AbortSignal;
}

interface FetchedCardBase {
  /** fetched: a 200; not-modified: a 304 confirmed the cached copy; cached: a fresh cache hit, no request. */
  status: 'fetched' | 'not-modified' | 'cached';
  /** The card URL (a bare origin becomes its /.well-known/agent-card.json). */
  url: string;
  card: unknown;
  text: string;
  findings: Finding[];
  signature?: { outcome: 'verified' | 'unverifiable' | 'invalid'; detail: string; kid?: string; reason?: string };
  maxAgeSeconds: number;
  fetchedAt: string;
  /** Address class the card was served from: the policy context for the URLs it hands out (pass it to sendToSkill). */
  originClass?: AddressClass;
}

/** A valid card (no error-severity finding and, when required, a verified signature) and its profile. */
export interface ValidFetchedCard extends FetchedCardBase {
  valid: true;
  profile: Profile;
}

/** A card with error-severity findings (or a signature the policy refuses): `findings` say why; no profile. */
export interface InvalidFetchedCard extends FetchedCardBase {
  valid: false;
  profile?: undefined;
}

/**
 * What `fetchCard` resolves to: narrow on `valid` to reach the profile.
 * @example if (fetched.valid && fetched.profile.usable) console.log(fetched.profile.interface.url);
 */
export type FetchedCard = ValidFetchedCard | InvalidFetchedCard;

export interface ExtendedCardOptions {
  network: NetworkClient;
  credential: Credential;
  /**
   * A secret of your installation: extended profiles are cached per credential identity (a keyed hash of the
   * token, never the token). Without it nothing is cached.
   */
  secret?: string;
  cache?: ExtendedCardCache;
  client?: ClientOptions;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Extended profiles per (card URL, credential identity). Opaque; see memoryExtendedCardCache. */
export interface ExtendedCardCache {
  readonly __extendedCardCache: unique symbol;
}

export interface ExtendedCard {
  status:
    | 'extended'
    | 'not-declared'
    | 'not-configured'
    | 'flag-wrong'
    | 'auth-failed'
    | 'no-credential'
    | 'invalid'
    | 'error';
  /** The card in force for this caller: the extended card, or the public one when there is none. */
  card: unknown;
  profile?: Profile;
  message: string;
  evidence: Evidence[];
  /** Keyed hash of the credential (never the credential). */
  identity?: string;
  fromCache?: boolean;
}

export interface ProbeOptions {
  network: NetworkClient;
  client?: ClientOptions;
  credential?: Credential;
  /**
   * A message agreed with the agent's operator as safe to send: message-sending probes (media types, the skill)
   * run only with it, since SendMessage creates tasks.
   */
  safeRequest?: { text: string; skill?: string; allowSkills?: string[]; mediaTypes?: string[]; tenant?: string };
  /** Per call. Default 5 s. */
  timeoutMs?: number;
  /** Least time between two calls to the agent. Default 250 ms. */
  minIntervalMs?: number;
  signal?: AbortSignal;
}

export interface ProbeResult {
  probe: string;
  claim: string;
  outcome: 'verified' | 'refuted' | 'skipped' | 'error';
  detail: string;
  at: string;
}
export interface ProbeReport {
  agent: string;
  cardUrl: string;
  interface?: ChosenInterface;
  results: ProbeResult[];
}

/** One part of an outgoing message: text, data (JSON) or a URL, with an optional media type. */
export interface OutgoingPart {
  text?: string;
  data?: unknown;
  url?: string;
  mediaType?: string;
}

export interface StaleMarker {
  agent: string;
  reason: string;
  at: string;
  count: number;
}
/** Runtime evidence that a profile no longer matches its agent; re-fetch and re-compile the card when marked. */
export interface StaleMarkers {
  mark(agent: string, reason: string, at: string): void;
  get(agent: string): StaleMarker | undefined;
  list(): StaleMarker[];
  clear(agent: string): void;
}

export interface SendOptions {
  network: NetworkClient;
  /** The agent's card URL (as pinned): the key of stale markers. */
  agent: string;
  stale: StaleMarkers;
  /** Ask for a stream; honoured only when the profile says streaming works. */
  stream?: boolean;
  /** Headers carrying the caller's credential; sent to the interface's origin only. */
  credentialHeaders?: Record<string, string>;
  /** The card's `originClass` (FetchedCard): a card served from loopback may name loopback interfaces. */
  originClass?: AddressClass;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface SendResult {
  ok: boolean;
  result?: unknown;
  events?: unknown[];
  error?: string;
  errorType?: string;
  streamed: boolean;
  /** A streaming call was refused (UnsupportedOperation) and SendMessage was used instead. */
  fellBack: boolean;
  /** This call marked the profile stale. */
  markedStale: boolean;
}

export interface DiscoverOptions {
  network: NetworkClient;
  /** The client A2A card entries are compiled for. */
  client?: ClientOptions;
  /** Keep catalogs and cards between calls: a fresh one is served without a request, a stale one is revalidated. */
  cache?: CardCache;
  /** Size limit of each catalog and card, bytes. Default 1 MiB. */
  maxBytes?: number;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
}

/**
 * usable / unusable / invalid: an A2A card compiled for the client; unreachable: it (or a nested catalog) could not
 * be read; catalog: a nested catalog followed; not-followed: too deep or a cycle; not-fetched: over the run's bounds;
 * listed: an entry of another type.
 */
export type DiscoveredStatus =
  'usable' | 'unusable' | 'invalid' | 'unreachable' | 'catalog' | 'not-followed' | 'not-fetched' | 'listed';

/** One entry `discover` met. Every string in it came from a catalog or a card: untrusted text. */
export interface DiscoveredEntry {
  identifier: string;
  version?: string;
  type: string;
  /** The artifact's URL, or `inline`. */
  source: string;
  status: DiscoveredStatus;
  reason?: string;
  /** The catalog that lists it, and the entry's JSON Pointer there. */
  catalog?: string;
  pointer?: string;
  displayName?: string;
  entryDescription?: string;
  /** A compiled card's name, description and usable skill ids. */
  name?: string;
  description?: string;
  skills?: string[];
}

export interface DiscoverFinding {
  code: string;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  pointer?: string;
  catalog?: string;
}

export interface DiscoverReport {
  entries: DiscoveredEntry[];
  findings: DiscoverFinding[];
}
