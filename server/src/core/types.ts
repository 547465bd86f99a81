/**
 * The shared vocabulary of the core. Everything here is plain data (JSON-serializable) so that the
 * CLI, the language server and the VS Code client can pass it around unchanged.
 */

/** RFC 6901 JSON Pointer into the document a finding is about. '' is the whole document. */
export type JsonPointer = string;

export type Severity = 'error' | 'warning' | 'info' | 'hint';
/** What a user may configure per rule. 'off' drops the rule's findings. */
export type SeveritySetting = Severity | 'off';

/** What a document is: decided by content first, then by file name. A catalog is an AI Catalog (ai-catalog.json). */
export type DocumentKind = 'card' | 'lockfile' | 'catalog';

/**
 * One problem found in a document. Core findings carry a pointer, never a range:
 * ranges are made at the edge (CLI, language server) from the pointer.
 */
export interface Finding {
  /** Stable kebab-case rule id (see rules/catalog.ts); the LSP diagnostic `code`. */
  code: string;
  severity: Severity;
  pointer: JsonPointer;
  message: string;
  /**
   * Which part of the member the range should cover: 'key' for the member's key (unknown or legacy
   * members, a missing member reported on its parent's key), 'value' (default) for the value.
   */
  target?: 'key' | 'value';
  /** Everything a quick fix needs (plain JSON); round-trips through Diagnostic.data. */
  data?: Record<string, unknown>;
  /** Offset range for findings that do not map to a pointer (syntax errors). */
  offset?: { offset: number; length: number };
}

/** A (protocolBinding, protocolVersion) pair the client implements, e.g. JSONRPC@1.0. */
export interface BindingSupport {
  binding: string;
  version: string;
}

/** What the calling client can do: the input of interface selection and extension checks. */
export interface ClientConfig {
  /** Preference is the card's order, not this list's; this is only the supported set. */
  bindings: BindingSupport[];
  /** Extension URIs the client implements. */
  knownExtensions: string[];
}

export const DEFAULT_CLIENT: ClientConfig = {
  bindings: [
    { binding: 'JSONRPC', version: '1.0' },
    { binding: 'HTTP+JSON', version: '1.0' },
  ],
  knownExtensions: [],
};

/** Settings that shape linting. Every field has a default (see DEFAULT_LINT_SETTINGS in lint.ts). */
export interface LintSettings {
  /** Per-rule severity overrides, including 'off'. */
  severities: Record<string, SeveritySetting>;
  /** Cards larger than this (bytes of UTF-8) get `card-too-large` and are not compiled. Default 1 MiB. */
  maxCardBytes: number;
  client: ClientConfig;
  /** What the card-author rules assume about the card's audience and its planners (see CardSettings). */
  card: CardSettings;
}

/**
 * How the card is published and read. `internalOnly`: the card is served only inside the publisher's network, so
 * internal addresses in it are expected (internal-address is silent). `skillDescription`: the length, in characters,
 * below which a skill description is too short to plan with and above which a planner will not read it all
 * (skill-description-length).
 */
export interface CardSettings {
  internalOnly: boolean;
  skillDescription: { minLength: number; maxLength: number };
  /** Registries the card will be published to (core/registry/targets.ts): their limits are checked. None: not checked. */
  targets?: readonly string[];
}

/** Card settings as a configuration gives them: any part may be missing. */
export interface CardSettingsInput {
  internalOnly?: boolean;
  targets?: readonly string[];
  skillDescription?: { minLength?: number; maxLength?: number };
}

/** One alternative of a security requirement: scheme name → scopes. Alternatives are OR, entries in one map AND. */
export type SecurityAlternative = Record<string, readonly string[]>;

/** The effective, per-skill view of one skill. */
export interface SkillProfile {
  readonly input: readonly string[];
  readonly output: readonly string[];
  /** [] means no security requirement applies. */
  security: SecurityAlternative[];
  readonly tags: readonly string[];
}

/** Where a value of the compiled profile came from, so hovers and the CLI can explain it. */
export interface SkillProvenance {
  input: 'skill' | 'defaults';
  output: 'skill' | 'defaults';
  security: 'skill' | 'card' | 'none';
  /** Default media types the skill's own modes leave out (the skill does NOT accept / produce them); the first 50. */
  droppedInput: string[];
  droppedOutput: string[];
  /** JSON Pointer of the skill in the card. */
  pointer: JsonPointer;
}

export interface InterfaceDecision {
  index: number;
  url: string;
  binding: string;
  version: string;
  tenant: string | null;
  chosen: boolean;
  /** Why it was passed over (unsupported binding/version, or an earlier one was chosen). */
  reason?: string;
}

export interface ProfileProvenance {
  interfaces: InterfaceDecision[];
  skills: Record<string, SkillProvenance>;
  /** Extensions the card declares that the client does not know (required or not). */
  unknownExtensions: { uri: string; required: boolean }[];
}

/**
 * The compiled profile of a card for one client: the CLI `compile` contract.
 * When `usable` is false only `reason` (and provenance) is meaningful.
 */
export interface CompiledProfile {
  usable: boolean;
  reason?: string;
  agent_version?: string;
  interface?: { url: string; binding: string; version: string; tenant: string | null };
  streaming?: boolean;
  push?: boolean;
  extended_card?: boolean;
  /** Sorted; extensions declared by the card that the client also knows. */
  extensions?: string[];
  skills?: Record<string, SkillProfile>;
  /** Security schemes of the card by name, reduced to what matters for calls (type and, for OAuth, flow). */
  schemes?: Record<string, { type: string; flow?: string }>;
  provenance?: ProfileProvenance;
}

/** Evidence that a claim was checked against the live agent. */
export interface Evidence {
  result: 'verified' | 'refuted' | 'skipped' | 'error';
  probe: string;
  at: string;
  detail?: string;
}

/** The capability lockfile (schemas/a2a-lock.schema.json). */
export interface Lockfile {
  $schema?: string;
  /** The format (core/lockfile/format.ts); written by pin, absent in lockfiles from before it existed (= 1). */
  lockfile_version?: number;
  agent: string;
  pinned_at: string;
  card_digest: string;
  agent_version?: string;
  interface?: { binding: string; version: string };
  requires: {
    streaming?: boolean;
    push?: boolean;
    extended_card?: boolean;
    skills?: Record<string, { input?: string[]; output?: string[]; scopes?: string[]; scheme?: string }>;
    extensions?: string[];
  };
  /** Per claim: a free-text line ("probe ok 2026-10-02") or structured evidence. */
  verified?: Record<string, string | Evidence>;
  /** The key whose signature over the card was verified when pinned (lockfile/signingKey.ts). */
  signing_key?: SigningKey;
  /** Pinned through a catalog reference: the catalog, the entry's identifier and the version selected. */
  found_via?: FoundVia;
}

/** A verified signing key as a lockfile records it: `kid`, RFC 7638 SHA-256 JWK thumbprint (base64url), where it came from. */
export interface SigningKey {
  kid?: string;
  thumbprint: string;
  origin: string;
}

/** Where a lockfile's agent was found: a catalog URL, an entry identifier and the version selected (if listed). */
export interface FoundVia {
  catalog: string;
  identifier: string;
  version?: string;
}

export type Classification = 'compatible' | 'review' | 'breaking';

/** One line of a lockfile check. `pointer` points into the LOCKFILE (what the problem is about). */
export interface CheckItem {
  level: 'breaking' | 'review' | 'note';
  pointer: JsonPointer;
  message: string;
  /** A problem the run accepted: what approved it (check --approved-by; core/check/acceptance.ts). */
  approved?: string;
  /** A problem that was already there at the base revision (check --since); it does not fail the run. */
  preexisting?: true;
}

export interface CheckResult {
  classification: Classification;
  problems: CheckItem[];
  notes: CheckItem[];
  /** Policy problems the project's `ignore` entries accepted (only when any): not counted in the classification. */
  suppressed?: SuppressedCheckItem[];
}

/** A check item an `ignore` entry of the project configuration accepted, with the entry's reason. */
export interface SuppressedCheckItem extends CheckItem {
  justification: string;
}
