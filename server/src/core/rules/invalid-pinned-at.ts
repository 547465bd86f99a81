/**
 * invalid-pinned-at (lockfile): `pinned_at` must be a date-time. The lockfile reader refuses the whole lockfile
 * otherwise (check reports it corrupt), so lint says so first, with the same test (lockfile/read.ts isPinnedAt).
 */
import { isObject } from '../document';
import { isPinnedAt } from '../lockfile/read';
import { finding, quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';

export const meta: RuleMeta = {
  id: 'invalid-pinned-at',
  defaultSeverity: 'error',
  title: 'pinned_at is not a date-time',
  appliesTo: ['lockfile'],
};

export const invalidPinnedAt: Rule = ({ value }) => {
  if (!isObject(value) || typeof value.pinned_at !== 'string' || isPinnedAt(value.pinned_at)) return [];
  return [
    finding(
      meta,
      '/pinned_at',
      `${quote(value.pinned_at)} is not a date-time: write ISO 8601, e.g. "2026-10-02T08:00:00Z" (a2acap pin writes it), or re-pin the lockfile.`,
      { data: { value: value.pinned_at } },
    ),
  ];
};

const docs: RuleDocs = {
  summary: [
    "A lockfile's `pinned_at` is not a date-time, so `a2acap check` and the editor refuse",
    'the lockfile as corrupt.',
  ],
  bad: '`"pinned_at": "last Tuesday"`',
  fix: '`"pinned_at": "2026-10-02T08:00:00Z"` (or re-pin with `a2acap pin`)',
  quickFix: 'none: re-pin.',
};

const examples: RuleExamples = {
  invalid: [{ with: { pinned_at: 'last Tuesday' } }],
  valid: [{ with: { pinned_at: '2026-10-02T08:00:00Z' } }],
};

export const rule: RuleDefinition = { meta, check: invalidPinnedAt, docs, examples };
