/**
 * Loading a card for a check: a conditional fetch (304 → the cached compiled profile, no parse, no
 * compile), otherwise validate → compile → digest → cache. A loader is ONE refresh run: each location
 * is fetched at most once per loader (many lockfiles often pin the same agent), concurrent loads share
 * the fetch; the cache outlives loaders, so the next run revalidates with the stored validators.
 * A card that cannot be read, is not JSON or is not a valid 1.0 card throws CardLoadError: it never
 * yields a profile, so it can never be checked as "compatible".
 */
import { cardDigest } from '../digest';
import { compileProfile } from '../profile/compile';
import { validateValue } from '../schema/validate';
import type { ClientConfig, CompiledProfile } from '../types';
import type { CachedCard, CardCache, CardSource } from './types';

export class CardLoadError extends Error {
  constructor(readonly stage: 'fetch' | 'card', message: string) {
    super(message);
    this.name = 'CardLoadError';
  }
}

export interface LoadedCard extends CachedCard {
  unchanged: boolean;
}

export interface CardLoader {
  /** `fresh`: fetch without validators (a stale marker says the cached profile is wrong even if the card is not). */
  load(location: string, options?: { fresh?: boolean }): Promise<LoadedCard>;
}

export interface CardLoaderOptions {
  source: CardSource;
  cache: CardCache;
  client?: ClientConfig;
}

export function createCardLoader(options: CardLoaderOptions): CardLoader {
  const loads = new Map<string, Promise<LoadedCard>>();
  return {
    load(location, how) {
      let pending = loads.get(location);
      if (!pending) {
        pending = loadOnce(location, options, how?.fresh === true);
        loads.set(location, pending);
      }
      return pending;
    },
  };
}

async function loadOnce(location: string, { source, cache, client }: CardLoaderOptions, fresh: boolean): Promise<LoadedCard> {
  const cached = fresh ? undefined : cache.get(location);
  let fetched;
  try {
    fetched = await source.fetch(location, cached?.validators);
  } catch (err) {
    if (err instanceof CardLoadError) throw err;
    throw new CardLoadError('fetch', err instanceof Error ? err.message : String(err));
  }
  if (fetched.status === 'unchanged') {
    if (!cached) throw new CardLoadError('fetch', `${location}: answered 304 Not Modified to an unconditional request`);
    return loaded(cached, true);
  }
  const entry: CachedCard = { validators: fetched.validators, card: fetched.card, profile: compileValid(location, fetched.card, client), digest: digestOf(location, fetched.card) };
  cache.set(location, entry);
  return loaded(entry, false);
}

/** Spelled out rather than spread: this runs once per lockfile, and object spread is the slow path in V8. */
function loaded(e: CachedCard, unchanged: boolean): LoadedCard {
  return { validators: e.validators, card: e.card, profile: e.profile, digest: e.digest, unchanged };
}

function compileValid(location: string, card: unknown, client: ClientConfig | undefined): CompiledProfile {
  const errors = validateValue(card, 'card').filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    const first = errors[0]!;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    throw new CardLoadError('card', `${location}: not a valid A2A 1.0 agent card: ${first.pointer || '/'}: ${first.message}${more}`);
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
