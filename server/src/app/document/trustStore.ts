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
import { ioReason } from '../../core/text/ioReason';
import { readTextSync } from '../../node/readText';
import type { A2ASettings } from '../../protocol';
import { trustStoreFromText } from '../fetch';
import { signingCheck } from '../signingKey';

/** A trust-store file is a handful of keys: 1 MiB is far beyond any real one (the CLI's limit too). */
const MAX_TRUST_STORE_BYTES = 1024 * 1024;

export type EditorTrust = { ok: true; trust: TrustStore } | { ok: false; error: string } | undefined;

/** The trust store the settings name; undefined when they name none (an empty map or an empty path). */
export function editorTrustStore(settings: Pick<A2ASettings, 'trustStore'>, http: HttpClient): EditorTrust {
  const setting = settings.trustStore;
  if (typeof setting !== 'string')
    return Object.keys(setting).length === 0 ? undefined : { ok: true, trust: trustStoreFromKidMap(setting, http) };
  if (setting.trim() === '') return undefined;
  if (!isAbsolute(setting))
    return { ok: false, error: 'a2a.trustStore: the path of a trust-store file must be absolute' };
  let text: string;
  try {
    text = readTextSync(setting, MAX_TRUST_STORE_BYTES);
  } catch (err) {
    return { ok: false, error: `a2a.trustStore: cannot read the trust-store file (${ioReason(err)})` };
  }
  const read = trustStoreFromText(text, http, 'a2a.trustStore');
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
