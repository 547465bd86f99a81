/**
 * The lockfile format version. A lockfile says which format it is written in (`lockfile_version`; absent means 1,
 * the format of lockfiles written before the member existed). A checker that meets a NEWER format refuses it
 * instead of reading what it knows and skipping the rest: a requirement it cannot read would otherwise pass
 * unchecked, and the lockfile would look compatible.
 */
export const LOCKFILE_VERSION = 1;

/** Why a lockfile in a newer format is not read; what to do about it. */
export function newerFormatMessage(version: number): string {
  return `the lockfile is in ${Number.isFinite(version) ? `format ${version}` : 'a format numbered beyond any number (lockfile_version overflows)'}, newer than this version of a2acap reads (format ${LOCKFILE_VERSION}): upgrade a2acap or the A2A extension to check it`;
}
