/**
 * Read a response body under a byte cap, counted while streaming (raw bytes) AND after decompression
 * (decoded bytes), so neither a 50 MB body nor a gzip bomb can exhaust memory. Memory is bounded by the
 * cap: we stop reading (and destroy the stream) the moment the cap is crossed.
 */
import { brotliDecompressSync, gunzipSync, inflateSync, ZlibOptions } from 'node:zlib';
import { NetError, displayUrl } from './errors';

export interface BodySource {
  [Symbol.asyncIterator](): AsyncIterator<Buffer | Uint8Array>;
  destroy?: (err?: Error) => unknown;
  on?: (event: 'error', listener: () => void) => unknown;
}

/** Stop reading; the abort surfaces as an 'error' event on undici bodies, expected here. */
function stop(body: BodySource): void {
  body.on?.('error', () => undefined);
  body.destroy?.();
}

export async function readCapped(
  body: BodySource,
  url: string,
  maxBytes: number,
  stopWhen?: (soFar: Buffer) => boolean,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  // A manual iterator, not for-await: leaving a for-await early lets the stream's own abort error win.
  const it = body[Symbol.asyncIterator]();
  for (;;) {
    const next = await it.next();
    if (next.done) break;
    total += next.value.length;
    if (total > maxBytes) {
      stop(body);
      throw tooLarge(url, maxBytes, 'while streaming');
    }
    chunks.push(Buffer.from(next.value));
    if (stopWhen && stopWhen(Buffer.concat(chunks))) {
      stop(body);
      break;
    }
  }
  return Buffer.concat(chunks);
}

/** Decode a Content-Encoding; the decoded size is capped by zlib itself (maxOutputLength). */
export function decodeBody(raw: Buffer, encoding: string | undefined, url: string, maxBytes: number): Buffer {
  const codings = (encoding ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'identity');
  let data = raw;
  // Codings are listed in the order applied; undo them in reverse.
  for (const coding of codings.reverse()) {
    const opts: ZlibOptions = { maxOutputLength: maxBytes };
    try {
      if (coding === 'gzip' || coding === 'x-gzip') data = gunzipSync(data, opts);
      else if (coding === 'deflate') data = inflateSync(data, opts);
      else if (coding === 'br') data = brotliDecompressSync(data, { maxOutputLength: maxBytes });
      else throw new NetError('network', url, `${displayUrl(url)}: unsupported content-encoding '${coding}'`);
    } catch (err) {
      if (err instanceof NetError) throw err;
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(url, maxBytes, 'after decompression');
      throw new NetError('network', url, `${displayUrl(url)}: could not decode ${coding} body (${(err as Error).message})`);
    }
  }
  if (data.length > maxBytes) throw tooLarge(url, maxBytes, 'after decompression');
  return data;
}

function tooLarge(url: string, maxBytes: number, when: string): NetError {
  return new NetError('too-large', url, `${displayUrl(url)}: response exceeds the ${maxBytes}-byte limit (${when})`, { limit: maxBytes });
}
