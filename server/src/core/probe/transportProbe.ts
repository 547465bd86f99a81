/**
 * Transport security of the card's interfaces, one result per interface URL (`transport-security:URL`):
 * HTTPS, and on HTTPS a Strict-Transport-Security header with a positive max-age (read from one GET of the
 * interface URL: safe, no body sent, no redirect followed, the answer's body not read). A note says when an interface's host differs from
 * the card's host: gateways do this legitimately, but a reviewer should know which host receives the messages.
 *
 * Loopback is exempt, judged on the host AS WRITTEN in the card (`localhost`, `*.localhost`, 127.0.0.0/8,
 * ::1): such an interface is local testing and gets `skipped` with a note. A NAME that merely resolves to
 * loopback here is judged like a public host, since the card hands that name to clients elsewhere; this is
 * also how tests exercise the public-host verdicts on 127.0.0.1 (a test name resolved to loopback, over TLS).
 */
import type { HttpClient } from '../net/http';
import type { AddressClass } from '../net/address';
import { classifyAddress } from '../net/address';
import { displayUrl } from '../net/errors';
import { cacheDirectives } from '../cache/cacheControl';
import type { ProbeOutcome, ProbeResult } from './types';

export interface TransportContext {
  http: HttpClient;
  cardUrl: string;
  card: Record<string, unknown>;
  now: () => number;
  run: <T>(fn: () => Promise<T>) => Promise<T>;
  originClass?: AddressClass;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A card lists a handful of interfaces; a hostile one could list thousands. */
export const MAX_TRANSPORT_PROBES = 8;
const CLAIM = 'the interface is served over HTTPS with Strict-Transport-Security';

export function isLoopbackAsWritten(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return classifyAddress(host) === 'loopback';
}

/** The interface URLs worth a transport check: distinct http(s) URLs, in card order, at most MAX_TRANSPORT_PROBES. */
export function interfaceUrls(card: Record<string, unknown>): { urls: string[]; others: number } {
  const list = Array.isArray(card.supportedInterfaces) ? (card.supportedInterfaces as Record<string, unknown>[]) : [];
  const all = [...new Set(list.map((i) => i?.url).filter((u): u is string => typeof u === 'string' && u !== ''))];
  return { urls: all.slice(0, MAX_TRANSPORT_PROBES), others: Math.max(0, all.length - MAX_TRANSPORT_PROBES) };
}

/** A positive HSTS max-age, or why not. */
export function judgeHsts(value: string | undefined): { ok: boolean; detail: string } {
  if (value === undefined || value.trim() === '')
    return {
      ok: false,
      detail:
        'no Strict-Transport-Security header: a client that once follows an http:// link to this host can be downgraded to plain HTTP',
    };
  const d = cacheDirectives(value.replace(/;/g, ','));
  const maxAge = d.get('max-age');
  if (maxAge === undefined || !/^\d{1,10}$/.test(maxAge))
    return {
      ok: false,
      detail: `Strict-Transport-Security ${JSON.stringify(value.slice(0, 120))} has no valid max-age`,
    };
  if (Number(maxAge) === 0) return { ok: false, detail: 'Strict-Transport-Security max-age=0 switches HSTS off' };
  return {
    ok: true,
    detail: `Strict-Transport-Security max-age=${maxAge}${d.has('includesubdomains') ? '; includeSubDomains' : ''}`,
  };
}

export async function transportProbe(ctx: TransportContext): Promise<ProbeResult[]> {
  const { urls, others } = interfaceUrls(ctx.card);
  const out: ProbeResult[] = [];
  for (const url of urls) out.push(await oneInterface(ctx, url));
  if (others > 0) {
    out.push({
      probe: 'transport-security',
      claim: CLAIM,
      outcome: 'skipped',
      detail: `${others} more interface URL(s) not checked (at most ${MAX_TRANSPORT_PROBES} per probe run)`,
      at: new Date(ctx.now()).toISOString(),
    });
  }
  return out;
}

async function oneInterface(ctx: TransportContext, raw: string): Promise<ProbeResult> {
  const at = new Date(ctx.now()).toISOString();
  const url = httpUrl(raw);
  // A gRPC interface may be a bare host:port (facts §2): named as written, without anything after the authority.
  const shown = url
    ? displayUrl(url)
    : (raw
        .replace(/^[^@/]*@/, '')
        .split(/[/?#]/)[0]
        ?.slice(0, 200) ?? '');
  const done = (outcome: ProbeOutcome, detail: string): ProbeResult => ({
    probe: `transport-security:${shown}`,
    claim: CLAIM,
    outcome,
    detail,
    at,
  });
  if (!url)
    return done(
      'skipped',
      'not an http(s) URL (a gRPC host:port, for instance): HTTPS and HSTS are checked on http(s) URLs only',
    );
  const note = hostNote(ctx.cardUrl, url);
  if (isLoopbackAsWritten(url.hostname))
    return done('skipped', `a loopback host (local testing): HTTPS and HSTS are not expected${note}`);
  if (url.protocol === 'http:')
    return done(
      'refuted',
      `plain HTTP: messages and credentials travel unencrypted and can be altered on the way${note}`,
    );
  try {
    const res = await ctx.run(() =>
      ctx.http.request(raw, {
        method: 'GET',
        origin: 'card',
        originClass: ctx.originClass,
        headers: { accept: 'application/json' },
        maxRedirects: 0,
        maxBytes: 64 * 1024,
        stopWhen: () => true,
        timeoutMs: ctx.timeoutMs,
        signal: ctx.signal,
      }),
    );
    const hsts = judgeHsts(res.headers['strict-transport-security']);
    return done(hsts.ok ? 'verified' : 'refuted', `HTTPS; ${hsts.detail}${note}`);
  } catch (err) {
    return done('error', `${(err instanceof Error ? err.message : String(err)).split('\n')[0]}${note}`);
  }
}

function httpUrl(raw: string): URL | undefined {
  if (!/^https?:\/\//i.test(raw)) return undefined;
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

function hostNote(cardUrl: string, iface: URL): string {
  let cardHost: string;
  try {
    cardHost = new URL(cardUrl).hostname.toLowerCase();
  } catch {
    return '';
  }
  const host = iface.hostname.toLowerCase();
  return host === cardHost
    ? ''
    : ` (note: the interface host ${host} differs from the card's host ${cardHost}; gateways do this, but the messages go to ${host})`;
}
