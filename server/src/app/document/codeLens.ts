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

/** The argument of the lens on an inline card of a catalog file: the catalog's file: URI and the entry. */
export interface PinInlineEntryArgument {
  catalog: string;
  identifier: string;
  version?: string;
}

/**
 * "Pin this agent" above each A2A entry of a catalog served at an http(s) URL or with its card inline. A catalog that
 * is itself at an http(s) URL pins through the catalog reference CATALOG-URL#IDENTIFIER@VERSION, so the lockfile
 * records where the agent was found (`found_via`) and later checks follow the catalog; a local catalog file pins the
 * entry's URL, or its inline card through the catalog file (the lockfile records the file relative to itself).
 */
export function catalogLenses(a: Analysis): CodeLens[] {
  const lenses: CodeLens[] = [];
  const catalogUrl = httpUrl(a.uri);
  for (const { entry } of catalogEntries(a)) {
    const argument = lensArgument(entry, a.uri, catalogUrl);
    if (argument === undefined) continue;
    const range = rangeOf(a.text, locatePointer(a.text, entry.pointer));
    lenses.push({
      range: { start: range.start, end: range.start },
      command: { title: 'Pin this agent', command: PIN_COMMAND, arguments: [argument] },
    });
  }
  return lenses;
}

function lensArgument(
  entry: CatalogEntry,
  uri: string,
  catalogUrl: string | undefined,
): PinEntryArgument | PinInlineEntryArgument | undefined {
  const reference =
    catalogUrl !== undefined && entry.identifier !== undefined
      ? formatCatalogReference({
          catalog: catalogUrl,
          identifier: entry.identifier,
          ...(entry.version !== undefined ? { version: entry.version } : {}),
        })
      : undefined;
  const cardUrl = pinnableUrl(entry);
  if (cardUrl !== undefined) return { url: reference ?? cardUrl, catalog: uri };
  if (!pinnableInline(entry)) return undefined;
  if (reference !== undefined) return { url: reference, catalog: uri };
  if (!uri.startsWith('file:') || entry.identifier === undefined) return undefined;
  return {
    catalog: uri,
    identifier: entry.identifier,
    ...(entry.version !== undefined ? { version: entry.version } : {}),
  };
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
