import { isHttpLocation } from '../../core/check/cardSources';
import { cardUrlFor } from '../../core/fetch/cardUrl';
import type { DocumentWorld } from './world';

/** The URL an open, unsaved card document was fetched from (undefined when this session does not know it). */
export async function fetchedCardUrl(world: DocumentWorld, uri: string): Promise<string | undefined> {
  const a = await world.analysis(uri);
  if (!a || a.kind !== 'card' || a.value === undefined) return undefined;
  const url = world.session.urlOfCard(a.value);
  return url !== undefined && isHttpLocation(url) ? cardUrlFor(url) : undefined;
}
