/**
 * One HTTP exchange (one hop) on an undici dispatcher, through its handler interface rather than
 * `dispatcher.request()`: no Readable body stream, no async iterator, no AbortSignal per request. For the
 * many small answers of a refresh (mostly 304s with no body) that machinery was a third of the client's
 * cost per request; the limits are the same:
 * - the head is judged first (`onHead`: content type, declared length, redirect) before any body byte is kept;
 * - the body is capped while it streams (raw bytes) and may stop early (`stopWhen`, e.g. the first SSE event);
 * - the caller's `Cancel` aborts the exchange at any point (total deadline, caller's signal), also while the
 *   connection is still being made (the promise settles at once; the request is aborted when it starts).
 */
import type { Dispatcher } from 'undici';
import { NetError, displayUrl } from './errors';

export interface Answer {
  status: number;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  body: Buffer;
}

/** 'read' keeps the body (capped); 'skip' drains it without keeping it (a redirect) so the connection is reused. */
export type HeadVerdict = 'read' | 'skip';

/** Shared by all hops of one request: whoever fires it (deadline, caller) aborts the exchange in flight. */
export class Cancel {
  fired = false;
  private current: ((err: Error) => void) | undefined;

  fire(err: Error): void {
    if (this.fired) return;
    this.fired = true;
    this.current?.(err);
  }

  /** The exchange in flight registers how to abort it (one at a time: hops are sequential). */
  attach(abort: (err: Error) => void): void {
    this.current = abort;
  }

  detach(): void {
    this.current = undefined;
  }
}

export interface ExchangeOptions {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  timeoutMs: number;
  maxBytes: number;
  /** The URL shown in errors. */
  url: string;
  onHead: (status: number, headers: Record<string, string>) => HeadVerdict;
  stopWhen?: (soFar: Buffer) => boolean;
}

/** Bytes of an unwanted (redirect) body drained to keep the connection; beyond this the connection is dropped. */
const DRAIN_LIMIT = 128 * 1024;

export function exchange(dispatcher: Dispatcher, o: ExchangeOptions, cancel: Cancel): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    let controller: Dispatcher.DispatchController | undefined;
    let status = 0;
    let headers: Record<string, string> = {};
    let verdict: HeadVerdict = 'read';
    let chunks: Buffer[] = [];
    let total = 0;
    const finish = (err: Error | undefined, answer?: Answer): void => {
      if (settled) return;
      settled = true;
      cancel.detach();
      if (err) reject(err);
      else resolve(answer!);
    };
    /** Settle first, then abort: undici reports the abort through onResponseError, ignored by then. */
    const stop = (err: Error | undefined, answer?: Answer): void => {
      finish(err, answer);
      controller?.abort(err ?? new Error('response body no longer needed'));
    };
    cancel.attach((err) => stop(err));
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (settled || cancel.fired) c.abort(new Error('cancelled'));
      },
      onResponseStart(_c, statusCode, raw) {
        if (settled || statusCode < 200) return; // 1xx informational answers precede the real one
        status = statusCode;
        headers = flatten(raw);
        try {
          verdict = o.onHead(status, headers);
        } catch (err) {
          stop(err as Error);
        }
      },
      onResponseData(_c, chunk) {
        if (settled) return;
        total += chunk.length;
        if (verdict === 'skip') {
          if (total > DRAIN_LIMIT) stop(undefined, { status, headers, body: Buffer.alloc(0) });
          return;
        }
        if (total > o.maxBytes) {
          stop(new NetError('too-large', o.url, `${displayUrl(o.url)}: response exceeds the ${o.maxBytes}-byte limit (while streaming)`, { limit: o.maxBytes }));
          return;
        }
        // Copy: the chunk may be a view into a buffer undici reuses.
        chunks.push(Buffer.from(chunk));
        if (o.stopWhen) {
          const soFar = Buffer.concat(chunks);
          chunks = [soFar];
          if (o.stopWhen(soFar)) stop(undefined, { status, headers, body: soFar });
        }
      },
      onResponseEnd() {
        finish(undefined, { status, headers, body: verdict === 'skip' || chunks.length === 0 ? Buffer.alloc(0) : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
      },
      onResponseError(_c, err) {
        finish(err);
      },
    };
    if (cancel.fired) {
      finish(new Error('cancelled'));
      return;
    }
    dispatcher.dispatch({
      origin: o.origin,
      path: o.path,
      method: o.method as Dispatcher.HttpMethod,
      headers: o.headers,
      body: o.body,
      headersTimeout: o.timeoutMs,
      bodyTimeout: o.timeoutMs,
    }, handler);
  });
}

function flatten(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in raw) {
    const v = raw[k];
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}
