/**
 * Fetch a public agent card: from a base URL (→ /.well-known/agent-card.json) or a card URL, through the
 * guarded HTTP client, with conditional requests and a cache. The card is validated (size, JSON, schema and
 * rules via lintDocument, signatures under the signature policy) BEFORE it is compiled: a malformed card, or one
 * whose signature the policy refuses, never yields a profile.
 */
import { lintDocument, resolveCardSettings, type LintResult } from '../lint';
import { internalHost } from '../net/internalHost';
import { compileProfile } from '../profile/compile';
import type { ClientConfig, CompiledProfile, Finding, LintSettings } from '../types';
import type { AddressClass } from '../net/address';
import type { HttpClient } from '../net/http';
import type { NetworkAllowance, UrlOrigin } from '../net/policy';
import { cardUrlFor } from './cardUrl';
import { entryAfterNotModified, entryFromDownload } from '../cache/cardTextEntry';
import { conditionalCardGet } from './conditionalGet';
import { resolveSignaturePolicy, signatureFinding, type SignaturePolicy } from '../signature/policy';
import type { CardCacheEntry, CardTextCache } from '../cache/cardText';
import type { Validators } from '../cache/types';

/** Re-exported for existing callers; cardUrl.ts is the one implementation of base URL → card URL. */
export { cardUrlFor, WELL_KNOWN_PATH } from './cardUrl';

/** Re-exported: cache/cardTextEntry.ts decides what the card cache stores. */
export { DEFAULT_TTL_SECONDS } from '../cache/cardTextEntry';

/** The outcome of signature verification, as fetchCard needs it (see signature/verify.ts). */
export interface SignatureReport {
  outcome: 'verified' | 'unverifiable' | 'invalid';
  /** Why, in one line (e.g. which key verified, or which canonicalization variant). */
  detail: string;
  kid?: string;
  reason?: string;
}

export interface FetchCardOptions {
  http: HttpClient;
  cache?: CardTextCache;
  /** Epoch ms; injected for tests. */
  now?: () => number;
  defaultTtlSeconds?: number;
  /** Revalidate even when the cached copy is fresh. */
  revalidate?: boolean;
  origin?: UrlOrigin;
  originClass?: AddressClass;
  /** For 'repository' URLs (a lockfile's agent): the address classes beyond public the run allows. */
  allow?: NetworkAllowance;
  timeoutMs?: number;
  maxBytes?: number;
  settings?: Partial<LintSettings>;
  client?: ClientConfig;
  /** Verify signatures (signature/verify.ts wired by the caller with its trust store). */
  verify?: (
    card: unknown,
    context: { url: string; originClass: AddressClass | undefined; text: string },
  ) => Promise<SignatureReport>;
  /** Which signature outcome makes the card invalid (signature/policy.ts). Default verify-if-present. */
  signaturePolicy?: SignaturePolicy;
  /** Deprecated alias of signaturePolicy 'require' (wins when true). */
  requireSigned?: boolean;
  signal?: AbortSignal;
}

export interface FetchCardResult {
  /** fetched: a 200; not-modified: a 304 confirmed the cached copy; cached: fresh cache hit, no request. */
  status: 'fetched' | 'not-modified' | 'cached';
  url: string;
  card: unknown;
  text: string;
  validators: Validators;
  maxAgeSeconds: number;
  /** ISO time of the fetch or revalidation the card comes from. */
  fetchedAt: string;
  findings: Finding[];
  /** No error-severity finding and (when required) a verified signature. */
  valid: boolean;
  signature?: SignatureReport;
  /** Present only when the card is valid. */
  profile?: CompiledProfile;
  /** Address class of the card's origin: the context for URLs the card hands out (interfaces, jku). */
  originClass?: AddressClass;
}

export async function fetchCard(target: string, opts: FetchCardOptions): Promise<FetchCardResult> {
  const url = cardUrlFor(target);
  const now = opts.now ?? Date.now;
  const cached = await opts.cache?.get(url);
  if (cached && !opts.revalidate && now() < cached.fetchedAt + cached.maxAgeSeconds * 1000) {
    return finish('cached', cached, cached.originClass, opts);
  }
  const got = await conditionalCardGet(opts.http, url, cached?.validators, opts);
  const res = got.response;
  if (got.status === 'not-modified' && cached) {
    const { entry, store } = entryAfterNotModified(cached, res, now(), opts.defaultTtlSeconds);
    if (store) await opts.cache?.set(url, entry);
    return finish('not-modified', entry, res.originClass, opts);
  }
  const { entry, store } = entryFromDownload(url, res, now(), opts.defaultTtlSeconds);
  if (store) await opts.cache?.set(url, entry);
  return finish('fetched', entry, res.originClass, opts);
}

/** What lint and compile made of one card text under one configuration (see analysisOf). */
interface Analysis {
  text: string;
  key: string;
  lint: LintResult;
  profile?: CompiledProfile;
}

/** Card URLs whose last analysis is remembered: far more agents than a live view or a probe run shows. */
const MAX_ANALYSES = 1024;
const analyses = new Map<string, Analysis>();

/**
 * Lint (and later compile) of the card text, remembered per URL: a fresh cache hit or a 304 serves the very text
 * linted last time, and linting it again cost more than the revalidation itself (bench/live.bench.ts). Keyed by
 * the text and by everything lint and compile depend on (settings, size limit, client); signatures are verified
 * on every call, since the trust store and the clock may have changed.
 */
function analysisOf(entry: CardCacheEntry, opts: FetchCardOptions): Analysis {
  const key = JSON.stringify([opts.settings ?? null, opts.maxBytes ?? null, opts.client ?? null]);
  const hit = analyses.get(entry.url);
  if (hit && hit.key === key && hit.text === entry.text) return hit;
  const lint = lintDocument(entry.text, { kind: 'card', settings: lintSettingsOf(opts, entry.url) });
  const analysis: Analysis = { text: entry.text, key, lint };
  analyses.delete(entry.url);
  if (analyses.size >= MAX_ANALYSES) analyses.delete(analyses.keys().next().value!);
  analyses.set(entry.url, analysis);
  return analysis;
}

/**
 * The settings the card is linted with: the caller's, with its client and size limit. One client for lint and
 * compile: its bindings and extensions decide no-supported-interface and required-extension-unsupported too.
 */
function lintSettingsOf(opts: FetchCardOptions, cardUrl: string): Partial<LintSettings> {
  const client = clientOf(opts);
  const card = servedInside(cardUrl)
    ? { card: { ...resolveCardSettings(opts.settings?.card), internalOnly: true } }
    : {};
  return {
    ...opts.settings,
    ...(client ? { client } : {}),
    ...(opts.maxBytes ? { maxCardBytes: opts.maxBytes } : {}),
    ...card,
  };
}

/** A card served from an internal address is served inside the network: internal addresses in it are expected. */
export function servedInside(cardUrl: string): boolean {
  try {
    return internalHost(new URL(cardUrl).hostname) !== undefined;
  } catch {
    return false;
  }
}

function clientOf(opts: FetchCardOptions): ClientConfig | undefined {
  return opts.client ?? opts.settings?.client;
}

async function finish(
  status: FetchCardResult['status'],
  entry: CardCacheEntry,
  originClass: AddressClass | undefined,
  opts: FetchCardOptions,
): Promise<FetchCardResult> {
  const analysis = analysisOf(entry, opts);
  const lint = analysis.lint;
  // A fresh array per result: the signature check below may add to it, and callers may too.
  const findings = lint.findings.slice();
  let valid = lint.value !== undefined && !lint.tooLarge && !findings.some((f) => f.severity === 'error');
  let signature: SignatureReport | undefined;
  const policy = resolveSignaturePolicy(opts.signaturePolicy, opts.requireSigned);
  if (valid && policy !== 'off') {
    if (opts.verify) signature = await opts.verify(lint.value, { url: entry.url, originClass, text: entry.text });
    const refused = signatureFinding(policy, signature);
    if (refused) {
      valid = false;
      findings.push(refused);
    }
  }
  return {
    status,
    url: entry.url,
    card: lint.value,
    text: entry.text,
    validators: entry.validators,
    maxAgeSeconds: entry.maxAgeSeconds,
    fetchedAt: new Date(entry.fetchedAt).toISOString(),
    findings,
    valid,
    ...(signature ? { signature } : {}),
    ...(valid ? { profile: (analysis.profile ??= compileProfile(lint.value, clientOf(opts))) } : {}),
    ...(originClass ? { originClass } : {}),
  };
}
