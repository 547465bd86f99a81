/**
 * Where an agent's public card lives, given what a user typed: the one answer for `fetch`, `probe`, `pin`,
 * the editor's pin and live views, and the evidence keys (they must all mean the same card by the same URL).
 *
 * - A URL whose path ends in `.json` IS the card: `…/card.json`, an explicit `/.well-known/agent-card.json`,
 *   or a 0.3 `/.well-known/agent.json`. Its query is kept (static hosts select files with it).
 * - Anything else is an agent's base URL (A2A §8.2): the card is `/.well-known/agent-card.json` beneath its path,
 *   trailing slashes ignored, so `https://h`, `https://h/` and `https://h/a2a/` → `https://h[/a2a]/.well-known/agent-card.json`
 *   (as the SDK card resolvers join a base URL and the card path). The base URL's query addressed the base, not
 *   the card, and is dropped.
 * - The fragment is never part of the request, so it is always dropped (one URL per card).
 */
import { trimEnd } from '../text/trimEnd';
import { parseHttpUrl } from '../net/url';

export const WELL_KNOWN_PATH = '/.well-known/agent-card.json';

export function cardUrlFor(target: string): string {
  const url = parseHttpUrl(target);
  url.hash = '';
  if (url.pathname.toLowerCase().endsWith('.json')) return url.toString();
  url.pathname = `${trimEnd(url.pathname, '/')}${WELL_KNOWN_PATH}`;
  url.search = '';
  return url.toString();
}
