/**
 * invalid-media-type: modes must be media types "type/subtype" (RFC 6838), optionally with parameters; wildcard
 * subtypes ("image/*") and "*\/*" are valid. Bare words like "text" are the classic mistake (rejected by some
 * registries): the finding suggests the media type meant, for the quick fix.
 */
import { has, isObject } from '../document';
import {
  admit,
  finding,
  quote,
  Rule,
  type RuleContext,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
  type SkillCheck,
} from './context';
import { skillRule } from './skillWalk';
import { pointerTo } from '../card/walk';
import type { At } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'invalid-media-type',
  defaultSeverity: 'error',
  title: 'Not a media type (type/subtype)',
  appliesTo: ['card', 'lockfile'],
};

const TOKEN = '[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}';
// A parameter value is quoted (with \-escapes) or a run without quotes: the two alternatives cannot match the same
// text, so the repetition never backtracks (overlapping ones doubled the time with each `;a="b"`).
const MEDIA_TYPE = new RegExp(`^(${TOKEN}|\\*)/(${TOKEN}|\\*)(\\s*;\\s*${TOKEN}=("(?:[^"\\\\]|\\\\.)*"|[^;\\s"]+))*$`);

const SUGGESTIONS: Record<string, string> = {
  text: 'text/plain',
  plain: 'text/plain',
  string: 'text/plain',
  txt: 'text/plain',
  json: 'application/json',
  data: 'application/json',
  object: 'application/json',
  html: 'text/html',
  markdown: 'text/markdown',
  md: 'text/markdown',
  csv: 'text/csv',
  xml: 'application/xml',
  pdf: 'application/pdf',
  file: 'application/octet-stream',
  binary: 'application/octet-stream',
  image: 'image/*',
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  audio: 'audio/*',
  video: 'video/*',
};

export function isMediaType(s: string): boolean {
  return MEDIA_TYPE.test(s.trim()) && s.trim() !== '*/' && !/^\*\/[^*]/.test(s.trim());
}

/** Big cards repeat the same few modes thousands of times: remember the verdicts of one lint run. */
type Verdicts = Map<string, boolean>;

/** `pointer` is a string, or a skill and its member (the pointer is then built only for a finding). */
type Where = string | { skill: At<Record<string, unknown>>; member: string };

function check(values: unknown, where: Where, out: Finding[], seen: Verdicts, ctx: RuleContext): void {
  if (!Array.isArray(values)) return;
  for (let i = 0; i < values.length; i++) {
    const v: unknown = values[i];
    if (typeof v !== 'string') continue;
    let ok = seen.get(v);
    if (ok === undefined) seen.set(v, (ok = isMediaType(v)));
    if (ok || !admit(ctx, out)) continue;
    const lower = v.trim().toLowerCase();
    const suggestion = has(SUGGESTIONS, lower) ? (SUGGESTIONS[lower] ?? null) : null;
    const pointer = typeof where === 'string' ? where : `${where.skill.pointer}/${where.member}`;
    out.push(
      finding(
        meta,
        `${pointer}/${i}`,
        `${quote(v)} is not a media type (type/subtype)${suggestion ? `: did you mean "${suggestion}"?` : ', e.g. "text/plain" or "application/json".'}`,
        { data: { value: v, suggestion } },
      ),
    );
  }
}

/**
 * The card's default modes, then each skill's (in lint's shared walk over the skills, skillWalk.ts); a lockfile's
 * pinned modes all at the start (it has no skills to walk).
 */
const eachSkill: SkillCheck<Verdicts> = {
  start(ctx, out) {
    const { value, kind } = ctx;
    if (!isObject(value)) return undefined;
    const seen: Verdicts = new Map();
    if (kind === 'lockfile') {
      const skills = isObject(value.requires) && isObject(value.requires.skills) ? value.requires.skills : {};
      for (const [id, skill] of Object.entries(skills)) {
        if (!isObject(skill)) continue;
        check(skill.input, pointerTo('/requires/skills', id) + '/input', out, seen, ctx);
        check(skill.output, pointerTo('/requires/skills', id) + '/output', out, seen, ctx);
      }
      return undefined;
    }
    check(value.defaultInputModes, '/defaultInputModes', out, seen, ctx);
    check(value.defaultOutputModes, '/defaultOutputModes', out, seen, ctx);
    return seen;
  },
  skill(seen, skill, out, ctx) {
    if (Array.isArray(skill.value.inputModes))
      check(skill.value.inputModes, { skill, member: 'inputModes' }, out, seen, ctx);
    if (Array.isArray(skill.value.outputModes))
      check(skill.value.outputModes, { skill, member: 'outputModes' }, out, seen, ctx);
  },
};

export const invalidMediaType: Rule = skillRule(eachSkill);

const docs: RuleDocs = {
  summary:
    'A mode is not a media type `type/subtype` (wildcard subtypes like `image/*` are fine). Also checked in lockfile `requires`.',
  bad: '`"defaultInputModes": ["text"]`',
  fix: '`"defaultInputModes": ["text/plain"]`',
  quickFix: '**Change to** the suggested media type (`json` → `application/json`), when there is one.',
};

const examples: RuleExamples = {
  invalid: [{ with: { defaultInputModes: ['text'] } }],
  valid: [{ with: { defaultInputModes: ['text/plain', 'image/*'] } }],
};

export const rule: RuleDefinition = { meta, check: invalidMediaType, eachSkill, docs, examples };
