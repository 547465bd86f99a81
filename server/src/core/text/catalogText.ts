/**
 * Where an AI Catalog keeps its text, for the same cues a card's text is screened for (textCues.ts,
 * selectionCues.ts): the host's and each entry's names, descriptions, tags and publisher are read by people and by
 * the models that choose among the entries; identifiers, versions and URLs are used by programs as they are. An
 * entry's inline `data` is not walked here: an agent card there is linted in place with the card rules.
 */
import { isObject } from '../document';
import type { TextWalk } from './readerText';

function entriesOf(catalog: Record<string, unknown>): [number, Record<string, unknown>][] {
  const entries = catalog.entries;
  if (!Array.isArray(entries)) return [];
  const out: [number, Record<string, unknown>][] = [];
  entries.forEach((entry: unknown, index: number) => {
    if (isObject(entry)) out.push([index, entry]);
  });
  return out;
}

function* catalogFields(catalog: Record<string, unknown>): Generator<[string, unknown]> {
  if (isObject(catalog.host)) yield ['/host/displayName', catalog.host.displayName];
  for (const [index, entry] of entriesOf(catalog)) {
    const at = `/entries/${index}`;
    yield [`${at}/displayName`, entry.displayName];
    yield [`${at}/description`, entry.description];
    if (Array.isArray(entry.tags)) for (let i = 0; i < entry.tags.length; i++) yield [`${at}/tags/${i}`, entry.tags[i]];
    if (isObject(entry.publisher)) yield [`${at}/publisher/displayName`, entry.publisher.displayName];
  }
}

function* catalogOthers(catalog: Record<string, unknown>): Generator<[string, unknown]> {
  if (isObject(catalog.host)) yield ['/host/identifier', catalog.host.identifier];
  for (const [index, entry] of entriesOf(catalog)) {
    const at = `/entries/${index}`;
    for (const key of ['identifier', 'version', 'url', 'type', 'mediaType'] as const)
      yield [`${at}/${key}`, entry[key]];
    if (isObject(entry.publisher)) yield [`${at}/publisher/identifier`, entry.publisher.identifier];
  }
}

export const CATALOG_TEXT: TextWalk = { fields: catalogFields, others: catalogOthers };
