/**
 * unsupported-lockfile-version (lockfile): `lockfile_version` names a format newer than this version reads. Such
 * a lockfile is refused by check and the editor (lockfile/format.ts): it is not checked at all, which lint says
 * first, on the member, with what to do.
 */
import { isObject } from '../document';
import { LOCKFILE_VERSION, newerFormatMessage } from '../lockfile/format';
import { finding, Rule, type RuleDefinition, type RuleMeta } from './context';

export const meta: RuleMeta = {
  id: 'unsupported-lockfile-version',
  defaultSeverity: 'error',
  title: 'The lockfile is in a format newer than this version reads',
  appliesTo: ['lockfile'],
};

export const unsupportedLockfileVersion: Rule = ({ value }) => {
  if (!isObject(value)) return [];
  const version = value.lockfile_version;
  // Infinity (1e400 in the text) passes the schema's integer check but is no format this version reads.
  if (
    typeof version !== 'number' ||
    !(Number.isInteger(version) || version === Infinity) ||
    version <= LOCKFILE_VERSION
  )
    return [];
  return [
    finding(meta, '/lockfile_version', `${newerFormatMessage(version)}. Until then it is not checked.`, {
      data: { version },
    }),
  ];
};

export const rule: RuleDefinition = { meta, check: unsupportedLockfileVersion };
