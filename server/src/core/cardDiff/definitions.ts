/**
 * Changes to what a name stands for, between two versions of a card. Comparing ids alone misses them: a scheme
 * that keeps its name but becomes another type (or another OAuth flow) needs other credentials; an extension
 * that keeps its URI but becomes required must now be spoken by every caller. Each change is an item in the
 * lockfile check's terms (level, pointer into the lockfile a pin of the old card would write, message), so a card
 * diff classifies them exactly as the check classifies its own items.
 */
import { q } from '../lockfile/check';
import { pointerOf } from '../lockfile/pointer';
import { isObject } from '../document';
import { declaredExtensions } from '../profile/compile';
import { getOwn } from '../profile/safeRecord';
import type { CheckItem, CompiledProfile } from '../types';

type SchemeDefinition = { type: string; flow?: string };

export interface CardSide {
  card: unknown;
  profile: CompiledProfile;
}

/** Every definition change that affects a call of the old card's skills, or the agent as a whole. */
export function definitionChanges(before: CardSide, after: CardSide): CheckItem[] {
  const schemes = before.profile.usable && after.profile.usable ? schemeChanges(before.profile, after.profile) : [];
  return [...schemes, ...extensionChanges(before, after)];
}

/** Per skill of the old card: each scheme it names whose definition is now another type or flow. */
function schemeChanges(before: CompiledProfile, after: CompiledProfile): CheckItem[] {
  const items: CheckItem[] = [];
  for (const [id, skill] of Object.entries(before.skills ?? {})) {
    if (!getOwn(after.skills, id)) continue; // a removed skill is the check's finding
    const names = [...new Set(skill.security.flatMap((alternative) => Object.keys(alternative)))].sort();
    for (const name of names) {
      const was = getOwn(before.schemes, name);
      const now = getOwn(after.schemes, name);
      if (!was || !now) continue; // an undefined scheme is the check's finding
      const change = describeSchemeChange(was, now);
      if (change === undefined) continue;
      items.push({
        level: 'breaking',
        pointer: pointerOf('requires', 'skills', id, 'scheme'),
        message: `scheme ${q(name)} of skill ${q(id)} is now ${change}: a caller needs other credentials`,
      });
    }
  }
  return items;
}

/** Another type; or, for OAuth, a flow a caller may be using that is gone (a flow added changes nothing for it). */
function describeSchemeChange(was: SchemeDefinition, now: SchemeDefinition): string | undefined {
  if (was.type !== now.type) return `of type ${now.type} (was ${was.type})`;
  const flows = (d: SchemeDefinition) => (d.flow ?? '').split('+').filter(Boolean);
  const offered = new Set(flows(now));
  const gone = flows(was).filter((f) => !offered.has(f));
  if (gone.length === 0) return undefined;
  return `without the OAuth flow${gone.length > 1 ? 's' : ''} ${gone.join(', ')} (it offers ${flows(now).join(', ') || 'none'})`;
}

/**
 * Extensions the new card requires that the old one did not. One the client does not implement makes the card
 * unusable (the check says so); one it implements still changes every call, which must now activate it.
 */
function extensionChanges(before: CardSide, after: CardSide): CheckItem[] {
  const requiredBefore = new Set(requiredUris(before.card));
  const known = new Set(after.profile.extensions ?? []);
  return requiredUris(after.card)
    .filter((uri) => !requiredBefore.has(uri))
    .map((uri) => ({
      level: known.has(uri) ? 'review' : 'breaking',
      pointer: pointerOf('requires', 'extensions'),
      message: `extension ${q(uri)} is now required${known.has(uri) ? ': every call must activate it' : ', and this client does not implement it'}`,
    }));
}

function requiredUris(card: unknown): string[] {
  const capabilities = isObject(card) ? card.capabilities : undefined;
  return [
    ...new Set(
      declaredExtensions(capabilities)
        .filter((e) => e.required)
        .map((e) => e.uri),
    ),
  ];
}
