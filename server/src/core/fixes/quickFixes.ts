/**
 * The quick fix for each rule where one obvious fix exists, keyed on the finding's code and data.
 * Pure: (finding, parsed document) → FixPlan[]. Values written into the document come from the finding's
 * data or the document itself, so a fix never invents content.
 */
import { escapeSegment, valueAtPointer } from '../location';
import { stringsOf } from '../profile/safeRecord';
import { isLegacyCard, migrateCard } from './migrateCard';
import type { FixInput, FixPlan } from './plan';
import { unwrapSdkInternal } from './securityScheme';

type FixBuilder = (f: FixInput, doc: unknown) => FixPlan[];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const short = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Parent pointer and last segment of a pointer. */
export function splitPointer(pointer: string): { parent: string; last: string } {
  const i = pointer.lastIndexOf('/');
  return { parent: pointer.slice(0, Math.max(i, 0)), last: pointer.slice(i + 1).replace(/~1/g, '/').replace(/~0/g, '~') };
}

function replaceWithSuggestion(label: string): FixBuilder {
  return (f) => {
    const suggestion = str(f.data?.suggestion);
    return suggestion ? [{ title: `${label} ${JSON.stringify(short(suggestion))}`, preferred: true, operations: [{ op: 'set', pointer: f.pointer, value: suggestion }] }] : [];
  };
}

/** Edit distance (insert, delete, substitute), capped: only small typos are interesting. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** The one defined name a misspelled name is closest to (case-insensitive match or ≤ 2 edits), if unambiguous. */
export function closestName(name: string, defined: readonly string[]): string | undefined {
  const exactCase = defined.filter((d) => d.toLowerCase() === name.toLowerCase());
  if (exactCase.length === 1) return exactCase[0];
  const scored = defined.map((d) => ({ d, n: editDistance(name.toLowerCase(), d.toLowerCase()) })).filter((x) => x.n <= 2).sort((x, y) => x.n - y.n);
  return scored.length === 1 || (scored.length > 1 && scored[0]!.n < scored[1]!.n) ? scored[0]!.d : undefined;
}

/** Placeholder for a missing REQUIRED member, by what the schema expects there. */
const MISSING_DEFAULTS: Record<string, unknown> = {
  capabilities: {}, skills: [], supportedInterfaces: [], defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'],
  tags: [], schemes: {}, requires: {}, list: [],
};

/** The whole-card 0.3 → 1.0 migration as one fix (offered on every legacy finding; editors show it once). */
function migration(doc: unknown): FixPlan[] {
  const m = migrateCard(doc);
  return m.changed ? [{ title: 'Migrate this card to A2A 1.0', preferred: true, operations: [{ op: 'replaceDocument', value: m.card }] }] : [];
}

export const QUICK_FIXES: Record<string, FixBuilder> = {
  'legacy-card-shape': (f, doc) => {
    const plans = migration(doc);
    if (f.data?.member === 'stateTransitionHistory') plans.push({ title: 'Remove "stateTransitionHistory"', operations: [{ op: 'remove', pointer: f.pointer }] });
    return plans;
  },
  'security-requirement-shape': (f) => {
    const replacement = f.data?.replacement;
    if (replacement === undefined) return [];
    return [{ title: 'Rewrite as an A2A 1.0 security requirement', preferred: true, operations: [{ op: 'set', pointer: f.pointer, value: replacement }] }];
  },
  'sdk-internal-shape': (f, doc) => {
    const parent = str(f.data?.parentPointer) ?? f.pointer;
    const value = valueAtPointer(doc, parent);
    const unwrapped = value && typeof value === 'object' && !Array.isArray(value) ? unwrapSdkInternal(value as Record<string, unknown>) : undefined;
    return unwrapped ? [{ title: `Unwrap the SDK-internal form into "${str(f.data?.case) ?? 'the scheme'}"`, preferred: true, operations: [{ op: 'set', pointer: parent, value: unwrapped }] }] : [];
  },
  'skill-mode-narrows-default': (f) => {
    const dropped = stringsOf(f.data?.dropped);
    const modes = stringsOf(f.data?.modes);
    if (!dropped.length || !modes.length) return [];
    return [{ title: `Add the default modes this skill dropped (${short(dropped.join(', '))})`, operations: [{ op: 'set', pointer: f.pointer, value: [...modes, ...dropped] }] }];
  },
  'undeclared-oauth-scope': (f, doc) => {
    const scheme = str(f.data?.scheme);
    const scope = str(f.data?.scope);
    const flow = str(f.data?.flow);
    if (!scheme || !scope || !flow || flow.includes('+')) return [];
    const scopes = `/securitySchemes/${escapeSegment(scheme)}/oauth2SecurityScheme/flows/${escapeSegment(flow)}/scopes`;
    const op = valueAtPointer(doc, scopes) === undefined
      ? { op: 'set' as const, pointer: scopes, value: { [scope]: '' } }
      : { op: 'set' as const, pointer: `${scopes}/${escapeSegment(scope)}`, value: '' };
    return [{ title: `Declare scope ${JSON.stringify(short(scope))} in the ${flow} flow of ${JSON.stringify(short(scheme))}`, preferred: true, operations: [op] }];
  },
  'provider-name-field': (f) => [{ title: 'Rename "name" to "organization"', preferred: true, operations: [{ op: 'renameKey', pointer: f.pointer, name: 'organization' }] }],
  'unknown-field': (f) => {
    const suggestion = str(f.data?.suggestion);
    const member = str(f.data?.member) ?? splitPointer(f.pointer).last;
    const plans: FixPlan[] = [];
    if (suggestion) plans.push({ title: `Rename to "${short(suggestion)}"`, preferred: true, operations: [{ op: 'renameKey', pointer: f.pointer, name: suggestion }] });
    plans.push({ title: `Remove "${short(member)}"`, operations: [{ op: 'remove', pointer: f.pointer }] });
    return plans;
  },
  'undefined-security-scheme': (f) => {
    const name = str(f.data?.scheme);
    const target = name === undefined ? undefined : closestName(name, stringsOf(f.data?.defined));
    return target ? [{ title: `Change to "${short(target)}" (defined in securitySchemes)`, preferred: true, operations: [{ op: 'renameKey', pointer: f.pointer, name: target }] }] : [];
  },
  'duplicate-interface': (f) => [{ title: 'Remove the duplicate interface', preferred: true, operations: [{ op: 'remove', pointer: f.pointer }] }],
  'invalid-protocol-version': replaceWithSuggestion('Change to'),
  'invalid-media-type': replaceWithSuggestion('Change to'),
  'insecure-interface-url': replaceWithSuggestion('Use'),
  'invalid-card-digest': replaceWithSuggestion('Change to'),
  'interface-url-operation-path': replaceWithSuggestion('Use'),
  'suspicious-text': (f, doc) => {
    // Only hidden characters have one obvious fix; an instruction in prose needs a person to reword it.
    const text = valueAtPointer(doc, f.pointer);
    const points = stringsOf(f.data?.codePoints).map((p) => Number.parseInt(p.replace(/^U\+/, ''), 16)).filter((n) => Number.isFinite(n));
    if (f.data?.kind !== 'hidden-characters' || typeof text !== 'string' || points.length === 0) return [];
    const hidden = new Set(points);
    const cleaned = Array.from(text).filter((ch) => !hidden.has(ch.charCodeAt(0))).join('');
    return cleaned === text ? [] : [{ title: 'Remove the hidden characters', preferred: true, operations: [{ op: 'set', pointer: f.pointer, value: cleaned }] }];
  },
  schema: (f, doc) => {
    const missing = str(f.data?.missing);
    // A 0.3 card lacks supportedInterfaces because it has `url`: migrating is the fix, not an empty list.
    if (missing === 'supportedInterfaces' && isLegacyCard(doc)) return migration(doc);
    if (missing !== undefined) {
      const value = Object.hasOwn(MISSING_DEFAULTS, missing) ? MISSING_DEFAULTS[missing] : '';
      return [{ title: `Add the missing member "${short(missing)}"`, preferred: true, operations: [{ op: 'set', pointer: f.pointer, value }] }];
    }
    const allowed = Array.isArray(f.data?.allowed) ? f.data.allowed.slice(0, 6) : [];
    return allowed.map((v) => ({ title: `Change to ${short(JSON.stringify(v))}`, operations: [{ op: 'set' as const, pointer: f.pointer, value: v }] }));
  },
};

/** Every fix for one finding (none when the rule has no obvious fix or the data is missing). */
export function quickFixesFor(f: FixInput, doc: unknown): FixPlan[] {
  const builder = Object.hasOwn(QUICK_FIXES, f.code) ? QUICK_FIXES[f.code] : undefined;
  if (!builder) return [];
  try {
    return builder(f, doc);
  } catch {
    return [];
  }
}
