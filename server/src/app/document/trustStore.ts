/**
 * The editor's trust root: a2a.trustStore, either the keys themselves (`{kid: entry}`) or the absolute path of a
 * trust-store file in the format `a2acap --trust-store FILE` reads (one file for CI and the editor). The setting is
 * machine-scoped (package.json), so a workspace's settings never name the keys a card is verified against; the fetch,
 * the pin (which records the verified `signing_key`) and the lockfile check (which compares it) all take it from here.
 */
import { isAbsolute } from 'node:path';
import type { HttpClient } from '../../core/net/http';
import type { SignaturePolicy } from '../../core/signature/policy';
import { trustStoreFromKidMap, type TrustStore } from '../../core/signature/trustStore';
import type { A2ASettings } from '../../protocol';
import { signingCheck } from '../signingKey';
import { createTrustStoreFiles, trustStoreFromFile } from '../trustStoreFile';

export type EditorTrust = { ok: true; trust: TrustStore } | { ok: false; error: string } | undefined;

/**
 * The trust-store files the settings have named, kept for the server's life: each use of an unchanged file costs a
 * stat, an edited or replaced one is read again.
 */
const files = createTrustStoreFiles();

/** The trust store the settings name; undefined when they name none (an empty map or an empty path). */
export async function editorTrustStore(
  settings: Pick<A2ASettings, 'trustStore'>,
  http: HttpClient,
): Promise<EditorTrust> {
  const setting = settings.trustStore;
  if (typeof setting !== 'string')
    return Object.keys(setting).length === 0 ? undefined : { ok: true, trust: trustStoreFromKidMap(setting, http) };
  if (setting.trim() === '') return undefined;
  if (!isAbsolute(setting))
    return { ok: false, error: 'a2a.trustStore: the path of a trust-store file must be absolute' };
  const read = await trustStoreFromFile(setting, http, 'a2a.trustStore', files);
  return read.ok ? read : { ok: false, error: `a2a.trustStore: ${read.error}` };
}

/**
 * The lockfile check's signing option (as `check --trust-store --signature-policy`): none without a trust store, so
 * a lockfile's pinned key is reported as not checked, exactly as before. A trust store that cannot be read leaves
 * every pinned key unverified, with the reason, rather than quietly unchecked.
 */
export function editorSigningCheck(
  trust: EditorTrust,
  policy: SignaturePolicy,
): ReturnType<typeof signingCheck> | undefined {
  if (trust === undefined) return undefined;
  if (trust.ok) return signingCheck(trust.trust, policy);
  const detail = trust.error;
  return { verify: async () => ({ state: 'unverified', detail }), policy };
}
