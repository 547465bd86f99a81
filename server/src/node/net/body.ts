/**
 * Response bodies are capped twice: while streaming (raw bytes, in exchange.ts, which stops reading the moment
 * the cap is crossed) AND after decompression (decoded bytes, here), so neither a 50 MB body nor a gzip bomb
 * can exhaust memory.
 */
import type { ZlibOptions } from 'node:zlib';
import { NetError, displayUrl } from '../../core/net/errors';

/**
 * node:zlib, loaded with the first encoded body: the language server reaches this module from its start, and
 * most of its sessions (and CLI runs) never decode one (test/lsp/startup.test.ts).
 */
const zlib = () => process.getBuiltinModule('node:zlib');

/** Decode a Content-Encoding; the decoded size is capped by zlib itself (maxOutputLength). */
export function decodeBody(raw: Buffer, encoding: string | undefined, url: string, maxBytes: number): Buffer {
  const codings = (encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  let data = raw;
  // Codings are listed in the order applied; undo them in reverse.
  for (const coding of codings.reverse()) {
    const opts: ZlibOptions = { maxOutputLength: maxBytes };
    try {
      if (coding === 'gzip' || coding === 'x-gzip') data = zlib().gunzipSync(data, opts);
      else if (coding === 'deflate') data = zlib().inflateSync(data, opts);
      else if (coding === 'br') data = zlib().brotliDecompressSync(data, { maxOutputLength: maxBytes });
      else throw new NetError('network', url, `${displayUrl(url)}: unsupported content-encoding '${coding}'`);
    } catch (err) {
      if (err instanceof NetError) throw err;
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw tooLarge(url, maxBytes, 'after decompression');
      throw new NetError(
        'network',
        url,
        `${displayUrl(url)}: could not decode ${coding} body (${(err as Error).message})`,
      );
    }
  }
  if (data.length > maxBytes) throw tooLarge(url, maxBytes, 'after decompression');
  return data;
}

/** The one 'too-large' error for a body over the cap, `when` saying at which stage it was seen. */
export function tooLarge(url: string, maxBytes: number, when: string): NetError {
  return new NetError('too-large', url, `${displayUrl(url)}: response exceeds the ${maxBytes}-byte limit (${when})`, {
    limit: maxBytes,
  });
}
