/**
 * Whose catalog this is, as far as the document and the place it was read from say: the host named by
 * `host.identifier` (did:web:example.com, or a plain domain), else the host of the URL the catalog was read from.
 * The rules that compare entries with their catalog (catalog-host-mismatch, catalog-cycle) read it from here.
 */
import { isObject } from '../document';

/** The domain a did:web identifier names (did:web:example.com%3A8443:agents → example.com), lower case. */
function didWebDomain(identifier: string): string | undefined {
  const m = /^did:web:([^:]+)/i.exec(identifier.trim());
  if (!m) return undefined;
  let host: string;
  try {
    host = decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
  return hostOnly(host);
}

/** A host name without a port, lower case; undefined when it is not one. */
function hostOnly(host: string): string | undefined {
  const name = host.replace(/:\d+$/, '').toLowerCase();
  return /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/.test(name) && name.includes('.') ? name : undefined;
}

/** The host of an http(s) URL, lower case, without the port. */
export function urlHost(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

export interface CatalogHostName {
  host: string;
  /** Where the host came from, for messages: the member or the catalog's URL. */
  from: 'host.identifier' | 'url';
}

/** The catalog's host: from `host.identifier` when it names one, else from the URL it was read from. */
export function catalogHostName(value: unknown, source: string | undefined): CatalogHostName | undefined {
  const identifier = isObject(value) && isObject(value.host) ? value.host.identifier : undefined;
  if (typeof identifier === 'string') {
    const host = didWebDomain(identifier) ?? hostOnly(identifier);
    if (host !== undefined) return { host, from: 'host.identifier' };
  }
  const host = urlHost(source);
  return host === undefined ? undefined : { host, from: 'url' };
}

/** The domain of a `urn:air:{domain}:…` identifier, lower case; undefined for any other identifier. */
export function urnAirDomain(identifier: string): string | undefined {
  const m = /^urn:air:([^:]+):/i.exec(identifier);
  return m ? m[1]!.toLowerCase() : undefined;
}

/** Whether two hosts belong together: the same, or one a subdomain of the other (www.example.com, example.com). */
export function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

/** A URL as catalogs compare: parsed, without fragment, default port dropped; undefined when it does not parse. */
export function comparableUrl(url: string): string | undefined {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return undefined;
  }
}

/**
 * The URLs this catalog is known by: the one it was read from, and the well-known address of a did:web host
 * (https://example.com/.well-known/ai-catalog.json), where a catalog that lists itself would point.
 */
export function ownCatalogUrls(value: unknown, source: string | undefined): string[] {
  const out: string[] = [];
  const fromSource = source === undefined ? undefined : comparableUrl(source);
  if (fromSource !== undefined) out.push(fromSource);
  const named = catalogHostName(value, undefined);
  if (named !== undefined) out.push(`https://${named.host}/.well-known/ai-catalog.json`);
  return out;
}
