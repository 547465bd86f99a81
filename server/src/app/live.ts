/**
 * What the front ends share around the live workflows (fetch.ts, probe.ts, send.ts): trust stores and signature
 * policies resolved from their input, where a card comes from (a URL or a file), and the card source pieces the MCP
 * tools guard. The caches and stale markers a caller holds are made by the world (world.ts).
 */
export {
  combineTrustStores,
  createTrustStore,
  trustStoreFromKidMap,
  type JwksDocument,
  type TrustEntry,
  type TrustStore,
} from '../core/signature/trustStore';
export { SIGNATURE_POLICY_NAMES, resolveSignaturePolicy, type SignaturePolicy } from '../core/signature/policy';
export { cardUrlFor } from '../core/fetch/cardUrl';
export { classifyAddress, type AddressClass } from '../core/net/address';
export type { CardLoader } from '../core/check/cardLoader';
export { isHttpLocation, isOtherUrl } from '../core/check/cardSources';
