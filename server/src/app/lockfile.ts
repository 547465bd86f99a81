/**
 * What the front ends share around the lockfile workflows (pin.ts, check.ts, diff.ts, update.ts): a lockfile read
 * and parsed, checked against a profile, the client it is checked with, its card digest and the deterministic text
 * it is written as.
 */
export { parseLockfile, readLockfile } from '../core/lockfile/read';
export { checkLockfile } from '../core/lockfile/check';
export { checkOptionsFor } from '../core/lockfile/checkOptions';
export { clientForLock } from '../core/lockfile/currentProfile';
export { serializeLockfile } from '../core/pin/serialize';
export { cardDigest } from '../core/card/digest';
