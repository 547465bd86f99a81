/**
 * A card cache that outlives the process: what lets a CI job (a fresh process every run) revalidate cards with
 * If-None-Match and get 304s, when the job keeps this directory between runs (e.g. a CI cache).
 *
 * One file per card location (name = SHA-256 of the location), holding only what the agent served publicly: the
 * validators and the card. Never request headers, never credentials, never extended cards. The compiled profile and
 * digest are NOT stored: they depend on the client configuration and on this version of the compiler, so they are
 * recomputed when an entry is first read in a run (and the card re-validated: a cache file is input like any other).
 * A missing, unreadable, corrupt or foreign entry is simply absent: the card is fetched in full, never trusted.
 * Writes are atomic (temporary file + rename), so a killed run never leaves a torn entry.
 */
import { cardDigest } from '../card/digest';
import { randomId, sha256Hex } from '../bytes/hash';
import { compileProfile } from '../profile/compile';
import { validateValue } from '../schema/validate';
import type { ClientConfig } from '../types';
import type { CachedCard, CardCache, Validators } from './types';

/** The file operations the cache needs (synchronous: CardCache is a synchronous interface). */
export interface CacheDirFiles {
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
  rename(from: string, to: string): void;
  mkdir(path: string): void;
}

interface StoredEntry {
  format: 'a2acap-card-cache/1';
  location: string;
  validators: Validators;
  card: unknown;
}

const FORMAT = 'a2acap-card-cache/1';

export class FileCardCache implements CardCache {
  private readonly memory = new Map<string, CachedCard | null>();
  private dirReady = false;

  constructor(
    private readonly dir: string,
    private readonly files: CacheDirFiles,
    private readonly client?: ClientConfig,
  ) {}

  get(location: string): CachedCard | undefined {
    let entry = this.memory.get(location);
    if (entry === undefined) {
      entry = this.readEntry(location);
      this.memory.set(location, entry);
    }
    return entry ?? undefined;
  }

  set(location: string, entry: CachedCard): void {
    this.memory.set(location, entry);
    // Without a validator the next run could not ask "changed?": nothing worth keeping.
    if (entry.validators.etag === undefined && entry.validators.lastModified === undefined) return;
    const stored: StoredEntry = { format: FORMAT, location, validators: entry.validators, card: entry.card };
    try {
      if (!this.dirReady) {
        this.files.mkdir(this.dir);
        this.dirReady = true;
      }
      const path = this.pathOf(location);
      const tmp = `${path}.${randomId()}.tmp`;
      this.files.writeFile(tmp, JSON.stringify(stored));
      this.files.rename(tmp, path);
    } catch {
      // A cache that cannot be written only costs the next run a full fetch; the check itself is unaffected.
    }
  }

  private pathOf(location: string): string {
    return `${this.dir}/${sha256Hex(location)}.json`;
  }

  private readEntry(location: string): CachedCard | null {
    let stored: unknown;
    try {
      stored = JSON.parse(this.files.readFile(this.pathOf(location)));
    } catch {
      return null;
    }
    if (!isStoredEntry(stored) || stored.location !== location) return null;
    // Only entries that are still valid 1.0 cards come back; anything else is refetched in full.
    if (validateValue(stored.card, 'card').some((f) => f.severity === 'error')) return null;
    const profile = compileProfile(stored.card, this.client);
    let digest: string;
    try {
      digest = cardDigest(stored.card);
    } catch {
      return null;
    }
    return { validators: stored.validators, card: stored.card, profile, digest };
  }
}

function isStoredEntry(value: unknown): value is StoredEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const validators = v.validators as Record<string, unknown> | null;
  return (
    v.format === FORMAT &&
    typeof v.location === 'string' &&
    typeof validators === 'object' &&
    validators !== null &&
    (validators.etag === undefined || typeof validators.etag === 'string') &&
    (validators.lastModified === undefined || typeof validators.lastModified === 'string') &&
    (typeof validators.etag === 'string' || typeof validators.lastModified === 'string')
  );
}
