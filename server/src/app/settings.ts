/**
 * What a front end resolves its settings with: the client (bindings, extensions), the size limit, the card
 * settings and the network allowance, with their defaults.
 */
import { parseBinding } from '../core/a2a/bindingSpec';
import { DEFAULT_CLIENT, type ClientConfig } from '../core/types';

export { parseBinding };
export { DEFAULT_MAX_CARD_BYTES, resolveCardSettings, resolveSettings } from '../core/lint';
export {
  DEFAULT_CLIENT,
  type BindingSupport,
  type CardSettings,
  type ClientConfig,
  type CompiledProfile,
  type Finding,
  type LintSettings,
  type Lockfile,
  type SecurityAlternative,
  type Severity,
  type SeveritySetting,
} from '../core/types';
export { ALLOW_NETWORK_ENV, mergeAllowances, parseNetworkAllowance } from '../core/net/allowance';

/** What a front end was given for its client: binding specs ("JSONRPC@1.0") and extension URIs, each optional. */
export interface ClientInput {
  bindings?: readonly string[];
  knownExtensions?: readonly string[];
}

/**
 * The client a front end runs with: what it was given, else what `base` says (a project configuration's client),
 * else the default client. A malformed binding spec is the error, as "SPEC: why" (the front end says which input).
 */
export function resolveClient(
  input: { bindings?: undefined; knownExtensions?: readonly string[] },
  base?: Partial<ClientConfig>,
): { ok: true; client: ClientConfig };
export function resolveClient(
  input: ClientInput,
  base?: Partial<ClientConfig>,
): { ok: true; client: ClientConfig } | { ok: false; error: string };
export function resolveClient(
  input: ClientInput,
  base: Partial<ClientConfig> = {},
): { ok: true; client: ClientConfig } | { ok: false; error: string } {
  if (!input.bindings && !input.knownExtensions && !base.bindings && !base.knownExtensions)
    return { ok: true, client: DEFAULT_CLIENT };
  const bindings = [];
  for (const spec of input.bindings ?? []) {
    const parsed = parseBinding(spec);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    bindings.push(parsed.value);
  }
  return {
    ok: true,
    client: {
      bindings: input.bindings ? bindings : (base.bindings ?? DEFAULT_CLIENT.bindings),
      knownExtensions: [...(input.knownExtensions ?? base.knownExtensions ?? DEFAULT_CLIENT.knownExtensions)],
    },
  };
}
export { parseTargets, REGISTRY_TARGETS } from '../core/registry/targets';
