/**
 * What the server learned about live agents in this session, shared by the live requests (fetch, probe),
 * the lockfile requests (check, pin) and the views built from open documents (diagnostics, capabilities):
 * - the cards fetched this session (A2A: Fetch Agent Card, lockfile checks, the watcher), by agentKey();
 * - the last live-check failure per agent (cleared by the next successful fetch);
 * - the evidence store (claimed vs verified), fed by probes and by the `verified` member of lockfiles.
 * Memory only, one per server: the host holds it in its document world (world.ts).
 */
import { cardDigest } from '../../core/card/digest';
import { isObject } from '../../core/document';
import { agentKey, candidateKeys } from '../../core/evidence/agentKey';
import { EvidenceStore } from '../../core/evidence/store';
import type { CompiledProfile } from '../../core/types';

export interface LiveCard {
  /** The card URL as fetched. */
  url: string;
  profile: CompiledProfile;
  digest: string;
  /** ISO time of the fetch (or the 304 that confirmed it). */
  at: string;
  via: 'fetch' | 'check';
  /** The card itself, when the fetch kept it (hovers quote its default modes). */
  card?: Record<string, unknown>;
}

export interface LiveFailure {
  url: string;
  cause: string;
  at: string;
}

/** Bound on remembered cards: one long session may check many agents. */
const MAX_CARDS = 500;

export class LiveSession {
  readonly evidence = new EvidenceStore();
  private readonly cards = new Map<string, LiveCard>();
  private readonly failures = new Map<string, LiveFailure>();
  /** Lockfiles (uris) a live check covered: their diagnostics outlive their editor (lockfileDiagnostics.ts). */
  private readonly checked = new Set<string>();
  /** Digest of a fetched card → its URL: the fetch command opens the card as an untitled document. */
  private readonly urlByDigest = new Map<string, string>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  recordCard(url: string, profile: CompiledProfile, digest: string, via: LiveCard['via'], card?: unknown): void {
    const key = agentKey(url);
    this.cards.delete(key);
    if (this.cards.size >= MAX_CARDS) this.cards.delete(this.cards.keys().next().value!);
    const kept = isObject(card) ? { card } : {};
    this.cards.set(key, { url, profile, digest, at: this.now().toISOString(), via, ...kept });
    this.failures.delete(key);
    this.rememberUrl(digest, url);
  }

  /** A card opened from `url` (e.g. the extended card of that agent) is known by its digest. */
  rememberUrl(digest: string, url: string): void {
    if (this.urlByDigest.size >= MAX_CARDS) this.urlByDigest.delete(this.urlByDigest.keys().next().value!);
    this.urlByDigest.set(digest, url);
  }

  /** A failed live check: the card it had is no longer known to be current. */
  recordFailure(url: string, cause: string): void {
    const key = agentKey(url);
    this.cards.delete(key);
    this.failures.set(key, { url, cause, at: this.now().toISOString() });
  }

  markChecked(lockfileUri: string): void {
    if (this.checked.size < MAX_CARDS * 4) this.checked.add(lockfileUri);
  }

  wasChecked(lockfileUri: string): boolean {
    return this.checked.has(lockfileUri);
  }

  checkedLockfiles(): string[] {
    return [...this.checked];
  }

  card(agent: string): LiveCard | undefined {
    return this.cards.get(agentKey(agent));
  }

  failure(agent: string): LiveFailure | undefined {
    return this.failures.get(agentKey(agent));
  }

  /**
   * The URL of a card document whose URL is not known from elsewhere: the URL it was fetched from (same
   * digest), else an agent this session knows (fetched or probed) at one of its interface URLs or at the
   * well-known card of an interface's origin.
   */
  urlOfCard(card: unknown): string | undefined {
    let digest: string | undefined;
    try {
      digest = cardDigest(card);
    } catch {
      digest = undefined; // too deep to canonicalize: fall back to the interfaces
    }
    const fetched = digest !== undefined ? this.urlByDigest.get(digest) : undefined;
    if (fetched) return fetched;
    return candidateKeys(card).find((k) => this.cards.has(k) || this.evidence.has(k));
  }
}
