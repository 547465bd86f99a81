/**
 * Which findings make which other findings redundant. Kept apart from the rules themselves: it is about how the
 * rules' findings relate, and lint.ts applies it after severity overrides (a rule switched off supersedes nothing).
 */
import { parsePointer, toPointer } from '../pointer/range';
import { LINT_RULES } from './index';
import type { Finding } from '../types';

/**
 * One owner per problem: a rule that explains a shape (legacy member, SDK wrapper, 0.3 requirement, provider.name,
 * empty tags) supersedes the generic schema errors about the same place and unknown-field inside it, and any
 * finding on a member supersedes unknown-field on that member. Each such rule says which place (its `supersedes`).
 */
const SUPERSEDES: Record<string, (f: Finding) => string | undefined> = Object.fromEntries(
  LINT_RULES.flatMap((r) => (r.supersedes ? [[r.meta.id, r.supersedes]] : [])),
);

/** Findings that say nothing about what a member means, so they leave unknown-field on it standing. */
const NOT_EXPLAINING = new Set(['unknown-field', 'schema', 'not-canonicalizable', 'internal-error', 'secrets-in-card']);

/** The pointer itself and every ancestor pointer ('/a/b/c' → '/a/b/c', '/a/b', '/a', ''). */
function* selfAndAncestors(pointer: string): Generator<string> {
  let p = pointer;
  for (;;) {
    yield p;
    const slash = p.lastIndexOf('/');
    if (slash < 0) return;
    p = p.slice(0, slash);
  }
}

/** True when `pointer` is in `prefixes` or under one of them (a set lookup per ancestor: big cards have many). */
function coveredBy(pointer: string, prefixes: Set<string>, strict: boolean): boolean {
  for (const p of selfAndAncestors(pointer)) {
    if (strict && p === pointer) continue;
    if (prefixes.has(p)) return true;
  }
  return false;
}

export function dedupe(findings: Finding[]): Finding[] {
  const prefixes = new Set<string>();
  const explained = new Set<string>();
  for (const f of findings) {
    const p = SUPERSEDES[f.code]?.(f);
    if (p !== undefined) prefixes.add(p);
    if (!NOT_EXPLAINING.has(f.code)) explained.add(f.pointer);
    const rename = f.data?.rename as { from?: unknown } | undefined;
    if (typeof rename?.from === 'string') explained.add(toPointer([...parsePointer(f.pointer), rename.from]));
  }
  if (prefixes.size === 0 && explained.size === 0) return findings;
  return findings.filter((f) => {
    if (f.code === 'schema') return !coveredBy(f.pointer, prefixes, false);
    if (f.code === 'unknown-field') return !explained.has(f.pointer) && !coveredBy(f.pointer, prefixes, true);
    return true;
  });
}
