/**
 * One key per agent for everything the editor remembers about it (probe evidence, cards fetched this
 * session, stale markers): the card URL, as the fetcher would request it. A base URL and its card URL,
 * or two spellings of the same origin (case, default port, trailing slash, fragment), give the same key.
 */
import { cardUrlFor } from '../fetch/cardUrl';

export function agentKey(agent: string): string {
  const trimmed = agent.trim();
  try {
    const url = new URL(cardUrlFor(trimmed));
    url.hash = '';
    return url.toString();
  } catch {
    return trimmed; // not a URL (a file path in a lockfile): compared verbatim
  }
}

/** Where a card without a known URL would live: each interface URL's card URL and its origin's well-known card. */
export function candidateKeys(card: unknown): string[] {
  const interfaces = (card as { supportedInterfaces?: unknown } | null)?.supportedInterfaces;
  if (!Array.isArray(interfaces)) return [];
  const keys = new Set<string>();
  for (const i of interfaces) {
    const url = (i as { url?: unknown } | null)?.url;
    if (typeof url !== 'string') continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') continue;
      keys.add(agentKey(url));
      keys.add(agentKey(parsed.origin));
    } catch {
      // not a URL: nothing to match
    }
  }
  return [...keys];
}
