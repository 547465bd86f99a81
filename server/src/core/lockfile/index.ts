/** The lockfile API used by the CLI, the language server and the pin/refresh commands. */
export { readLockfile, parseLockfile, lineColumn } from './read';
export type { LockfileRead, LockfileProblem } from './read';
export { loadLockfile, lockfileReadError, corruptLockfileMessage } from './load';
export type { LockfileLoad, ReadLockfileText } from './load';
export { checkLockfile, checkLockfilePaced } from './check';
export type { CheckOptions } from './check';
export { diffProfiles, profileView, renderProfile } from './diff';
export type { ProfileChange, ProfileDiff } from './diff';
export { profileFromLock, restrictToLock, ANY_SCHEME } from './pinnedProfile';
export { pointerOf, escapeSegment } from './pointer';
