/** What every rule receives and the helper it uses to report. Rules are small pure functions of this context. */
import type { At } from '../card/walk';
import type { RuleBudget } from '../findingCap';
import type { DocumentKind, Finding, JsonPointer, LintSettings, Severity } from '../types';
import { ReaderText } from '../text/readerText';
import { CARD_TEXT } from '../text/textCues';
import { CATALOG_TEXT } from '../text/catalogText';

export { quote } from '../text/quote';

export type AppliesTo = 'card' | 'lockfile' | 'catalog';

/** `deprecated`: the rule reports a deprecated construct (editors strike it through). */
export type RuleTag = 'deprecated';

export interface RuleMeta {
  /** Stable kebab-case id: the finding `code`, the settings key and the docs/rules.md anchor. */
  id: string;
  defaultSeverity: Severity;
  title: string;
  appliesTo: AppliesTo[];
  tags?: RuleTag[];
  /**
   * Set for rules that no lint rule implements: findings made elsewhere in the core, with this id as
   * their code (`check`: the lockfile checked against the card it pins; `fetch`: fetching a live card; `config`:
   * the project configuration's own entries, such as an `ignore` entry that matches nothing).
   */
  producedBy?: 'check' | 'fetch' | 'config';
}

export interface RuleContext {
  /** The parsed document (any JSON value: rules must not assume its shape). */
  value: unknown;
  kind: DocumentKind;
  settings: LintSettings;
  /** The document text, when known: lets a rule skip its walk when a cheap text search rules it out. */
  text?: string;
  /** How many findings this rule may still make (lint sets it; a rule called on its own has no limit). */
  budget?: RuleBudget;
  /** The URL the document was read from, when it came over the network (a catalog's host and own address). */
  source?: string;
  /** For a catalog: how deep it is nested inline in the document's catalog (0: the document itself). */
  catalogDepth?: number;
  /**
   * What the document gives the models that read it (text/readerText.ts): made by the first rule that asks
   * (readerOf) and kept for the next ones, so the rules that screen every model-read string share the screens of
   * the text and the one walk of the fields.
   */
  reader?: ReaderText;
}

/** The context's ReaderText, made on first use; one made for another value or text is replaced. */
export function readerOf(ctx: RuleContext): ReaderText {
  const kept = ctx.reader;
  if (kept !== undefined && kept.value === ctx.value && kept.text === ctx.text) return kept;
  return (ctx.reader = new ReaderText(ctx.value, ctx.text, ctx.kind === 'catalog' ? CATALOG_TEXT : CARD_TEXT));
}

/**
 * Whether the rule may make one more finding, given the ones it has made: ask before building it, so a document with
 * a million problems costs a count past the cap, not a million messages.
 */
export function admit(ctx: RuleContext, made: { readonly length: number }): boolean {
  return ctx.budget === undefined || ctx.budget.admit(made);
}

export type Rule = (ctx: RuleContext) => Finding[];

/**
 * A rule's check split around the card's skills, so that lint runs every such rule in one walk over the skills
 * (skillWalk.ts). Its findings land in `out` in the order the rule alone would make them.
 */
export interface SkillCheck<S> {
  /** Once per document, before any skill: the rule's state (undefined: no skill to look at), earlier findings in `out`. */
  start(ctx: RuleContext, out: Finding[]): S | undefined;
  /** Each object of the card's `skills`, in order. */
  skill(state: S, skill: At<Record<string, unknown>>, out: Finding[], ctx: RuleContext): void;
  /** Once after the last skill, for the findings that need every skill seen. */
  end?(state: S, out: Finding[], ctx: RuleContext): void;
}

/** Markdown for docs/rules.md: one paragraph, or its lines as wrapped. */
export type Markdown = string | readonly string[];

/** A rule's entry in docs/rules.md (generated: npm run generate), written for the person who got the finding. */
export interface RuleDocs {
  /** What the rule finds and why it matters; follows "Default severity: **…**." */
  summary: Markdown;
  /** What gets the finding. */
  bad: Markdown;
  /** The same written so it does not. */
  fix: Markdown;
  /** What the editor's quick fix does, or why there is none. */
  quickFix: Markdown;
  /** Paragraphs after the quick fix. */
  more?: Markdown;
}

/**
 * One example document: `with` lays its members over a valid base document (rules/examples.ts: a card, or a
 * lockfile for the rules that apply to lockfiles only); `text` is the whole document, for what an object cannot
 * hold (a member given twice, 1e400).
 */
export type RuleExample =
  | { with: Record<string, unknown>; settings?: Partial<LintSettings> }
  | { text: string; settings?: Partial<LintSettings> };

/** Run as tests (test/core/rules/examples.test.ts): each invalid example gets the rule's finding, no valid one does. */
export interface RuleExamples {
  invalid: readonly RuleExample[];
  valid: readonly RuleExample[];
}

/**
 * A rule, one unit: its catalog entry, its check, its docs entry and its examples. `supersedes`, for a rule that
 * explains a shape, names the place whose generic findings its finding makes redundant (supersede.ts).
 */
export interface RuleDefinition {
  meta: RuleMeta;
  check: Rule;
  /** For a rule that checks skills one at a time: the check lint runs in its shared walk (`check` is skillRule of it). */
  eachSkill?: SkillCheck<unknown>;
  docs: RuleDocs;
  examples: RuleExamples;
  supersedes?: (f: Finding) => string | undefined;
}

export function finding(
  rule: RuleMeta,
  pointer: JsonPointer,
  message: string,
  extra: { target?: 'key' | 'value'; data?: Record<string, unknown>; offset?: Finding['offset'] } = {},
): Finding {
  const f: Finding = { code: rule.id, severity: rule.defaultSeverity, pointer, message };
  if (extra.target) f.target = extra.target;
  if (extra.data) f.data = extra.data;
  if (extra.offset) f.offset = extra.offset;
  return f;
}
