/**
 * `--trust-store FILE` of `a2acap fetch`: a JSON object mapping each key id (`kid`) to a trust-store entry,
 * the same shape as the editor's `a2a.trustStore` setting (core/signature/trustEntry.ts: JWKS URL, JWK/JWKS,
 * PEM public key or certificate, or {key, notBefore?, notAfter?}). Every entry is read up front, so a bad file
 * is a usage error (exit 2) naming the file and the kid, never quoting the entry (it may hold a key pasted by
 * mistake), instead of a signature quietly left unverified.
 */
import { resolve } from 'node:path';
import type { HttpClient } from '../core/net/http';
import { ioReason } from '../app/text';
import { trustStoreFromText, type TrustStore } from '../app/fetch';
import { readTextSync } from '../node/readText';
import { UsageError } from './io';

/** A trust-store file is a handful of keys: 1 MiB is far beyond any real one. */
const MAX_TRUST_STORE_BYTES = 1024 * 1024;

export function loadTrustStoreFile(file: string, cwd: string, http: HttpClient): TrustStore {
  let text: string;
  try {
    text = readTextSync(resolve(cwd, file), MAX_TRUST_STORE_BYTES);
  } catch (err) {
    throw new UsageError(`${file}: cannot read the trust store (${ioReason(err)})`);
  }
  const read = trustStoreFromText(text, http, `trust store ${file}`);
  if (!read.ok) throw new UsageError(`${file}: ${read.error}`);
  return read.trust;
}
