import { DEFAULT_SETTINGS, type A2ASettings } from '../../protocol';
import { parseBinding } from '../../core/a2a/bindingSpec';
import { isObject } from '../../core/document';
import { resolveSignaturePolicy } from '../../core/signature/policy';
import { restrictedRules } from '../../core/config/restrictedRules';
import { resolveCardSettings } from '../../core/lint';
import type { BindingSupport, ClientConfig, LintSettings, SeveritySetting } from '../../core/types';

/** The editor's settings (a2a.*) as the document analyses read them: normalized, trust-checked, and turned into the core's options. */

const SEVERITIES = new Set<SeveritySetting>(['error', 'warning', 'info', 'hint', 'off']);
const INTERVALS = new Set(['off', 'hourly', 'daily']);

/**
 * In Restricted Mode (or from a client that does not say the workspace is trusted) the repository's configuration
 * may not quieten the rules that protect the reader (core/config/restrictedRules.ts): only the user's own
 * settings (`userRules`) may lower them.
 */
export function forTrust(settings: A2ASettings): A2ASettings {
  if (settings.workspaceTrusted === true) return settings;
  return { ...settings, rules: restrictedRules(settings.rules, settings.userRules) };
}

/** Whatever the client sent (possibly partial, possibly malformed) → complete, typed settings. */
export function normalizeSettings(raw: unknown): A2ASettings {
  const r = asObject(raw);
  const d = DEFAULT_SETTINGS;
  const client = asObject(r.client);
  const files = asObject(r.files);
  const rules: Record<string, SeveritySetting> = {};
  for (const [id, sev] of Object.entries(asObject(r.rules))) {
    if (typeof sev === 'string' && SEVERITIES.has(sev as SeveritySetting)) rules[id] = sev as SeveritySetting;
  }
  const userRules: Record<string, SeveritySetting> = {};
  for (const [id, sev] of Object.entries(asObject(r.userRules))) {
    if (typeof sev === 'string' && SEVERITIES.has(sev as SeveritySetting)) userRules[id] = sev as SeveritySetting;
  }
  const interval = asObject(r.lockfiles).checkInterval;
  // Entries are read (and refused with a reason) when a signature needs them: core/signature/trustEntry.ts.
  // A string is the path of a trust-store file (trustStore.ts reads it when a signature needs it).
  const trustStore: A2ASettings['trustStore'] = typeof r.trustStore === 'string' ? r.trustStore : {};
  if (typeof trustStore !== 'string')
    for (const [k, v] of Object.entries(asObject(r.trustStore)))
      if (k !== '__proto__' && (typeof v === 'string' || isObject(v))) trustStore[k] = v;
  return {
    client: {
      bindings: stringArray(client.bindings) ?? d.client.bindings,
      knownExtensions: stringArray(client.knownExtensions) ?? d.client.knownExtensions,
    },
    rules,
    maxCardBytes: typeof r.maxCardBytes === 'number' && r.maxCardBytes > 0 ? r.maxCardBytes : d.maxCardBytes,
    card: cardSettings(asObject(r.card)),
    files: {
      agentCards: stringArray(files.agentCards) ?? d.files.agentCards,
      lockfiles: stringArray(files.lockfiles) ?? d.files.lockfiles,
      catalogs: stringArray(files.catalogs) ?? d.files.catalogs,
    },
    network: {
      allowedHosts: stringArray(asObject(r.network).allowedHosts) ?? d.network.allowedHosts,
      allowFromWorkspace: networkClasses(asObject(r.network).allowFromWorkspace) ?? d.network.allowFromWorkspace,
    },
    lockfiles: {
      checkInterval:
        typeof interval === 'string' && INTERVALS.has(interval)
          ? (interval as A2ASettings['lockfiles']['checkInterval'])
          : d.lockfiles.checkInterval,
    },
    signatures: signatureSettings(asObject(r.signatures)),
    trustStore,
    // Fail closed: only an explicit `true` from the client allows network access.
    workspaceTrusted: r.workspaceTrusted === true,
    userRules,
  };
}

/** a2a.signatures.policy, with the deprecated a2a.signatures.require: true meaning 'require' (core/signature/policy.ts). */
function signatureSettings(raw: Record<string, unknown>): A2ASettings['signatures'] {
  const policy = resolveSignaturePolicy(raw.policy, raw.require);
  return { policy, require: policy === 'require' };
}

/** a2a.client.bindings → the bindings (core/a2a/bindingSpec.ts); a malformed entry is skipped and handed to `skipped`. */
export function parseBindings(
  list: readonly string[],
  skipped?: (entry: string, error: string) => void,
): BindingSupport[] {
  const out: BindingSupport[] = [];
  for (const entry of list) {
    const parsed = parseBinding(entry);
    if (parsed.ok) out.push(parsed.value);
    else skipped?.(entry, parsed.error);
  }
  return out;
}

/** The client the settings describe (a2a.client.*), as the core's profile compiler and fetchers take it. */
export function clientConfig(s: A2ASettings): ClientConfig {
  return { bindings: parseBindings(s.client.bindings), knownExtensions: s.client.knownExtensions };
}

export function toLintSettings(s: A2ASettings): Partial<LintSettings> {
  return {
    severities: s.rules,
    maxCardBytes: s.maxCardBytes,
    client: clientConfig(s),
    card: resolveCardSettings(s.card),
  };
}

/** a2a.card.*: a bad value takes the default (core/lint.ts resolveCardSettings). */
function cardSettings(card: Record<string, unknown>): A2ASettings['card'] {
  const d = asObject(card.skillDescription);
  const n = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return resolveCardSettings({
    internalOnly: card.internalOnly === true,
    skillDescription: { minLength: n(d.minLength), maxLength: n(d.maxLength) },
  });
}

function asObject(v: unknown): Record<string, unknown> {
  return isObject(v) ? v : {};
}

/** a2a.network.allowFromWorkspace: the known classes; anything else is dropped (narrower, never wider). */
function networkClasses(v: unknown): A2ASettings['network']['allowFromWorkspace'] | undefined {
  const list = stringArray(v);
  return list?.filter((c): c is 'loopback' | 'private' => c === 'loopback' || c === 'private');
}

function stringArray(v: unknown): string[] | undefined {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
}
