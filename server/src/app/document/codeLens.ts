/**
 * "Pin this skill" above every skill of an agent card: runs the client's "A2A: Pin Agent" command with
 * this card and this skill preselected. Only skills with a string id get a lens (others cannot be pinned).
 * A card that is not a file (opened by "Fetch Agent Card") gets lenses only when this session knows the URL
 * it was fetched from, which is what the pin then reads.
 */
import type { CodeLens } from 'vscode-languageserver-types';
import { locatePointer, rangeOf } from '../../core/pointer/range';
import { fetchedCardUrl } from './fetchedCard';
import type { Analysis } from './analysis';
import { catalogEntries, pinnableInline, pinnableUrl } from './catalogEntries';
import type { CatalogEntry } from '../../core/catalog/model';
import type { DocumentWorld } from './world';
import { formatCatalogReference } from '../../core/catalog/reference';

/** The argument of the lens command: what client/src/commands/pinAgent.ts receives. */
export interface PinSkillArgument {
  uri: string;
  skill: string;
}

export const PIN_COMMAND = 'a2a.pinAgent';

export function skillLenses(uri: string, text: string, value: unknown): CodeLens[] {
  const skills = (value as { skills?: unknown } | undefined)?.skills;
  if (!Array.isArray(skills)) return [];
  const lenses: CodeLens[] = [];
  skills.forEach((skill, i) => {
    const id = (skill as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || id === '') return;
    const range = rangeOf(text, locatePointer(text, `/skills/${i}`));
    const argument: PinSkillArgument = { uri, skill: id };
    lenses.push({
      range: { start: range.start, end: range.start },
      command: { title: 'Pin this skill', command: PIN_COMMAND, arguments: [argument] },
    });
  });
  return lenses;
}

/**
 * The argument of the catalog lens: an agent URL or catalog reference, and the catalog the lockfile is suggested
 * beside.
 */
export interface PinEntryArgument {
  url: string;
  catalog: string;
}

/** The argument of the lens on an entry of a catalog file (inline card or `url`): the catalog's file: URI and the entry. */
export interface PinInlineEntryArgument {
  catalog: string;
  identifier: string;
  version?: string;
}

/**
 * "Pin this agent" above each A2A entry of a catalog served at an http(s) URL or with its card inline. A catalog that
 * is itself at an http(s) URL pins through the catalog reference CATALOG-URL#IDENTIFIER@VERSION, so the lockfile
 * records where the agent was found (`found_via`) and later checks follow the catalog; a catalog file pins the entry
 * (its URL or its inline card) through the file (the lockfile records the file relative to itself). An unsaved catalog
 * (untitled) pins an entry's URL as a plain URL and offers no lens on an inline card (its hover says why).
 */
export function catalogLenses(a: Analysis): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const { entry } of catalogEntries(a)) {
    const plan = pinPlan(entry, a.uri);
    if (plan.kind === 'none') continue;
    const argument = plan.argument;
    const range = rangeOf(a.text, locatePointer(a.text, entry.pointer));
    lenses.push({
      range: { start: range.start, end: range.start },
      command: { title: 'Pin this agent', command: PIN_COMMAND, arguments: [argument] },
    });
  }
  return lenses;
}

/**
 * How "Pin this agent" pins an entry of the catalog at `uri`, decided once for the lens and the hover: through the
 * catalog reference (a catalog at an http(s) URL), through the catalog file, by the entry's URL alone (an unsaved
 * catalog, an entry without identifier), or not at all, with why when the person can do something about it.
 */
export type PinPlan =
  | { kind: 'reference'; argument: PinEntryArgument }
  | { kind: 'catalog-file'; argument: PinInlineEntryArgument; inline: boolean }
  | { kind: 'url'; argument: PinEntryArgument; why: NoCatalogWhy }
  | { kind: 'none'; why?: NoCatalogWhy };

/** Why a lockfile could not record the catalog: unsaved (untitled), an entry without identifier, another scheme. */
type NoCatalogWhy = 'unsaved' | 'no-identifier' | 'not-a-file';

export function pinPlan(entry: CatalogEntry, uri: string): PinPlan {
  const cardUrl = entry.hasData ? undefined : pinnableUrl(entry);
  const inline = pinnableInline(entry);
  if (cardUrl === undefined && !inline) return { kind: 'none' };
  const why = entry.identifier === undefined ? 'no-identifier' : uri.startsWith('untitled:') ? 'unsaved' : 'not-a-file';
  const catalogUrl = httpUrl(uri);
  if (catalogUrl !== undefined && entry.identifier !== undefined) {
    const reference = formatCatalogReference({
      catalog: catalogUrl,
      identifier: entry.identifier,
      ...(entry.version !== undefined ? { version: entry.version } : {}),
    });
    return { kind: 'reference', argument: { url: reference, catalog: uri } };
  }
  if (uri.startsWith('file:') && entry.identifier !== undefined) {
    const version = entry.version !== undefined ? { version: entry.version } : {};
    return { kind: 'catalog-file', argument: { catalog: uri, identifier: entry.identifier, ...version }, inline };
  }
  if (cardUrl !== undefined) return { kind: 'url', argument: { url: cardUrl, catalog: uri }, why };
  return { kind: 'none', why };
}

/** The document's URI when it is an http(s) URL (a catalog read from the network), without a fragment. */
function httpUrl(uri: string): string | undefined {
  try {
    const u = new URL(uri);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
    u.hash = '';
    return u.href;
  } catch {
    return undefined;
  }
}

/** The lenses of an open document: one above every skill of a card, or every A2A entry of a catalog, to pin. */
export async function codeLenses(world: DocumentWorld, request: { uri: string }): Promise<CodeLens[]> {
  const a = await world.analysis(request.uri);
  if (a?.kind === 'catalog' && a.value !== undefined) return catalogLenses(a);
  if (!a || a.kind !== 'card' || a.tooLarge || a.value === undefined) return [];
  // A card that is not a file is pinned from the URL it was fetched from: no lens when that is not known.
  if (!a.uri.startsWith('file:') && (await fetchedCardUrl(world, a.uri)) === undefined) return [];
  return skillLenses(a.uri, a.text, a.value);
}
