/**
 * A compiled profile as every output shows it (CLI compile, the editor's capabilities tree and hovers). The
 * profile itself keeps each interface URL as the card wrote it, for the code that calls the agent; what is shown
 * is read by orchestrators and planning models, so a URL's userinfo (`https://user:password@host/`) never
 * reaches it: the URL is shown without its userinfo (core/text/redact.ts), and the password is removed wherever else
 * it appears. A profile whose URLs carry no userinfo is shown exactly as it is.
 */
import { redactValue, redactorFor, urlSecrets, type Redactor } from '../text/redact';
import { placedSecrets } from '../text/secretPlaces';
import type { CompiledProfile } from '../types';

/** The userinfo secrets of the card's interface URLs that a profile holds (the chosen one and every decision). */
export function profileSecrets(profile: CompiledProfile | undefined): string[] {
  if (!profile) return [];
  const urls = [profile.interface?.url, ...(profile.provenance?.interfaces ?? []).map((d) => d.url)];
  return [...new Set(urls.flatMap((u) => (typeof u === 'string' ? urlSecrets(u) : [])))];
}

/**
 * The credentials the card put in what the profile keeps (a token as a skill id, tag, scheme or scope name, a key in
 * an interface URL's query): the shapes secrets-in-card flags (core/text/secretPlaces.ts), so a profile never shows what
 * lint reports.
 */
function cardSecrets(profile: CompiledProfile | undefined): string[] {
  return profile ? placedSecrets(profile, MAX_SECRETS).map((s) => s.secret) : [];
}

/** More than any honest profile holds; past it the rest of a hostile card's secrets are still in lint's findings. */
const MAX_SECRETS = 200;

/** The redactor for anything shown about this profile: its URL and card secrets, and the userinfo of any URL. */
export function profileRedactor(profile: CompiledProfile | undefined): Redactor {
  return redactorFor([...profileSecrets(profile), ...cardSecrets(profile)]);
}

/** The profile as an output shows it: no URL userinfo, no password of one anywhere. */
export function shownProfile(profile: CompiledProfile): CompiledProfile;
export function shownProfile(profile: CompiledProfile | undefined): CompiledProfile | undefined;
export function shownProfile(profile: CompiledProfile | undefined): CompiledProfile | undefined {
  return profile && redactValue(profile, profileRedactor(profile));
}
