/**
 * One walk over a card's skills for every rule that checks skills one at a time. A card may hold thousands of
 * skills, and each rule walking them on its own paid the walk again per rule. A rule stays one unit (its file holds
 * its metadata, docs, examples and its SkillCheck); lint runs the SkillChecks of every rule it runs in one walk
 * (runSkillChecks), and skillRule makes the same check a Rule of its own for a caller that runs one rule.
 */
import { skillsOf, type At } from '../card/walk';
import type { Finding } from '../types';
import type { Rule, RuleContext, SkillCheck } from './context';

/** The check run on its own, as a Rule: what lint's shared walk makes of it, for this rule alone. */
export function skillRule<S>(check: SkillCheck<S>): Rule {
  return (ctx) => {
    const out: Finding[] = [];
    const state = check.start(ctx, out);
    if (state === undefined) return out;
    const skills = skillsOf(ctx.value);
    for (let i = 0; i < skills.length; i++) check.skill(state, skills[i]!, out, ctx);
    check.end?.(state, out, ctx);
    return out;
  };
}

/**
 * The last walk's subscribers (their states), kept until the next walk. V8 keeps a map (an object's shape) only
 * while some object has it, and discards optimized code that checks a map once the map is collected: with the states
 * dropped after each card, every garbage collection between two cards threw away the per-skill checks' optimized
 * code (`--trace-deopt`: "weak objects" for `skill`), and a big card was checked mostly unoptimized. compile keeps its
 * last defaults for the same reason (profile/compile.ts).
 */
const lastWalk: Subscriber[][] = [];

/** One rule's part of the shared walk: its own context (its own budget), state and findings. */
interface Subscriber {
  readonly check: SkillCheck<unknown>;
  readonly ctx: RuleContext;
  readonly out: Finding[];
  state: unknown;
  /** What the rule threw, if it did: it is then left out of the rest of the walk and its findings are missing. */
  error?: { thrown: unknown };
}

/** What each rule of the walk made: its findings, or what it threw. */
export type SkillCheckResult = { findings: Finding[] } | { thrown: unknown };

/**
 * Runs the checks in one walk over the card's skills; `contexts[i]` is the context (with its budget) of `checks[i]`.
 * A check that throws is dropped from the walk; the others go on.
 */
export function runSkillChecks(
  value: unknown,
  checks: readonly SkillCheck<unknown>[],
  contexts: readonly RuleContext[],
): SkillCheckResult[] {
  const subscribers: Subscriber[] = checks.map((check, i) => ({ check, ctx: contexts[i]!, out: [], state: undefined }));
  const live: Subscriber[] = [];
  for (const s of subscribers) {
    if (attempt(s, () => (s.state = s.check.start(s.ctx, s.out))) && s.state !== undefined) live.push(s);
  }
  lastWalk[0] = subscribers;
  if (live.length > 0) walkSkills(skillsOf(value), live);
  for (const s of live) if (!s.error) attempt(s, () => s.check.end?.(s.state, s.out, s.ctx));
  return subscribers.map((s) => (s.error ? s.error : { findings: s.out }));
}

function walkSkills(skills: readonly At<Record<string, unknown>>[], live: Subscriber[]): void {
  for (let i = 0; i < skills.length; i++) {
    const skill = skills[i]!;
    for (let j = 0; j < live.length; j++) {
      const s = live[j]!;
      try {
        s.check.skill(s.state, skill, s.out, s.ctx);
      } catch (thrown) {
        s.error = { thrown };
        live.splice(j--, 1);
      }
    }
  }
}

/** Runs `step` for the subscriber, recording what it throws; false when it threw (now or before). */
function attempt(s: Subscriber, step: () => void): boolean {
  if (s.error) return false;
  try {
    step();
    return true;
  } catch (thrown) {
    s.error = { thrown };
    return false;
  }
}
