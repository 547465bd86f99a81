/**
 * What a front end resolves its settings with: the client (bindings, extensions), the size limit, the card
 * settings and the network allowance, with their defaults.
 */
export { parseBinding } from '../core/a2a/bindingSpec';
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
