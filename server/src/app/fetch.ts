/**
 * The fetch workflow: an agent's public card fetched under the network policy (cached and revalidated when given a
 * cache), validated, its signatures verified against a trust store, compiled; the extended card asked for with a
 * credential; a card's signatures verified on their own. `a2acap fetch`, the library's fetchCard,
 * fetchExtendedCard and verifySignatures, and the editor's fetches go through here.
 */
import {
  fetchExtendedCard as coreFetchExtendedCard,
  type ExtendedCardOptions,
  type ExtendedCardResult,
} from '../core/fetch/extendedCard';
import { fetchCard as coreFetchCard, type FetchCardOptions, type FetchCardResult } from '../core/fetch/fetchCard';
import { utf8Text } from '../core/bytes/bytes';
import { CardLoadError } from '../core/check/cardLoader';
import { stripBom } from '../core/document';
import { conditionalCardGet } from '../core/fetch/conditionalGet';
import type { HttpClient } from '../core/net/http';
import { withoutUserinfo } from '../core/text/redact';
import type { AddressClass } from '../core/net/address';
import { parseTrustEntry, type TrustStoreValue } from '../core/signature/trustEntry';
import { trustStoreFromKidMap, type TrustStore } from '../core/signature/trustStore';
import { verifyCardSignatures, type SignatureOutcome } from '../core/signature/verify';
import { inspectKey } from '../node/keyInspection';
import { CatalogReferenceError, resolveReference, typedCatalogReference } from './reference';

export type { ExtendedCardResult, FetchCardResult, SignatureOutcome, TrustStore };

export interface FetchRequest extends Omit<FetchCardOptions, 'verify'> {
  /** An origin (its /.well-known/agent-card.json) or a card URL. */
  target: string;
  /** The keys signatures are verified against; without it signatures are not verified. */
  trust?: TrustStore;
}

/**
 * A card's text as served at `url` (one plain GET: no cache), without a byte-order mark; what the MCP tools read
 * before they redact and show it. Network failures and refused addresses reject with a NetError.
 */
export async function fetchCardText(
  http: HttpClient,
  url: string,
  limits: { timeoutMs: number; maxBytes: number },
): Promise<string> {
  const got = await conditionalCardGet(http, url, undefined, limits);
  return stripBom(utf8Text(got.response.body));
}

/** A card's JSON value, or a CardLoadError naming `location` (without userinfo) when the text is not JSON. */
export function cardJson(location: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CardLoadError('card', `${withoutUserinfo(location)}: the card is not valid JSON`);
  }
}

/**
 * A trust store from the text of a trust-store file (`{"<kid>": <key or entry>, …}`, the editor's `a2a.trustStore`
 * shape). Every entry is read up front; an error names the kid, never quotes the entry (it may hold a key pasted by
 * mistake). `name` is how the store's messages name it; JWKS URLs are fetched through `http`.
 */
export function trustStoreFromText(
  text: string,
  http: HttpClient,
  name: string,
): { ok: true; trust: TrustStore } | { ok: false; error: string } {
  let map: unknown;
  try {
    map = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, error: 'the trust store is not JSON (expected {"<kid>": <key or entry>, …})' };
  }
  if (map === null || typeof map !== 'object' || Array.isArray(map))
    return { ok: false, error: 'the trust store must be a JSON object {"<kid>": <key or entry>, …}' };
  const entries: Record<string, TrustStoreValue> = {};
  for (const [kid, value] of Object.entries(map as Record<string, unknown>)) {
    const parsed = parseTrustEntry(value);
    if (!parsed.ok) return { ok: false, error: `entry for kid ${JSON.stringify(kid.slice(0, 100))}: ${parsed.error}` };
    if (kid !== '__proto__') entries[kid] = value as TrustStoreValue;
  }
  return { ok: true, trust: trustStoreFromKidMap(entries, http, name) };
}

/**
 * The card at `target`: a URL (an origin means its well-known card), or a catalog reference resolved first
 * (app/reference.ts), whose entry's URL is then fetched as a URL the catalog handed out ('card' address policy).
 */
export async function fetchCard(request: FetchRequest): Promise<FetchCardResult> {
  const reference = typedCatalogReference(request.target);
  if (!reference) return fetchCardAt(request);
  const network = {
    origin: request.origin ?? 'user',
    allow: request.allow,
    timeoutMs: request.timeoutMs,
    maxBytes: request.maxBytes ?? request.settings?.maxCardBytes,
  };
  const resolved = await resolveReference(request.http, reference, network);
  if (!('url' in resolved.card))
    throw new CatalogReferenceError(
      'not-a2a',
      `${withoutUserinfo(reference.catalog)}: the entry carries its card inline ("data"), so there is no card URL to fetch (pin, diff and check read it through the reference)`,
    );
  return fetchCardAt({ ...request, target: resolved.card.url, origin: 'card', originClass: resolved.catalogClass });
}

function fetchCardAt(request: FetchRequest): Promise<FetchCardResult> {
  const { target, trust, ...options } = request;
  return coreFetchCard(target, {
    ...options,
    verify: trust
      ? (card, context) =>
          verifyCardSignatures(card, {
            inspectKey,
            trust,
            cardUrl: context.url,
            originClass: context.originClass,
            text: context.text,
          })
      : undefined,
  });
}

export type ExtendedRequest = ExtendedCardOptions;

/** The extended card (GetExtendedAgentCard) for a credential, when the public card declares one. */
export function fetchExtendedCard(request: ExtendedRequest): Promise<ExtendedCardResult> {
  return coreFetchExtendedCard(request);
}

export interface VerifyRequest {
  card: unknown;
  trust: TrustStore;
  cardUrl: string;
  originClass?: AddressClass;
  /** The card's text as served (a member given twice is refused). */
  text?: string;
  now?: () => number;
}

/** A card's signatures verified against the trust store, with the platform's key inspection. */
export function verifySignatures(request: VerifyRequest): Promise<SignatureOutcome> {
  const { card, ...options } = request;
  return verifyCardSignatures(card, { ...options, inspectKey });
}
