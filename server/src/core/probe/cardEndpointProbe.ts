/**
 * How well the card endpoint refreshes (A2A §8.6): two GETs of the card URL, the second conditional, through
 * the same conditional GET the card fetcher and lockfile checks use. Three results:
 * - card-media-type: served as application/json or application/a2a+json;
 * - card-cache-control: Cache-Control present, max-age a number of seconds, and not no-store (a public card
 *   nobody may keep is downloaded in full by every client, every time);
 * - card-revalidation: ETag or Last-Modified served, and a conditional request answered 304. Without either,
 *   every refresh downloads the card again and lockfile checks cannot ask "has it changed?" cheaply.
 */
import type { HttpClient, HttpResponse } from '../net/http';
import type { NetworkAllowance, UrlOrigin } from '../net/policy';
import { displayUrl } from '../net/errors';
import { cacheDirectives, validatorsOf } from '../cache/cacheControl';
import { conditionalCardGet } from '../fetch/conditionalGet';
import type { ProbeOutcome, ProbeResult } from './types';
import { firstLine } from './probeResult';

export interface CardEndpointContext {
  http: HttpClient;
  cardUrl: string;
  now: () => number;
  /** Paces the two requests with the agent's other probe calls. */
  run: <T>(fn: () => Promise<T>) => Promise<T>;
  origin?: UrlOrigin;
  allow?: NetworkAllowance;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The media types A2A names for a card (§8.2, §11.1). */
const CARD_MEDIA_TYPES = ['application/json', 'application/a2a+json'];

const CLAIMS = {
  'card-media-type': 'the card is served as application/json or application/a2a+json',
  'card-cache-control': 'the card says how long it may be cached (Cache-Control max-age)',
  'card-revalidation': 'the card can be revalidated (ETag or Last-Modified, and 304 to a conditional request)',
} as const;
type EndpointProbe = keyof typeof CLAIMS;

export async function cardEndpointProbe(ctx: CardEndpointContext): Promise<ProbeResult[]> {
  const at = (): string => new Date(ctx.now()).toISOString();
  const result = (probe: EndpointProbe, outcome: ProbeOutcome, detail: string): ProbeResult => ({
    probe,
    claim: CLAIMS[probe],
    outcome,
    detail,
    at: at(),
  });
  const opts = { origin: ctx.origin, allow: ctx.allow, timeoutMs: ctx.timeoutMs, signal: ctx.signal };
  let first: HttpResponse;
  try {
    first = (await ctx.run(() => conditionalCardGet(ctx.http, ctx.cardUrl, undefined, opts))).response;
  } catch (err) {
    const why = firstLine(err);
    return (Object.keys(CLAIMS) as EndpointProbe[]).map((p) =>
      result(p, 'error', `GET ${displayUrl(ctx.cardUrl)}: ${why}`),
    );
  }
  const [mediaOutcome, mediaDetail] = judgeMediaType(first.headers['content-type']);
  const [cacheOutcome, cacheDetail] = judgeCacheControl(first.headers['cache-control']);
  return [
    result('card-media-type', mediaOutcome, mediaDetail),
    result('card-cache-control', cacheOutcome, cacheDetail),
    await revalidation(ctx, first, opts, (o, d) => result('card-revalidation', o, d)),
  ];
}

export function judgeMediaType(contentType: string | undefined): [ProbeOutcome, string] {
  const essence = ((contentType ?? '').split(';')[0] ?? '').trim().toLowerCase();
  if (CARD_MEDIA_TYPES.includes(essence)) return ['verified', `Content-Type: ${essence}`];
  return [
    'refuted',
    `Content-Type is ${essence ? JSON.stringify(essence) : 'missing'}; A2A clients expect ${CARD_MEDIA_TYPES.join(' or ')}, and strict ones refuse anything else`,
  ];
}

export function judgeCacheControl(value: string | undefined): [ProbeOutcome, string] {
  if (value === undefined || value.trim() === '')
    return [
      'refuted',
      'no Cache-Control header: each client guesses how long to keep the card (A2A §8.6 asks for max-age)',
    ];
  const shown = JSON.stringify(value.slice(0, 120));
  const d = cacheDirectives(value);
  if (d.has('no-store'))
    return [
      'refuted',
      `Cache-Control ${shown} says no-store: on a public card this makes every client download it in full on every use`,
    ];
  if (d.has('no-cache'))
    return ['verified', `Cache-Control ${shown}: clients keep the card and revalidate it before each use`];
  if (!d.has('max-age'))
    return ['refuted', `Cache-Control ${shown} has no max-age: each client guesses how long to keep the card`];
  const raw = d.get('max-age') ?? '';
  if (!/^\d{1,10}$/.test(raw))
    return [
      'refuted',
      `Cache-Control ${shown}: max-age ${JSON.stringify(raw.slice(0, 40))} is not a number of seconds, so clients ignore it`,
    ];
  return [
    'verified',
    `Cache-Control ${shown}: clients may keep the card ${duration(Number(raw))}${d.has('private') ? ' (private: shared caches may not)' : ''}`,
  ];
}

async function revalidation(
  ctx: CardEndpointContext,
  first: HttpResponse,
  opts: Parameters<typeof conditionalCardGet>[3],
  result: (outcome: ProbeOutcome, detail: string) => ProbeResult,
): Promise<ProbeResult> {
  const validators = validatorsOf(first.headers);
  if (!validators.etag && !validators.lastModified) {
    return result(
      'refuted',
      "no ETag and no Last-Modified: every refresh is a full download, and lockfile checks cannot revalidate this agent's card with a conditional request",
    );
  }
  // Header values as the agent sent them (cut short): every output escapes agent text at its sink.
  const sent = [
    validators.etag ? `If-None-Match ${validators.etag.slice(0, 80)}` : '',
    validators.lastModified ? `If-Modified-Since ${validators.lastModified.slice(0, 40)}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  try {
    const again = await ctx.run(() => conditionalCardGet(ctx.http, ctx.cardUrl, validators, opts));
    if (again.status === 'not-modified') return result('verified', `${sent} answered 304 Not Modified`);
    return result(
      'refuted',
      `${sent} answered ${again.response.status} with the whole card again: the validators are served but not honoured, so every refresh is a full download`,
    );
  } catch (err) {
    return result('error', `the conditional GET failed: ${firstLine(err)}`);
  }
}

function duration(seconds: number): string {
  if (seconds === 0) return 'for 0 s (revalidated before each use)';
  if (seconds % 86_400 === 0) return `for ${seconds / 86_400} d`;
  if (seconds % 3600 === 0) return `for ${seconds / 3600} h`;
  if (seconds % 60 === 0) return `for ${seconds / 60} min`;
  return `for ${seconds} s`;
}
