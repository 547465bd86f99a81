/**
 * Loading a card for a check: a conditional fetch (304 → the cached compiled profile, no parse, no
 * compile), otherwise validate → compile → digest → cache. A loader is ONE refresh run: each location
 * is fetched at most once per loader (many lockfiles often pin the same agent), concurrent loads share
 * the fetch; the cache outlives loaders, so the next run revalidates with the stored validators.
 * A card that cannot be read, is not JSON or is not a valid 1.0 card throws CardLoadError: it never
 * yields a profile, so it can never be checked as "compatible".
 */
import { cardDigest } from '../card/digest';
import { compileProfile } from '../profile/compile';
import { validateCapped } from '../schema/validate';
import { secretRedactor } from '../text/hideSecrets';
import { profileForLock } from '../lockfile/currentProfile';
import { DEFAULT_CLIENT, type ClientConfig, type CompiledProfile, type Lockfile } from '../types';
import type { ReferenceVia } from '../catalog/reference';
import { CatalogReferenceError } from '../catalog/resolve';
import type { CachedCard, CardCache, CardSource } from './types';

export class CardLoadError extends Error {
  constructor(
    readonly stage: 'fetch' | 'card',
    message: string,
  ) {
    super(message);
    this.name = 'CardLoadError';
  }
}

/** The stage a failed load failed at: what the card loader threw says, anything else is a fetch failure. */
export function loadStageOf(err: unknown): 'fetch' | 'card' {
  return err instanceof CardLoadError || err instanceof CatalogReferenceError ? err.stage : 'fetch';
}

export interface LoadedCard extends CachedCard {
  unchanged: boolean;
  /** Loaded through a catalog reference: where the catalog said the card is (never cached: resolved each load). */
  via?: ReferenceVia;
}

export interface CardLoader {
  /** `fresh`: fetch without validators (a stale marker says the cached profile is wrong even if the card is not). */
  load(location: string, options?: { fresh?: boolean }): Promise<LoadedCard>;
  /** The profile to check `lock` against: the loaded card compiled for this loader's client plus the lock's extensions (lockfile/currentProfile.ts). */
  profileFor(card: LoadedCard, lock: Lockfile): CompiledProfile;
  /**
   * A card value in hand (an inline card of a catalog file the caller read and confined) validated, compiled for this
   * loader's client and digested as a loaded card would be; never cached (the catalog file is read each time).
   * `location` names it in messages. Throws CardLoadError as `load` does.
   */
  loadValue(location: string, card: unknown, via?: ReferenceVia): LoadedCard;
}

export interface CardLoaderOptions {
  source: CardSource;
  cache: CardCache;
  client?: ClientConfig;
}

export function createCardLoader(options: CardLoaderOptions): CardLoader {
  const loads = new Map<string, Promise<LoadedCard>>();
  const clientKey = keyOfClient(options.client);
  return {
    load(location, how) {
      let pending = loads.get(location);
      if (!pending) {
        pending = loadOnce(location, options, clientKey, how?.fresh === true);
        loads.set(location, pending);
      }
      return pending;
    },
    profileFor: (card, lock) => profileForLock(card.card, card.profile, lock, options.client),
    loadValue(location, card, via) {
      const profile = compileFor(location, card, options.client, clientKey);
      const result: LoadedCard = { validators: {}, card, profile, digest: digestOf(location, card), unchanged: false };
      if (via) result.via = via;
      return result;
    },
  };
}

/**
 * The client configuration each cached profile was compiled for. A cache outlives loaders, and loaders differ in
 * client (the language server's settings change; its pin adds the selection's extensions): a 304 proves
 * the CARD unchanged, not that its profile fits this loader's client, so a profile compiled for another client is
 * compiled again from the cached card. Profiles compiled here are tagged with their client's key.
 */
const compiledFor = new WeakMap<CompiledProfile, string>();

/** No client is the default one: the same key, so neither compiles what the other already did. */
function keyOfClient(given: ClientConfig | undefined): string {
  const client = given ?? DEFAULT_CLIENT;
  return JSON.stringify([
    client.bindings.map((b) => `${b.binding}@${b.version}`).sort(),
    [...client.knownExtensions].sort(),
  ]);
}

function compileFor(
  location: string,
  card: unknown,
  client: ClientConfig | undefined,
  clientKey: string,
): CompiledProfile {
  const profile = compileValid(location, card, client);
  compiledFor.set(profile, clientKey);
  return profile;
}

async function loadOnce(
  location: string,
  { source, cache, client }: CardLoaderOptions,
  clientKey: string,
  fresh: boolean,
): Promise<LoadedCard> {
  const cached = fresh ? undefined : cache.get(location);
  let fetched;
  try {
    fetched = await source.fetch(location, cached?.validators);
  } catch (err) {
    if (err instanceof CardLoadError || err instanceof CatalogReferenceError) throw err;
    throw new CardLoadError('fetch', err instanceof Error ? err.message : String(err));
  }
  if (fetched.status === 'unchanged') {
    if (!cached) throw new CardLoadError('fetch', `${location}: answered 304 Not Modified to an unconditional request`);
    const cachedFor = compiledFor.get(cached.profile);
    // Untagged: compiled by the cache itself for its own client (cache/loadedCardFiles.ts, given the loader's client).
    if (cachedFor === undefined || cachedFor === clientKey) return loaded(cached, true);
    const recompiled: CachedCard = {
      validators: cached.validators,
      card: cached.card,
      profile: compileFor(location, cached.card, client, clientKey),
      digest: cached.digest,
    };
    cache.set(location, recompiled);
    return loaded(recompiled, true);
  }
  const entry: CachedCard = {
    validators: fetched.validators,
    card: fetched.card,
    profile: compileFor(location, fetched.card, client, clientKey),
    digest: digestOf(location, fetched.card),
  };
  cache.set(location, entry);
  const result = loaded(entry, false);
  if (fetched.via) result.via = fetched.via;
  return result;
}

/** Spelled out rather than spread: this runs once per lockfile, and object spread is the slow path in V8. */
function loaded(e: CachedCard, unchanged: boolean): LoadedCard {
  return { validators: e.validators, card: e.card, profile: e.profile, digest: e.digest, unchanged };
}

function compileValid(location: string, card: unknown, client: ClientConfig | undefined): CompiledProfile {
  const schema = validateCapped(card, 'card', 1);
  const [first] = schema.findings;
  if (first) {
    const more = schema.leftOut > 0 ? ` (and ${schema.leftOut} more)` : '';
    // The finding quotes the card (a member's name, a value), and a card may be holding a credential there.
    const redact = secretRedactor(card) ?? ((s: string) => s);
    throw new CardLoadError(
      'card',
      `${location}: not a valid A2A 1.0 agent card: ${redact(`${first.pointer || '/'}: ${first.message}`)}${more}`,
    );
  }
  return compileProfile(card, client);
}

function digestOf(location: string, card: unknown): string {
  try {
    return cardDigest(card);
  } catch (err) {
    throw new CardLoadError('card', `${location}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
