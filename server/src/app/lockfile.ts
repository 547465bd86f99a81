/**
 * Lockfiles: read, load, check against a profile, the pinned vs the current profile (update, diff), re-pin and
 * the deterministic text a lockfile is written as.
 */
export * from '../core/lockfile/read';
export * from '../core/lockfile/currentProfile';
export * from '../core/lockfile/checkOptions';
export * from '../core/lockfile/load';
export * from '../core/lockfile/index';
export * from '../core/lockfile/check';
export * from '../core/pin/serialize';
export * from '../core/pin/repin';
export * from '../core/pin/pinnedVsCurrent';
export * from '../core/pin/errors';
export * from '../core/card/digest';
