/**
 * unsupported-lockfile-version (lockfile): `lockfile_version` names a format newer than this version reads. Such
 * a lockfile is refused by check and the editor (lockfile/format.ts): it is not checked at all, which lint says
 * first, on the member, with what to do.
 */
import { isObject } from '../document';
import { LOCKFILE_VERSION, newerFormatMessage } from '../lockfile/format';
import { finding, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';

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

const docs: RuleDocs = {
  summary: [
    "The lockfile's `lockfile_version` names a format newer than this version of a2acap and",
    'the extension read (format 1). Such a lockfile is refused by `a2acap check` (exit 2) and by the editor rather than',
    'read in part: a member of the newer format may be a requirement this version cannot check, and skipping it would',
    'make the lockfile look compatible.',
  ],
  bad: '`"lockfile_version": 2` read by a version that knows format 1',
  fix: 'upgrade `a2acap` and the A2A extension (the lockfile was written by a newer one)',
  quickFix: 'none.',
};

const examples: RuleExamples = {
  invalid: [{ with: { lockfile_version: 2 } }],
  valid: [{ with: { lockfile_version: 1 } }],
};

export const rule: RuleDefinition = { meta, check: unsupportedLockfileVersion, docs, examples };
