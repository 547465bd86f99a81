/**
 * The custom part of the protocol between the VS Code client and the A2A language server, typed once.
 * The client imports this file by relative path (esbuild bundles it on both sides), so the two sides
 * cannot drift. Every method is namespaced `a2a/…`; the JSDoc of each says who sends it.
 *
 * Imports only vscode-languageserver-protocol and plain core types.
 */
import { NotificationType, RequestType, type Range, type WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { CompiledProfile, CheckResult, SeveritySetting } from './core/types';
import type { EvidenceClaim } from './core/evidence/claims';
import type { TrustStoreValue } from './core/signature/trustEntry';
import type { SignaturePolicy } from './core/signature/policy';

export type { EvidenceClaim } from './core/evidence/claims';

/**
 * Everything the server needs from the `a2a.*` settings, as the client's config.ts returns it for
 * `workspace/configuration` (section `a2a`). A generic LSP client may send the raw nested `a2a`
 * section instead; the server normalizes whatever it gets (missing or malformed values → defaults).
 */
export interface A2ASettings {
  client: {
    /** "BINDING@MAJOR.MINOR" strings, e.g. "JSONRPC@1.0". */
    bindings: string[];
    knownExtensions: string[];
  };
  /** Rule id → severity override. */
  rules: Record<string, SeveritySetting>;
  maxCardBytes: number;
  /**
   * How the cards are published and read: internalOnly silences internal-address (cards served only inside the
   * network); skillDescription holds the length limits of skill-description-length, in characters.
   */
  card: { internalOnly: boolean; skillDescription: { minLength: number; maxLength: number } };
  files: { agentCards: string[]; lockfiles: string[]; catalogs: string[] };
  /**
   * allowFromWorkspace: what URLs from repository content (a lockfile's agent) may reach beyond public addresses in
   * a trusted workspace (a user or machine setting: a workspace cannot widen it). Restricted Mode reaches nothing.
   */
  network: { allowedHosts: string[]; allowFromWorkspace: ('loopback' | 'private')[] };
  lockfiles: { checkInterval: 'off' | 'hourly' | 'daily' };
  /** policy: what a fetched card's signature must be (core/signature/policy.ts); require: the deprecated boolean, an alias of policy 'require'. */
  signatures: { policy: SignaturePolicy; require: boolean };
  /**
   * a2a.trustStore: key id → trusted key (a JWKS URL, JWK/JWKS, PEM public key or certificate, or
   * {key, notBefore?, notAfter?}; core/signature/trustEntry.ts reads each entry), or the absolute path of a
   * trust-store file in the format `a2acap --trust-store` reads. A machine setting: a workspace cannot name the
   * trust root.
   */
  trustStore: Record<string, TrustStoreValue> | string;
  /**
   * False in an untrusted (restricted) workspace. The server then never touches the network.
   * Not a user setting: the client fills it from `workspace.isTrusted`. Absent means untrusted.
   */
  workspaceTrusted?: boolean;
  /**
   * `a2a.rules` as the user's own settings set it (user scope, not the workspace's): in Restricted Mode a
   * severity lower than the default for a rule that protects the reader is honoured only from here
   * (core/config/restrictedRules.ts). Filled by the client; absent means none.
   */
  userRules?: Record<string, SeveritySetting>;
}

export const DEFAULT_SETTINGS: A2ASettings = {
  client: { bindings: ['JSONRPC@1.0', 'HTTP+JSON@1.0'], knownExtensions: [] },
  rules: {},
  maxCardBytes: 1048576,
  card: { internalOnly: false, skillDescription: { minLength: 20, maxLength: 2000 } },
  files: {
    agentCards: ['**/agent-card.json', '**/*.agent-card.json'],
    lockfiles: ['**/a2a-lock.json', '**/*.a2a-lock.json'],
    catalogs: ['**/ai-catalog.json', '**/*.ai-catalog.json'],
  },
  network: { allowedHosts: [], allowFromWorkspace: ['loopback', 'private'] },
  lockfiles: { checkInterval: 'daily' },
  signatures: { policy: 'verify-if-present', require: false },
  trustStore: {},
  workspaceTrusted: false,
};

/** `initializationOptions` the server understands (all optional). */
export interface A2AInitializationOptions {
  /** Debounce between a change and its diagnostics, in ms (default 150; the bench uses 0). */
  validationDelayMs?: number;
}

// ---------------------------------------------------------------------------------------------
// Capabilities tree view

export interface CapabilitiesParams {
  uri: string;
}

/** One node of the "A2A Capabilities" tree. Plain data: labels are already plain text. */
export interface CapabilityNode {
  /** Stable within one payload (a JSON Pointer or a synthetic path) so the view can keep expansion state. */
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  /** A codicon name without the `$()` wrapper, e.g. "check", "warning". */
  icon?: string;
  /** JSON Pointer into the document the node is about. */
  pointer?: string;
  /** Where `pointer` is in the document: selecting the node reveals it. */
  range?: Range;
  children?: CapabilityNode[];
}

export interface CapabilitiesResult {
  kind: 'card' | 'lockfile' | 'catalog' | 'none';
  /** One line for the language status item, e.g. "usable · JSONRPC 1.0" or "breaking". */
  summary: string;
  /** 'error' when the card is unusable or the lockfile breaking. */
  severity: 'ok' | 'warning' | 'error';
  nodes: CapabilityNode[];
  profile?: CompiledProfile;
  check?: CheckResult;
  /**
   * Claimed vs verified: each claim of the card (or of the lockfile, without a card) with the latest probe
   * outcome the server knows for the agent (A2A: Probe Agent, pins that probed, the lockfile's `verified`).
   * `agent` is the card URL the evidence is keyed by; absent when the document's agent is not known.
   */
  evidence?: { agent?: string; claims: EvidenceClaim[] };
}

/**
 * Sent by the client (tree view, status item) to get the compiled profile of an open document as
 * a tree. Answered from the server's per-version cache.
 */
export const CapabilitiesRequest = {
  method: 'a2a/capabilities',
  type: new RequestType<CapabilitiesParams, CapabilitiesResult, void>('a2a/capabilities'),
} as const;

/** Sent by the server after it re-validated a document, so the client refreshes views that show it. */
export const CapabilitiesChangedNotification = {
  method: 'a2a/capabilitiesChanged',
  type: new NotificationType<{ uri: string }>('a2a/capabilitiesChanged'),
} as const;

// ---------------------------------------------------------------------------------------------
// Migration

export interface MigrateCardParams {
  uri: string;
}

export interface MigrateCardResult {
  /** The edit that turns the document into a 1.0 card, or null when there is nothing to migrate. */
  edit: WorkspaceEdit | null;
  /** Human-readable notes on what could not be kept (plain text). */
  notes: string[];
}

/** Sent by the client for the "A2A: Migrate Agent Card to 1.0" command. */
export const MigrateCardRequest = {
  method: 'a2a/migrateCard',
  type: new RequestType<MigrateCardParams, MigrateCardResult, void>('a2a/migrateCard'),
} as const;

// ---------------------------------------------------------------------------------------------
// Lockfiles: pin, live check, diff, update. Network work happens in the server (address
// policy, card cache); in an untrusted workspace every request that would fetch answers with `error`.

/** Where a card to pin comes from: an open or on-disk card document, or a URL (base URL or card URL). */
export interface PinSource {
  uri?: string;
  url?: string;
  /** An A2A entry with its card inline (`data`) in a catalog file of the workspace (the "Pin this agent" lens). */
  catalogEntry?: CatalogEntrySource;
}

/** An entry of a catalog file: the catalog's file: URI, the entry's identifier and version (if it lists one). */
export interface CatalogEntrySource {
  uri: string;
  identifier: string;
  version?: string;
}

export interface PinOptionsParams {
  source: PinSource;
}

export interface PinOptionsResult {
  /** Set when the card cannot be read, is invalid or unusable; nothing else is meaningful then. */
  error?: string;
  /** Card URL or file path, as the lockfile's `agent` will record it (before relativizing). */
  location: string;
  agentName: string;
  skills: {
    id: string;
    name: string;
    input: string[];
    output: string[];
    inputFrom: 'skill' | 'defaults';
    outputFrom: 'skill' | 'defaults';
  }[];
  streaming: boolean;
  /** Extension URIs the card declares. */
  extensions: { uri: string; required: boolean }[];
}

/** Sent by "A2A: Pin Agent" to show the quick picks. */
export const PinOptionsRequest = {
  method: 'a2a/pinOptions',
  type: new RequestType<PinOptionsParams, PinOptionsResult, void>('a2a/pinOptions'),
} as const;

export interface PinParams {
  source: PinSource;
  selection: {
    skills: string[];
    input: string[];
    output: string[];
    streaming: boolean;
    extensions: string[];
    /** Per-skill media types (override input/output for that skill; [] = every mode it offers). */
    perSkill?: Record<string, { input?: string[]; output?: string[] }>;
  };
  /** file: URI of the lockfile to write (atomically; unchanged bytes are not rewritten). */
  target: string;
  /** Run the safe probes (no messages sent) and record their evidence. */
  probe: boolean;
}

export interface PinResult {
  error?: string;
  written: boolean;
  /** Probe outcomes, one line each, for the notification. */
  probes: string[];
}

/** Sent by "A2A: Pin Agent" after the quick picks: builds, validates and writes the lockfile. */
export const PinRequest = {
  method: 'a2a/pin',
  type: new RequestType<PinParams, PinResult, void>('a2a/pin'),
} as const;

export interface CheckLockfilesParams {
  /** file: URIs of lockfiles. */
  uris: string[];
  /**
   * file: URI of a stale-markers file (node/fileStaleMarkers.ts, default `.a2a/stale.json`): a marked
   * agent is re-fetched without validators and its marker cleared once its lockfile was checked.
   */
  staleMarkers?: string;
  /** With `staleMarkers`: check only the lockfiles whose agent is marked (the watcher, when the file changes). */
  onlyStale?: boolean;
}

/** One item of a live check, located in the lockfile (the client shows it as a diagnostic). */
export interface LockfileCheckItem {
  level: 'breaking' | 'review' | 'note' | 'error';
  pointer: string;
  message: string;
  range: Range;
}

export interface LockfileCheckEntry {
  uri: string;
  /** 'error': the lockfile could not be checked (corrupt, agent unreachable, invalid card, untrusted workspace). */
  verdict: 'compatible' | 'review' | 'breaking' | 'error';
  /** True when the card answered 304 (unchanged since the last check). */
  unchanged: boolean;
  items: LockfileCheckItem[];
  /** The card the lockfile pins (URL or file path), when the lockfile could be read. */
  agent?: string;
}

/** Sent by the lockfile watcher (on a schedule, on open, "A2A: Check Lockfiles Now"): live check of lockfiles. */
export const CheckLockfilesRequest = {
  method: 'a2a/checkLockfiles',
  type: new RequestType<CheckLockfilesParams, { results: LockfileCheckEntry[] }, void>('a2a/checkLockfiles'),
} as const;

export interface LockfileDiffParams {
  uri: string;
}

export interface LockfileDiffResult {
  error?: string;
  verdict?: LockfileCheckEntry['verdict'];
  /** Stable JSON of the pinned and of the current compiled profile, reduced to what the lockfile records. */
  pinned: string;
  current: string;
  /** One line per change ("~ /agent_version: …"). */
  diff: string;
  /** True when re-pinning would change the lockfile. */
  pending: boolean;
}

/** Sent by "Show diff" and "Update Lockfile". */
export const LockfileDiffRequest = {
  method: 'a2a/lockfileDiff',
  type: new RequestType<LockfileDiffParams, LockfileDiffResult, void>('a2a/lockfileDiff'),
} as const;

/** Sent by "A2A: Update Lockfile" after the user saw the diff: re-pins the same selection. */
export const UpdateLockfileRequest = {
  method: 'a2a/updateLockfile',
  type: new RequestType<{ uri: string }, { error?: string; written: boolean }, void>('a2a/updateLockfile'),
} as const;

// ---------------------------------------------------------------------------------------------
// Live agents: fetch a card (and the extended card), probe an agent. Network work happens
// in the server through the core's guarded client; credentials come from the client's SecretStorage in
// the params of one request and are never stored, logged or echoed by the server.

export interface LiveCredential {
  /** Scheme name in the card's securitySchemes; omitted = the first bearer scheme the card declares. */
  scheme?: string;
  token: string;
}

export interface FetchCardParams {
  url: string;
  extended?: boolean;
  credential?: LiveCredential;
}

export interface FetchCardResponse {
  /** One line when the fetch failed (network, policy, untrusted workspace). */
  error?: string;
  url: string;
  status?: 'fetched' | 'not-modified' | 'cached';
  valid?: boolean;
  /** The card text to open (the extended card when one was obtained). */
  text?: string;
  signature?: { outcome: string; detail: string };
  profile?: CompiledProfile;
  findings: { code: string; severity: string; pointer: string; message: string }[];
  extended?: { status: string; message: string };
  /** Scheme names of the public card a credential can be sent for: bearer-token schemes, API keys in a header or cookie (for the credential prompt). */
  credentialSchemes: string[];
}

/** Sent by "A2A: Fetch Agent Card" / "A2A: Fetch Extended Card". */
export const FetchCardRequest = {
  method: 'a2a/fetchCard',
  type: new RequestType<FetchCardParams, FetchCardResponse, void>('a2a/fetchCard'),
} as const;

export interface ProbeAgentParams {
  url: string;
  credential?: LiveCredential;
  /**
   * The URI of the lockfile whose agent to probe ("Run probes" after a check): the server then probes the agent
   * the lockfile names (not `url`) as repository content, within the workspace's network allowance.
   */
  lockfile?: string;
}

export interface ProbeAgentResponse {
  error?: string;
  agent: string;
  results: {
    probe: string;
    claim: string;
    outcome: 'verified' | 'refuted' | 'skipped' | 'error';
    detail: string;
    at: string;
  }[];
}

/** Sent by "A2A: Probe Agent". Default (message-free) probes only. */
export const ProbeAgentRequest = {
  method: 'a2a/probeAgent',
  type: new RequestType<ProbeAgentParams, ProbeAgentResponse, void>('a2a/probeAgent'),
} as const;

/** The tools the editor contributes as language-model tools (package.json contributes.languageModelTools). */
export const EDITOR_TOOL_NAMES: readonly string[] = [
  'a2a_profile',
  'a2a_how_to_call',
  'a2a_check_lockfile',
  'a2a_discover',
];

/** One call of a language-model tool (server/src/mcp/tools): the tool's name and the model's input, untouched. */
export interface LanguageModelToolParams {
  tool: string;
  input: unknown;
}

/** The tool's JSON answer as text, or one line saying why it failed (the same as `a2acap mcp` answers). */
export type LanguageModelToolResult = { ok: true; text: string } | { ok: false; message: string; untrusted?: string };

/**
 * Sent by the client's language-model tools (client/src/lmTools.ts): the server runs the same tool functions as
 * `a2acap mcp`, on the workspace folders as roots; the network only in a trusted workspace.
 */
export const LanguageModelToolRequest = {
  method: 'a2a/languageModelTool',
  type: new RequestType<LanguageModelToolParams, LanguageModelToolResult, void>('a2a/languageModelTool'),
} as const;

/**
 * What the editor needs to gate a tool call before it runs (client/src/lmToolGate.ts): whether the call may reach
 * the network (by the tool table's rule, server/src/mcp/toolNetwork.ts), and the card or lockfile it names, as
 * text safe to show (hidden characters escaped, clipped).
 */
export interface LanguageModelToolGateResult {
  network: boolean;
  target: string;
}

/** Sent by the client's language-model tools before a call: decides nothing, answers the facts the gate needs. */
export const LanguageModelToolGateRequest = {
  method: 'a2a/languageModelToolGate',
  type: new RequestType<LanguageModelToolParams, LanguageModelToolGateResult, void>('a2a/languageModelToolGate'),
} as const;

// ---------------------------------------------------------------------------------------------
// Client commands the server refers to (in code actions)

/**
 * Client-side command, not in the command palette: appends `value` to the array setting
 * `a2a.<setting>` ("client.bindings" or "client.knownExtensions") in the workspace settings.
 * The server offers it as a code action on no-supported-interface / required-extension-unsupported.
 */
export const AddToClientSettingCommand = {
  id: 'a2a.addToClientSetting',
} as const;
export type AddToClientSettingArgs = [setting: 'client.bindings' | 'client.knownExtensions', value: string];

/**
 * Client-side command, not in the command palette: sets the boolean setting `a2a.<setting>` to `value` in the
 * settings of the workspace folder holding `uri` (the workspace's when the document is in no folder, the user's
 * when no folder is open). The server offers it on internal-address ("these cards are served only inside our
 * network"). The setting wins over `.a2a/config.json` when it differs from its default, so one target is enough.
 */
export const SetBooleanSettingCommand = {
  id: 'a2a.setBooleanSetting',
} as const;
export type SetBooleanSettingArgs = [setting: 'card.internalOnly', value: boolean, uri: string];
