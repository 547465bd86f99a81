/** What a caller gives either guarded transport (HTTP, gRPC) for one call to an agent's interface. */
import type { AddressClass } from './address';

export interface CallOptions {
  /** e.g. { authorization: 'Bearer …' }; sent only to the interface itself (callers decide which). */
  credentialHeaders?: Record<string, string>;
  /** Interface URLs come from a card: judged by the address policy against the card's origin class. */
  originClass?: AddressClass;
  /** For the whole call. */
  timeoutMs?: number;
  /** Cap for the answer (each message, for gRPC). */
  maxBytes?: number;
  signal?: AbortSignal;
  /** A streamed answer: read all of it (capped) instead of the first event. */
  fullStream?: boolean;
}
