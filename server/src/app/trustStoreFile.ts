/**
 * A trust store from a file (`--trust-store FILE`, the editor's `a2a.trustStore` path): the node layer's one bounded
 * reader (node/trustStoreFile.ts), then the one parser (fetch.ts trustStoreFromText). The CLI reads each file once
 * per run; the editor passes its kept files so an unchanged file is not read again.
 */
import type { HttpClient } from '../core/net/http';
import type { TrustStore } from '../core/signature/trustStore';
import { readTrustStoreFile, type TrustStoreFiles } from '../node/trustStoreFile';
import { trustStoreFromText } from './fetch';

export { createTrustStoreFiles, type TrustStoreFiles } from '../node/trustStoreFile';

export type TrustStoreRead = { ok: true; trust: TrustStore } | { ok: false; error: string };

/**
 * The trust store in the file at `path` (absolute, or resolved by the caller); `name` is how its messages name it.
 * An error is one phrase without the file's content (it may hold a key pasted by mistake).
 */
export async function trustStoreFromFile(
  path: string,
  http: HttpClient,
  name: string,
  files?: TrustStoreFiles,
): Promise<TrustStoreRead> {
  const read = files ? await files.read(path) : await readTrustStoreFile(path);
  if (!read.ok) return read;
  return trustStoreFromText(read.text, http, name);
}
