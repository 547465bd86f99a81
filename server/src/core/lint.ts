/**
 * lintDocument: the one entry point the CLI and the language server call (on every keystroke, so it is kept
 * fast): size gate → strict JSON parse → kind detection → compiled schema validation → semantic rules →
 * severity overrides. Works on the parsed VALUE only; ranges are computed at the edge from finding pointers
 * (pointer/locateAll.ts), and only for the findings that exist.
 */
import { isRegistryTarget } from './registry/targets';
import { utf8ByteLength } from './bytes/bytes';
import { isObject, parseDocument } from './document';
import { RULES, defaultSeverity } from './rules/catalog';
import { looksLikeCatalog, MAX_CATALOG_DEPTH, readCatalog } from './catalog/model';
import { RULE_IMPLEMENTATIONS, SKILL_CHECKS } from './rules/index';
import { runSkillChecks, type SkillCheckResult } from './rules/skillWalk';
import { dedupe } from './rules/supersede';
import type { RuleContext, RuleMeta } from './rules/context';
import { validateCapped } from './schema/validate';
import {
  addLeftOut,
  capFindings,
  DEFAULT_FINDING_CAPS,
  RuleBudget,
  type FindingCaps,
  type LeftOut,
} from './findingCap';
import { DEFAULT_CLIENT } from './types';
import { withoutDocumentSecrets } from './text/hideSecrets';
import { escapeControls } from './text/untrustedText';
import { noteTextAscii } from './text/textScreen';
import type { CardSettings, CardSettingsInput, DocumentKind, Finding, LintSettings } from './types';

export const DEFAULT_MAX_CARD_BYTES = 1024 * 1024;

export const DEFAULT_CARD_SETTINGS: CardSettings = {
  internalOnly: false,
  // Tuned on real cards: almost every description a planner can use is over 20 characters, and none a person
  // wrote for planners is over 2,000.
  skillDescription: { minLength: 20, maxLength: 2000 },
};

export const DEFAULT_LINT_SETTINGS: LintSettings = {
  severities: {},
  maxCardBytes: DEFAULT_MAX_CARD_BYTES,
  client: DEFAULT_CLIENT,
  card: DEFAULT_CARD_SETTINGS,
};

export interface LintOptions {
  /** Used to decide card vs lockfile when the content does not say. */
  fileName?: string;
  /** Force the kind (skips detection). */
  kind?: DocumentKind;
  settings?: Partial<LintSettings>;
  /** How many findings to report per rule and per document (default: findingCap.ts). */
  caps?: Partial<FindingCaps>;
  /** The URL the document was read from, when it came over the network (a catalog's host and own address). */
  source?: string;
  /**
   * Whether a catalog's inline A2A cards are linted in place (default true). Off for a caller that lints each inline
   * card on its own (discover), so that no card is linted twice; inline nested catalogs are still linted in place.
   */
  inlineCards?: boolean;
}

export interface LintResult {
  kind: DocumentKind | 'unknown';
  findings: Finding[];
  /** The parsed value (undefined when the text is not JSON or too large). */
  value: unknown;
  /** True when the document exceeded maxCardBytes: only card-too-large was reported, nothing was parsed. */
  tooLarge: boolean;
}

export function resolveSettings(partial: Partial<LintSettings> = {}): LintSettings {
  return {
    severities: { ...DEFAULT_LINT_SETTINGS.severities, ...(partial.severities ?? {}) },
    maxCardBytes:
      typeof partial.maxCardBytes === 'number' && partial.maxCardBytes > 0
        ? partial.maxCardBytes
        : DEFAULT_MAX_CARD_BYTES,
    client: partial.client ?? DEFAULT_CLIENT,
    card: resolveCardSettings(partial.card),
  };
}

/** Missing or unusable values take the defaults; a maximum below the minimum is ignored. */
export function resolveCardSettings(partial: CardSettingsInput = {}): CardSettings {
  const d = DEFAULT_CARD_SETTINGS.skillDescription;
  const length = (n: unknown, fallback: number) =>
    typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : fallback;
  const minLength = length(partial.skillDescription?.minLength, d.minLength);
  const maxLength = length(partial.skillDescription?.maxLength, d.maxLength);
  const targets = Array.isArray(partial.targets) ? partial.targets.filter(isRegistryTarget) : [];
  return {
    internalOnly: partial.internalOnly === true,
    skillDescription: { minLength, maxLength: maxLength >= minLength ? maxLength : d.maxLength },
    ...(targets.length ? { targets } : {}),
  };
}

/** Members only an agent card has (0.3 ones included: a legacy card is still a card; legacy-card-shape explains). */
const CARD_MEMBERS = new Set([
  'supportedInterfaces',
  'capabilities',
  'securitySchemes',
  'securityRequirements',
  'defaultInputModes',
  'defaultOutputModes',
  'skills',
  'signatures',
  'iconUrl',
  'documentationUrl',
  'preferredTransport',
  'additionalInterfaces',
  'protocolVersion',
  'supportsAuthenticatedExtendedCard',
]);
/** Members many JSON files have (package.json has name, description and version): a card only if the file name says so. */
const WEAK_CARD_MEMBERS = new Set(['name', 'description', 'version', 'provider', 'url']);
const LOCK_MEMBERS = new Set(['card_digest', 'pinned_at', 'requires']);

/**
 * Lockfile file names: a2a-lock.json, *.a2a-lock.json. Catalog names: ai-catalog.json, *.ai-catalog.json (so
 * .well-known/ai-catalog.json too). Card names: agent-card.json, agent.json, *.agent-card.json, *card*.json.
 */
export function kindFromName(fileName: string | undefined): DocumentKind | undefined {
  if (!fileName) return undefined;
  const base = fileName.replace(/\\/g, '/').split('/').pop()!.toLowerCase();
  if (base === 'ai-catalog.json' || base.endsWith('.ai-catalog.json')) return 'catalog';
  if (
    base === 'a2a-lock.json' ||
    base.endsWith('.a2a-lock.json') ||
    (base.endsWith('-lock.json') && base.includes('a2a'))
  )
    return 'lockfile';
  if (base === 'agent.json' || base.includes('agent-card') || base.includes('card')) return 'card';
  return undefined;
}

const REQUIRED_CARD_MEMBERS = [
  'name',
  'description',
  'supportedInterfaces',
  'version',
  'capabilities',
  'defaultInputModes',
  'defaultOutputModes',
  'skills',
];
const ALL_CARD_MEMBERS = new Set([...CARD_MEMBERS, ...WEAK_CARD_MEMBERS, '$schema']);

/**
 * A JSON object that merely shares a member or two with cards (other "agent-card.json" formats, identity
 * documents): fewer than 3 of the card's REQUIRED members and more foreign members than card members.
 */
function looksForeign(keys: string[]): boolean {
  const required = REQUIRED_CARD_MEMBERS.filter(
    (k) => keys.includes(k) || (k === 'supportedInterfaces' && keys.includes('url')),
  ).length;
  // `$schema` says which schema an editor should use, not what the document is: it counts neither way.
  const members = keys.filter((k) => k !== '$schema');
  const known = members.filter((k) => ALL_CARD_MEMBERS.has(k)).length;
  return required < 3 && members.length - known > known;
}

/**
 * Content first (a lockfile has card_digest/pinned_at/requires; a catalog an `entries` array and no card members; a
 * card has card members), then the file name.
 */
export function detectKind(value: unknown, fileName?: string): DocumentKind | 'unknown' {
  if (!isObject(value)) return 'unknown';
  const keys = Object.keys(value);
  if (keys.some((k) => LOCK_MEMBERS.has(k))) return 'lockfile';
  if (looksLikeCatalog(value)) return 'catalog';
  const byName = kindFromName(fileName);
  if (byName === 'catalog' && !keys.some((k) => CARD_MEMBERS.has(k))) return byName;
  if (keys.length === 0) return byName ?? 'card';
  if (looksForeign(keys)) return 'unknown';
  if (keys.some((k) => CARD_MEMBERS.has(k))) return 'card';
  if (byName === 'lockfile') return byName;
  if (byName === 'card' && keys.some((k) => WEAK_CARD_MEMBERS.has(k))) return 'card';
  if (keys.includes('url') && keys.includes('name')) return 'card'; // a minimal 0.2/0.3 card
  return 'unknown';
}

function describeJson(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    const foreign = keys
      .filter((k) => !ALL_CARD_MEMBERS.has(k))
      .slice(0, 5)
      .map((k) => JSON.stringify(k.slice(0, 40)));
    return `an object that does not look like one (members ${foreign.join(', ')}${keys.length > 5 ? ', …' : ''})`;
  }
  return `a ${typeof value}`;
}

function syntaxFindings(errors: { message: string; offset: number; length: number }[]): Finding[] {
  return errors.map((e) => ({
    code: 'invalid-json',
    severity: defaultSeverity('invalid-json'),
    pointer: '',
    message: e.message,
    offset: { offset: e.offset, length: e.length },
  }));
}

/** Whether utf8Length must count: UTF-8 needs at least 1 and at most 3 bytes per UTF-16 code unit. */
function mustCount(text: string, limit: number): boolean {
  return text.length <= limit && text.length * 3 > limit;
}

function utf8Length(text: string, limit: number): number {
  // Cheap bounds first.
  return mustCount(text, limit) ? utf8ByteLength(text) : text.length;
}

export function lintDocument(text: string, opts: LintOptions = {}): LintResult {
  const settings = resolveSettings(opts.settings);
  const nameKind = opts.kind ?? kindFromName(opts.fileName);
  const bytes = utf8Length(text, settings.maxCardBytes);
  if (bytes > settings.maxCardBytes) return tooLargeResult(bytes, settings, nameKind);
  const parsed = parseDocument(text);
  if (!parsed.ok) {
    return {
      kind: nameKind ?? 'unknown',
      findings: applySeverities(syntaxFindings(parsed.syntaxErrors), settings),
      value: undefined,
      tooLarge: false,
    };
  }
  const value = parsed.value;
  // A counted text of as many bytes as code units is all ASCII: the rules that screen for non-ASCII need not look.
  if (mustCount(text, settings.maxCardBytes)) noteTextAscii(value, text, bytes === text.length);
  const kind = opts.kind ?? detectKind(value, opts.fileName);
  if (kind === 'unknown') {
    const finding: Finding = {
      code: 'not-an-agent-card',
      severity: defaultSeverity('not-an-agent-card'),
      pointer: '',
      message: `Expected an A2A agent card or a capability lockfile (a JSON object), found ${describeJson(value)}.`,
      data: { found: Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value },
    };
    // The message names members, and a member may be named with a credential.
    const findings = withoutDocumentSecrets(applySeverities([finding], settings), value, text);
    return { kind, findings, value, tooLarge: false };
  }
  const caps = { ...DEFAULT_FINDING_CAPS, ...opts.caps };
  const leftOut: LeftOut = new Map();
  const schema = validateCapped(value, kind, caps.perRule);
  addLeftOut(leftOut, 'schema', schema.leftOut);
  const ctx: RuleContext = { value, kind, settings, text, source: opts.source, catalogDepth: 0 };
  const findings = [...schema.findings, ...runRules(ctx, caps.perRule, leftOut)];
  if (kind === 'catalog')
    for (const f of inlineFindings(ctx, caps.perRule, leftOut, opts.inlineCards !== false)) findings.push(f);
  const kept = capFindings(dedupe(applySeverities(findings, settings)), leftOut, caps);
  return {
    kind,
    // Severities once more: the left-out summary is made after the first pass and may be overridden too.
    findings: withoutDocumentSecrets(applySeverities(kept, settings), value, text),
    value,
    tooLarge: false,
  };
}

/**
 * The result for a document over the size limit: card-too-large only, nothing parsed. Exported so a caller that
 * can see the size without reading the file (the CLI stats it first) never has to load a huge file.
 */
export function tooLargeResult(bytes: number, settings: LintSettings, kind?: DocumentKind): LintResult {
  const finding: Finding = {
    code: 'card-too-large',
    severity: defaultSeverity('card-too-large'),
    pointer: '',
    message: `The document is ${bytes} bytes, over the ${settings.maxCardBytes}-byte limit: it was not validated or compiled. Raise the limit if this is intended.`,
    offset: { offset: 0, length: 0 },
    data: { limit: settings.maxCardBytes, bytes },
  };
  return { kind: kind ?? 'unknown', findings: applySeverities([finding], settings), value: undefined, tooLarge: true };
}

/**
 * What a catalog carries inline, linted in place: an agent card (an entry of the A2A card media type with `data`)
 * with the card schema and every card rule, a nested catalog with the catalog schema and rules, down to
 * MAX_CATALOG_DEPTH (deeper ones are catalog-nesting-too-deep's, never read). Each finding's pointer is put under
 * the entry's `/entries/N/data`, so its range falls inside the catalog file. The inline value is linted without the
 * text: the text is the catalog's, and the rules that read it (duplicate-member, the screens) would read the wrong
 * document; without it they walk the value.
 */
function inlineFindings(ctx: RuleContext, perRule: number, leftOut: LeftOut, cards: boolean): Finding[] {
  const out: Finding[] = [];
  const depth = ctx.catalogDepth ?? 0;
  for (const entry of readCatalog(ctx.value)?.entries ?? []) {
    if (!entry.hasData || (entry.kind === 'a2a-card' && !cards)) continue;
    const kind =
      entry.kind === 'a2a-card'
        ? 'card'
        : entry.kind === 'catalog' && depth < MAX_CATALOG_DEPTH
          ? 'catalog'
          : undefined;
    if (kind === undefined || (kind === 'catalog' && !isObject(entry.data))) continue;
    const inner: RuleContext = { ...ctx, value: entry.data, kind, text: undefined, catalogDepth: depth + 1 };
    const schema = validateCapped(entry.data, kind, perRule);
    addLeftOut(leftOut, 'schema', schema.leftOut);
    const found = [...schema.findings, ...runRules(inner, perRule, leftOut)];
    if (kind === 'catalog') for (const f of inlineFindings(inner, perRule, leftOut, cards)) found.push(f);
    for (const f of dedupe(found)) out.push(underEntry(f, `${entry.pointer}/data`));
  }
  return out;
}

/** Pointer-valued data a quick fix reads. */
const POINTER_DATA = ['parent', 'parentPointer', 'pointer'] as const;

/** A finding about an inline value, moved under its place in the catalog. */
function underEntry(f: Finding, prefix: string): Finding {
  const moved: Finding = { ...f, pointer: prefix + f.pointer };
  delete moved.offset;
  if (f.data && POINTER_DATA.some((k) => typeof f.data?.[k] === 'string')) {
    const data = { ...f.data };
    for (const k of POINTER_DATA) if (typeof data[k] === 'string') data[k] = prefix + (data[k] as string);
    moved.data = data;
  }
  return moved;
}

function runRules(ctx: RuleContext, perRule: number, leftOut: LeftOut): Finding[] {
  const out: Finding[] = [];
  // One context for every rule, its budget swapped in before each call: rules run one after the other and none
  // keeps the context, so a fresh copy per rule would only be garbage. `reader` is made by the first rule that reads
  // the model-read text (readerOf) and shared by the next ones; declared here so the object keeps one shape.
  const ruleCtx: RuleContext = {
    value: ctx.value,
    kind: ctx.kind,
    settings: ctx.settings,
    text: ctx.text,
    budget: undefined,
    source: ctx.source,
    catalogDepth: ctx.catalogDepth,
    reader: undefined,
  };
  const running = RULES.filter((m) => m.appliesTo.includes(ctx.kind) && ctx.settings.severities[m.id] !== 'off');
  const walked = walkedRules(ruleCtx, running, perRule);
  for (const meta of running) {
    const done = walked.get(meta.id);
    if (done) {
      if ('thrown' in done.result) out.push(internalError(meta.id, done.result.thrown));
      else {
        for (const f of done.result.findings) out.push(f);
        addLeftOut(leftOut, meta.id, done.budget.leftOut);
      }
      continue;
    }
    const rule = RULE_IMPLEMENTATIONS[meta.id];
    if (!rule) continue;
    const budget = new RuleBudget(perRule);
    ruleCtx.budget = budget;
    try {
      // A loop, not push(...spread): a rule without a budget may still return more than the stack holds.
      for (const f of rule(ruleCtx)) out.push(f);
      addLeftOut(leftOut, meta.id, budget.leftOut);
    } catch (err) {
      // A rule bug must never take the whole lint down, nor pass the card silently: its findings are missing.
      out.push(internalError(meta.id, err));
    }
  }
  return out;
}

/**
 * The rules that check skills one at a time, run in one walk over the skills (rules/skillWalk.ts), each with a
 * context and budget of its own; their findings are then placed in the catalog's order like any rule's.
 */
function walkedRules(
  ctx: RuleContext,
  running: readonly RuleMeta[],
  perRule: number,
): Map<string, { result: SkillCheckResult; budget: RuleBudget }> {
  const walking = running.filter((m) => SKILL_CHECKS[m.id] !== undefined);
  const budgets = walking.map(() => new RuleBudget(perRule));
  const results = runSkillChecks(
    ctx.value,
    walking.map((m) => SKILL_CHECKS[m.id]!),
    budgets.map((budget) => ({ ...ctx, budget })),
  );
  return new Map(walking.map((m, i) => [m.id, { result: results[i]!, budget: budgets[i]! }]));
}

function internalError(ruleId: string, err: unknown): Finding {
  const detail = err instanceof Error ? `${err.name}: ${err.message}` : 'a non-Error value was thrown';
  return {
    code: 'internal-error',
    severity: defaultSeverity('internal-error'),
    pointer: '',
    message: `The rule ${ruleId} failed on this document (${escapeControls(detail).slice(0, 200)}), so its findings are missing. Please report this.`,
    data: { rule: ruleId },
  };
}

function applySeverities(findings: Finding[], settings: LintSettings): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const override = settings.severities[f.code];
    if (override === 'off') continue;
    out.push(override ? { ...f, severity: override } : f);
  }
  return out;
}

export { parseDocument } from './document';
