/**
 * `--trust-store FILE` of `a2acap fetch`, `pin`, `check` and `update`: a JSON object mapping each key id (`kid`) to a
 * trust-store entry, the same shape as the editor's `a2a.trustStore` setting (core/signature/trustEntry.ts: JWKS
 * URL, JWK/JWKS, PEM public key or certificate, or {key, notBefore?, notAfter?}), read by the reader the editor uses
 * (app/trustStoreFile.ts). Every entry is read up front, so a bad file is a usage error (exit 2) naming the file and
 * the kid, never quoting the entry (it may hold a key pasted by mistake), instead of a signature quietly left
 * unverified.
 */
import { resolve } from 'node:path';
import type { HttpClient } from '../core/net/http';
import type { TrustStore } from '../app/fetch';
import { trustStoreFromFile } from '../app/trustStoreFile';
import { UsageError } from './io';

async function loadTrustStoreFile(file: string, cwd: string, http: HttpClient): Promise<TrustStore> {
  const read = await trustStoreFromFile(resolve(cwd, file), http, `trust store ${file}`);
  if (!read.ok) throw new UsageError(`${file}: ${read.error}`);
  return read.trust;
}

/** Every `--trust-store` file, read one after the other (the first bad one is the error). */
export async function loadTrustStoreFiles(
  files: readonly string[],
  cwd: string,
  http: HttpClient,
): Promise<TrustStore[]> {
  const out: TrustStore[] = [];
  for (const file of files) out.push(await loadTrustStoreFile(file, cwd, http));
  return out;
}
