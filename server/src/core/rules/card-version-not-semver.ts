/**
 * card-version-not-semver: the card's `version` is the agent's own version, and lockfile checks treat a change of
 * it as a change to review. Semantic versioning (MAJOR.MINOR.PATCH) lets readers and tools tell a fix from a
 * breaking release; "latest", "v2" or a date cannot be ordered. A hint.
 */
import { isObject } from '../document';
import {
  finding,
  quote,
  type Rule,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
} from './context';

export const meta: RuleMeta = {
  id: 'card-version-not-semver',
  defaultSeverity: 'hint',
  title: 'The card version is not semantic versioning (MAJOR.MINOR.PATCH)',
  appliesTo: ['card'],
};

/** semver.org 2.0.0's grammar. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** What the version could be written as, when that is plain: "v1.2.3" → "1.2.3", "1.2" → "1.2.0". */
function suggestion(v: string): string | undefined {
  const m = /^v?(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?$/i.exec(v.trim());
  return m ? `${Number(m[1])}.${Number(m[2] ?? 0)}.${Number(m[3] ?? 0)}` : undefined;
}

export const cardVersionNotSemver: Rule = ({ value }) => {
  if (!isObject(value) || typeof value.version !== 'string' || value.version.length > 256 || SEMVER.test(value.version))
    return [];
  const s = suggestion(value.version);
  return [
    finding(
      meta,
      '/version',
      `${quote(value.version)} is not semantic versioning (MAJOR.MINOR.PATCH${s ? `, e.g. "${s}"` : ''}): readers and lockfile checks cannot tell a fix from a breaking release.`,
      { data: s ? { suggestion: s } : {} },
    ),
  ];
};

const docs: RuleDocs = {
  summary: [
    "The card's `version` is not semantic versioning (`MAJOR.MINOR.PATCH`, with optional",
    'pre-release and build parts): readers and lockfile checks cannot tell a fix from a breaking release.',
  ],
  bad: '`"version": "v1.2"`',
  fix: '`"version": "1.2.0"`',
  quickFix: '**Change to "1.2.0"** when the version is plainly numeric (`v1.2`, `1.2`); none for dates or words.',
};

const examples: RuleExamples = {
  invalid: [{ with: { version: 'v1.2' } }],
  valid: [{ with: { version: '1.2.0' } }, { with: { version: '1.2.0-rc.1+build.5' } }],
};

export const rule: RuleDefinition = { meta, check: cardVersionNotSemver, docs, examples };
