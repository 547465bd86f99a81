/**
 * What `discover` tries for a source: a domain (`example.com`, `localhost:8080`) or an origin URL means the three
 * well-known documents of that origin, in order: the AI Catalog, the A2A card, the legacy 0.3 card path. Any other
 * URL is the document itself (a catalog or a card: decided by what it serves). Pure: no file or network access.
 */
import { classifyAddress } from '../net/address';
import { ipFamily } from '../net/ipLiteral';

export const CATALOG_WELL_KNOWN_PATH = '/.well-known/ai-catalog.json';
export const CARD_WELL_KNOWN_PATH = '/.well-known/agent-card.json';
export const LEGACY_CARD_PATH = '/.well-known/agent.json';

/** One well-known document to try, and what it should hold. */
export interface WellKnownCandidate {
  url: string;
  expect: 'catalog' | 'card';
  /** Found here, the host serves its card only at the 0.3 path: reported as legacy-card-path. */
  legacy: boolean;
}

/** host, host:port, [v6]:port; labels of letters, digits and hyphens. A path, scheme or space makes it not a domain. */
const DOMAIN =
  /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::\d{1,5})?$/i;

/** Whether `source` is written as a domain (host[:port]) rather than a URL or a path. */
export function looksLikeDomain(source: string): boolean {
  return source.length <= 260 && DOMAIN.test(source) && !/\.json$/i.test(source);
}

/**
 * The origin a domain means: https, except for a loopback host (localhost, 127.0.0.0/8, [::1]), where a local agent
 * is served over plain http as the agents under development and the tests are.
 */
export function originOfDomain(domain: string): string {
  const host = domain
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return `${isLoopbackHost(host) ? 'http' : 'https'}://${domain.toLowerCase()}`;
}

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipFamily(host) !== 0 && classifyAddress(host) === 'loopback';
}

/** Whether a URL names an origin only (no path beyond `/`, no query): discover then tries its well-known documents. */
export function isOriginUrl(url: URL): boolean {
  return (url.pathname === '' || url.pathname === '/') && url.search === '';
}

/** The well-known documents of an origin (`scheme://host[:port]`), in the order they are tried. */
export function wellKnownCandidates(origin: string): WellKnownCandidate[] {
  const base = origin.replace(/\/+$/, '');
  return [
    { url: `${base}${CATALOG_WELL_KNOWN_PATH}`, expect: 'catalog', legacy: false },
    { url: `${base}${CARD_WELL_KNOWN_PATH}`, expect: 'card', legacy: false },
    { url: `${base}${LEGACY_CARD_PATH}`, expect: 'card', legacy: true },
  ];
}
