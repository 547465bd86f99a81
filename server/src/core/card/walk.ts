/** Shape-tolerant accessors for the parts of a card most rules look at; each yields the JSON Pointer too. */
import { isObject } from '../document';
import { escapeSegment } from '../pointer/range';

export interface At<T> {
  readonly value: T;
  readonly pointer: string;
  readonly index: number;
}

/**
 * An item of an array with its pointer built on demand: big cards have thousands of skills and only the few
 * with findings ever need a pointer string.
 */
class Item<T> implements At<T> {
  constructor(
    readonly value: T,
    readonly index: number,
    private readonly parent: string,
  ) {}

  get pointer(): string {
    return `${this.parent}/${this.index}`;
  }
}

export function objectItems(array: unknown, pointer: string): At<Record<string, unknown>>[] {
  if (!Array.isArray(array)) return [];
  const out: At<Record<string, unknown>>[] = [];
  for (let index = 0; index < array.length; index++) {
    const value: unknown = array[index];
    if (isObject(value)) out.push(new Item(value, index, pointer));
  }
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

/**
 * A skill's id as finding data: only a string. Any other id is the schema's finding, and carried as data it could be
 * JSON of any depth, which the writers of machine-readable output would have to walk.
 */
export function skillIdData(skill: Record<string, unknown>): { skillId?: string } {
  return typeof skill.id === 'string' ? { skillId: skill.id } : {};
}

export function interfacesOf(card: unknown): At<Record<string, unknown>>[] {
  return isObject(card) ? objectItems(card.supportedInterfaces, '/supportedInterfaces') : [];
}

/**
 * Where a securityRequirements list is: the card's (no skill) or the skill's. Built only for a finding, as the
 * skill's own pointer is.
 */
export function requirementsPointer(skill: At<Record<string, unknown>> | undefined): string {
  return skill === undefined ? '/securityRequirements' : `${skill.pointer}/securityRequirements`;
}

export function securitySchemesOf(card: unknown): Record<string, unknown> {
  return isObject(card) && isObject(card.securitySchemes) ? card.securitySchemes : {};
}

export function pointerTo(parent: string, key: string | number): string {
  return `${parent}/${escapeSegment(key)}`;
}
