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
import { catalogEntries, pinnableUrl } from './catalogEntries';
import type { DocumentWorld } from './world';

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

/** The argument of the catalog lens: an agent URL, and the catalog file the lockfile is suggested beside. */
export interface PinEntryArgument {
  url: string;
  catalog: string;
}

/**
 * "Pin this agent" above each A2A entry of a catalog served at an http(s) URL: the pin workflow from that URL.
 * An inline card is not a document the pin workflow can read: no lens.
 */
export function catalogLenses(a: Analysis): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const { entry } of catalogEntries(a)) {
    const url = pinnableUrl(entry);
    if (url === undefined) continue;
    const range = rangeOf(a.text, locatePointer(a.text, entry.pointer));
    const argument: PinEntryArgument = { url, catalog: a.uri };
    lenses.push({
      range: { start: range.start, end: range.start },
      command: { title: 'Pin this agent', command: PIN_COMMAND, arguments: [argument] },
    });
  }
  return lenses;
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
