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
import { parseTrustEntry, type TrustStoreValue } from '../app/live';
import { trustStoreFromKidMap, type TrustStore } from '../app/live';
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
  let map: unknown;
  try {
    map = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new UsageError(`${file}: the trust store is not JSON (expected {"<kid>": <key or entry>, …})`);
  }
  if (map === null || typeof map !== 'object' || Array.isArray(map))
    throw new UsageError(`${file}: the trust store must be a JSON object {"<kid>": <key or entry>, …}`);
  const entries: Record<string, TrustStoreValue> = {};
  for (const [kid, value] of Object.entries(map as Record<string, unknown>)) {
    const parsed = parseTrustEntry(value);
    if (!parsed.ok)
      throw new UsageError(`${file}: entry for kid ${JSON.stringify(kid.slice(0, 100))}: ${parsed.error}`);
    if (kid !== '__proto__') entries[kid] = value as TrustStoreValue;
  }
  return trustStoreFromKidMap(entries, http, `trust store ${file}`);
}
