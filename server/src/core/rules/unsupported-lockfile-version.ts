/**
 * unsupported-lockfile-version (lockfile): `lockfile_version` names a format newer than this version reads. Such
 * a lockfile is refused by check and the editor (lockfile/format.ts): it is not checked at all, which lint says
 * first, on the member, with what to do.
 */
import { isObject } from '../document';
import { LOCKFILE_VERSION, newerFormatMessage } from '../lockfile/format';
import { finding, Rule } from './context';

export const unsupportedLockfileVersion: Rule = ({ value }) => {
  if (!isObject(value)) return [];
  const version = value.lockfile_version;
  // Infinity (1e400 in the text) passes the schema's integer check but is no format this version reads.
  if (typeof version !== 'number' || !(Number.isInteger(version) || version === Infinity) || version <= LOCKFILE_VERSION) return [];
  return [finding('unsupported-lockfile-version', '/lockfile_version', `${newerFormatMessage(version)}. Until then it is not checked.`, { data: { version } })];
};
