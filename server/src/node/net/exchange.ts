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
import { tooLarge } from './body';

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
  private current: { stop(err: Error): void } | undefined;

  fire(err: Error): void {
    if (this.fired) return;
    this.fired = true;
    this.current?.stop(err);
  }

  /** The exchange in flight registers itself (one at a time: hops are sequential). */
  attach(exchange: { stop(err: Error): void }): void {
    this.current = exchange;
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
  /** Accepted media types of a 2xx answer, for `onHead`. */
  contentTypes?: readonly string[];
  /** Judges the head (throws to refuse it); a plain function of these options, so no closure per request. */
  onHead: (o: ExchangeOptions, status: number, headers: Record<string, string>) => HeadVerdict;
  stopWhen?: (soFar: Buffer) => boolean;
}

/** Bytes of an unwanted (redirect) body drained to keep the connection; beyond this the connection is dropped. */
const DRAIN_LIMIT = 128 * 1024;

export function exchange(dispatcher: Dispatcher, o: ExchangeOptions, cancel: Cancel): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const handler = new ExchangeHandler(o, cancel, resolve, reject);
    if (cancel.fired) {
      handler.finish(new Error('cancelled'));
      return;
    }
    cancel.attach(handler);
    dispatcher.dispatch(
      {
        origin: o.origin,
        path: o.path,
        method: o.method as Dispatcher.HttpMethod,
        headers: o.headers,
        body: o.body,
        headersTimeout: o.timeoutMs,
        bodyTimeout: o.timeoutMs,
      },
      handler,
    );
  });
}

/** One object per exchange (no closures per request): undici's handler, and what a Cancel aborts. */
class ExchangeHandler implements Dispatcher.DispatchHandler {
  private settled = false;
  private controller: Dispatcher.DispatchController | undefined;
  private status = 0;
  private headers: Record<string, string> = {};
  private verdict: HeadVerdict = 'read';
  private chunks: Buffer[] = [];
  private total = 0;

  constructor(
    private readonly o: ExchangeOptions,
    private readonly cancel: Cancel,
    private readonly resolve: (a: Answer) => void,
    private readonly reject: (e: Error) => void,
  ) {}

  finish(err: Error | undefined, answer?: Answer): void {
    if (this.settled) return;
    this.settled = true;
    this.cancel.detach();
    if (err) this.reject(err);
    else this.resolve(answer!);
  }

  /** Settle first, then abort: undici reports the abort through onResponseError, ignored by then. */
  stop(err: Error | undefined, answer?: Answer): void {
    this.finish(err, answer);
    this.controller?.abort(err ?? new Error('response body no longer needed'));
  }

  onRequestStart(c: Dispatcher.DispatchController): void {
    this.controller = c;
    if (this.settled || this.cancel.fired) c.abort(new Error('cancelled'));
  }

  onResponseStart(
    _c: Dispatcher.DispatchController,
    statusCode: number,
    raw: Record<string, string | string[] | undefined>,
  ): void {
    if (this.settled || statusCode < 200) return; // 1xx informational answers precede the real one
    this.status = statusCode;
    this.headers = flatten(raw);
    try {
      this.verdict = this.o.onHead(this.o, statusCode, this.headers);
    } catch (err) {
      this.stop(err as Error);
    }
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    this.total += chunk.length;
    if (this.verdict === 'skip') {
      if (this.total > DRAIN_LIMIT) this.stop(undefined, this.answer(EMPTY));
      return;
    }
    const { maxBytes, url, stopWhen } = this.o;
    if (this.total > maxBytes) {
      this.stop(tooLarge(url, maxBytes, 'while streaming'));
      return;
    }
    // Copy: the chunk may be a view into a buffer undici reuses.
    this.chunks.push(Buffer.from(chunk));
    if (stopWhen) {
      const soFar = Buffer.concat(this.chunks);
      this.chunks = [soFar];
      if (stopWhen(soFar)) this.stop(undefined, this.answer(soFar));
    }
  }

  onResponseEnd(): void {
    const { chunks } = this;
    this.finish(
      undefined,
      this.answer(
        this.verdict === 'skip' || chunks.length === 0
          ? EMPTY
          : chunks.length === 1 && chunks[0]
            ? chunks[0]
            : Buffer.concat(chunks),
      ),
    );
  }

  onResponseError(_c: Dispatcher.DispatchController, err: Error): void {
    this.finish(err);
  }

  private answer(body: Buffer): Answer {
    return { status: this.status, headers: this.headers, body };
  }
}

const EMPTY = Buffer.alloc(0);

function flatten(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in raw) {
    const v = raw[k];
    if (v !== undefined) out[k.toLowerCase()] = typeof v === 'string' ? v : v.join(', ');
  }
  return out;
}
