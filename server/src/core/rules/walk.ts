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

export function skillsOf(card: unknown): At<Record<string, unknown>>[] {
  return isObject(card) ? objectItems(card.skills, '/skills') : [];
}

export function interfacesOf(card: unknown): At<Record<string, unknown>>[] {
  return isObject(card) ? objectItems(card.supportedInterfaces, '/supportedInterfaces') : [];
}

/** Every securityRequirements array of the card: card level and per skill. */
export function requirementListsOf(card: unknown): { list: unknown[]; pointer: string; skillId?: unknown }[] {
  if (!isObject(card)) return [];
  const lists: { list: unknown[]; pointer: string; skillId?: unknown }[] = [];
  if (Array.isArray(card.securityRequirements)) lists.push({ list: card.securityRequirements, pointer: '/securityRequirements' });
  for (const skill of skillsOf(card)) {
    if (Array.isArray(skill.value.securityRequirements)) {
      lists.push({ list: skill.value.securityRequirements, pointer: `${skill.pointer}/securityRequirements`, skillId: skill.value.id });
    }
  }
  return lists;
}

/** Each (scheme name, scopes) of well-shaped requirements: {schemes: {name: {list: [...]}}} (or {} for no scopes). */
export function requirementEntries(card: unknown): { scheme: string; scopes: unknown[]; pointer: string }[] {
  const out: { scheme: string; scopes: unknown[]; pointer: string }[] = [];
  for (const { list, pointer } of requirementListsOf(card)) {
    list.forEach((req, i) => {
      if (!isObject(req) || !isObject(req.schemes)) return;
      for (const [scheme, scopes] of Object.entries(req.schemes)) {
        const listed = isObject(scopes) && Array.isArray(scopes.list) ? scopes.list : [];
        out.push({ scheme, scopes: listed, pointer: `${pointer}/${i}/schemes/${escapeSegment(scheme)}` });
      }
    });
  }
  return out;
}

export function securitySchemesOf(card: unknown): Record<string, unknown> {
  return isObject(card) && isObject(card.securitySchemes) ? card.securitySchemes : {};
}

export function pointerTo(parent: string, key: string | number): string {
  return `${parent}/${escapeSegment(key)}`;
}
