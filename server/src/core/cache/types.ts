/** What the card cache keeps: a card's HTTP validators, its parsed card and compiled profile. */
import type { CompiledProfile } from '../types';

/** HTTP cache validators of a card (RFC 9110 §8.8), replayed as If-None-Match / If-Modified-Since. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

/** What is kept per card location between refreshes: enough to skip parsing and compiling on a 304. (A new field must also be copied in cardLoader.ts `loaded`.) */
export interface CachedCard {
  validators: Validators;
  card: unknown;
  profile: CompiledProfile;
  digest: string;
}

export interface CardCache {
  get(location: string): CachedCard | undefined;
  set(location: string, entry: CachedCard): void;
}
