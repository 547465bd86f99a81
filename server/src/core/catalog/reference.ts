/**
 * Agent references through a catalog: `CATALOG-URL#IDENTIFIER[@VERSION]`. The fragment never reaches the server
 * (a URL's fragment is not sent), so it is free to name an entry; the version is what follows the last `@`, since
 * identifiers such as `urn:air:…` hold colons but no `@`.
 */
import compareVersions from 'semver/functions/compare';
import validVersion from 'semver/functions/valid';
import type { CatalogEntry } from './model';

export interface CatalogReference {
  /** The catalog's URL, without the fragment. */
  readonly catalog: string;
  readonly identifier: string;
  readonly version?: string;
}

/**
 * The catalog reference a string spells, or undefined when it is not one (a plain URL or a path). Only http(s)
 * URLs with a non-empty fragment are references; a file path holding `#` stays a path.
 */
export function parseCatalogReference(text: string): CatalogReference | undefined {
  if (!/^https?:/i.test(text)) return undefined;
  return splitReference(text);
}

/**
 * The reference to an entry of a catalog FILE a string spells, `CATALOG-PATH#IDENTIFIER[@VERSION]` (what a lockfile
 * pinned from a catalog file of the repository names as its `agent`), or undefined: no `#`, nothing before it, or a
 * URL. Whether the text is rather a file whose name holds `#` is the caller's to decide (it can look).
 */
export function parseCatalogFileReference(text: string): CatalogReference | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) return undefined;
  return splitReference(text);
}

function splitReference(text: string): CatalogReference | undefined {
  const hash = text.indexOf('#');
  if (hash <= 0 || hash === text.length - 1) return undefined;
  const fragment = text.slice(hash + 1);
  const at = fragment.lastIndexOf('@');
  const identifier = decodeFragment(at > 0 ? fragment.slice(0, at) : fragment);
  const version = at > 0 && at < fragment.length - 1 ? decodeFragment(fragment.slice(at + 1)) : undefined;
  if (identifier === undefined || (at > 0 && at < fragment.length - 1 && version === undefined)) return undefined;
  if (identifier === '') return undefined;
  return { catalog: text.slice(0, hash), identifier, ...(version !== undefined ? { version } : {}) };
}

/** The reference written back as a string; identifier and version are percent-encoded where they must be. */
export function formatCatalogReference(reference: CatalogReference): string {
  const version = reference.version !== undefined ? `@${encodeFragment(reference.version)}` : '';
  return `${reference.catalog}#${encodeFragment(reference.identifier)}${version}`;
}

/**
 * The entry a reference names among a catalog's entries: with a version, the entry of that identifier and
 * version; without one, the highest semantic version, else the latest `updatedAt`, else the last listed.
 */
export function selectCatalogEntry(
  entries: readonly CatalogEntry[],
  identifier: string,
  version?: string,
): CatalogEntry | undefined {
  const named = entries.filter((entry) => entry.identifier === identifier);
  if (version !== undefined) return named.find((entry) => entry.version === version);
  if (named.length <= 1) return named[0];
  const semantic = named.filter((entry) => entry.version !== undefined && validVersion(entry.version) !== null);
  if (semantic.length > 0)
    return semantic.reduce((best, entry) => (compareVersions(entry.version!, best.version!) > 0 ? entry : best));
  const dated = named.filter((entry) => entry.updatedAt !== undefined && !Number.isNaN(Date.parse(entry.updatedAt)));
  if (dated.length > 0)
    return dated.reduce((best, entry) => (Date.parse(entry.updatedAt!) > Date.parse(best.updatedAt!) ? entry : best));
  return named[named.length - 1];
}

function decodeFragment(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

/**
 * A lone surrogate has no UTF-8 form (encodeURIComponent throws): it is written as U+FFFD, as UTF-8 decoders read
 * it. Characters are matched as code points (`u`), so a surrogate pair (an emoji) is encoded whole.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function encodeFragment(text: string): string {
  return text
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(/[^A-Za-z0-9\-._~:!$&'()*+,;=/?]/gu, (c) => encodeURIComponent(c));
}

/** How a card loaded through a reference was found: the reference resolved, and the entry's card URL if it has one. */
export interface ReferenceVia {
  /** The catalog, the identifier and the version of the entry selected (what a lockfile's `found_via` records). */
  readonly foundVia: CatalogReference;
  /** The card URL the entry named (absent: the card was inline in the catalog). */
  readonly url?: string;
  /** The version asked for was no longer listed and the newest of the identifier was taken instead. */
  readonly replaced?: string;
}

/**
 * The catalog reference a person typed as an agent, or undefined: a reference whose catalog URL names a JSON
 * document (its path ends in `.json`) other than a well-known agent card. Any other URL keeps its old meaning (an
 * agent's base URL or a card URL, whose fragment is dropped), so `https://host/a2a#top` stays a base URL.
 */
export function typedCatalogReference(text: string): CatalogReference | undefined {
  const reference = parseCatalogReference(text);
  if (!reference) return undefined;
  let path: string;
  try {
    path = new URL(reference.catalog).pathname.toLowerCase();
  } catch {
    return undefined;
  }
  const card = path.endsWith('/.well-known/agent-card.json') || path.endsWith('/.well-known/agent.json');
  return path.endsWith('.json') && !card ? reference : undefined;
}
