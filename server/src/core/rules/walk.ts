/** Shape-tolerant accessors for the parts of a card most rules look at; each yields the JSON Pointer too. */
import { isObject } from '../document';
import { escapeSegment } from '../location';

export interface At<T> {
  value: T;
  pointer: string;
  index: number;
}

export function objectItems(array: unknown, pointer: string): At<Record<string, unknown>>[] {
  if (!Array.isArray(array)) return [];
  const out: At<Record<string, unknown>>[] = [];
  array.forEach((value, index) => {
    if (isObject(value)) out.push({ value, pointer: `${pointer}/${index}`, index });
  });
  return out;
}

/**
 * Several rules look at the same parts of one parsed card in one lint run; the views are computed once per card
 * object. lintDocument parses afresh on every call and nothing mutates the parsed value, so a cached view never
 * goes stale; the WeakMap lets it go with the value.
 */
function memo<T>(cache: WeakMap<object, T>, card: unknown, compute: () => T, empty: T): T {
  if (typeof card !== 'object' || card === null) return empty;
  let hit = cache.get(card);
  if (hit === undefined) cache.set(card, (hit = compute()));
  return hit;
}

const skillsCache = new WeakMap<object, At<Record<string, unknown>>[]>();

export function skillsOf(card: unknown): At<Record<string, unknown>>[] {
  return memo(skillsCache, card, () => (isObject(card) ? objectItems(card.skills, '/skills') : []), []);
}

export function interfacesOf(card: unknown): At<Record<string, unknown>>[] {
  return isObject(card) ? objectItems(card.supportedInterfaces, '/supportedInterfaces') : [];
}

/** Every securityRequirements array of the card: card level and per skill. */
type RequirementList = { list: unknown[]; pointer: string; skillId?: unknown };
const listsCache = new WeakMap<object, RequirementList[]>();

export function requirementListsOf(card: unknown): RequirementList[] {
  return memo(listsCache, card, () => computeRequirementLists(card), []);
}

function computeRequirementLists(card: unknown): RequirementList[] {
  if (!isObject(card)) return [];
  const lists: RequirementList[] = [];
  if (Array.isArray(card.securityRequirements)) lists.push({ list: card.securityRequirements, pointer: '/securityRequirements' });
  for (const skill of skillsOf(card)) {
    if (Array.isArray(skill.value.securityRequirements)) {
      lists.push({ list: skill.value.securityRequirements, pointer: `${skill.pointer}/securityRequirements`, skillId: skill.value.id });
    }
  }
  return lists;
}

/** One (scheme, scopes) of a requirement; `listPointer` + `index` + `scheme` make its pointer (see entryPointer). */
type RequirementEntry = { scheme: string; scopes: unknown[]; listPointer: string; index: number };

export function entryPointer(e: RequirementEntry): string {
  return `${e.listPointer}/${e.index}/schemes/${escapeSegment(e.scheme)}`;
}

const entriesCache = new WeakMap<object, RequirementEntry[]>();

/**
 * Each (scheme name, scopes) of well-shaped requirements: {schemes: {name: {list: [...]}}} (or {} for no scopes).
 * The pointer is built on demand (entryPointer): big cards have thousands of entries and findings are rare.
 */
export function requirementEntries(card: unknown): RequirementEntry[] {
  return memo(entriesCache, card, () => computeRequirementEntries(card), []);
}

function computeRequirementEntries(card: unknown): RequirementEntry[] {
  const out: RequirementEntry[] = [];
  for (const { list, pointer } of requirementListsOf(card)) {
    for (let i = 0; i < list.length; i++) {
      const req = list[i];
      if (!isObject(req) || !isObject(req.schemes)) continue;
      for (const scheme in req.schemes) {
        if (!Object.prototype.hasOwnProperty.call(req.schemes, scheme)) continue;
        const scopes = req.schemes[scheme];
        const listed = isObject(scopes) && Array.isArray(scopes.list) ? scopes.list : [];
        out.push({ scheme, scopes: listed, listPointer: pointer, index: i });
      }
    }
  }
  return out;
}

export function securitySchemesOf(card: unknown): Record<string, unknown> {
  return isObject(card) && isObject(card.securitySchemes) ? card.securitySchemes : {};
}

export function pointerTo(parent: string, key: string | number): string {
  return `${parent}/${escapeSegment(key)}`;
}
