/**
 * Leaf helpers the front ends share around the lockfile workflows (pin.ts, check.ts, diff.ts, update.ts): a lockfile
 * read and parsed, its card digest and the deterministic text it is written as. Checking a lockfile is a workflow
 * (check.ts), not assembled here.
 */
export { parseLockfile, readLockfile } from '../core/lockfile/read';
export { serializeLockfile } from '../core/pin/serialize';
export { cardDigest } from '../core/card/digest';
