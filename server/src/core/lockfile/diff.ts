/**
 * A stable, human-readable comparison of two compiled profiles (e.g. pinned vs current, for "Show diff").
 * Both sides are first turned into a canonical view: provenance dropped, object keys sorted, lists of
 * media types / tags / extensions / scopes treated as sets (sorted, compared element-wise), so the same
 * profiles always give the same diff, byte for byte.
 */
import { isObject } from '../document';
import type { CompiledProfile, JsonPointer } from '../types';
import { setOwn } from '../profile/safeRecord';
import { escapeSegment } from './pointer';

export interface ProfileChange {
  pointer: JsonPointer;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

export interface ProfileDiff {
  changes: ProfileChange[];
  /** One line per change: "+ /pointer: value", "- /pointer: value", "~ /pointer: before → after". */
  text: string;
}

/** Lists whose order carries no meaning: compared as sets. */
function isSetList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function canonical(value: unknown): unknown {
  if (isSetList(value)) return [...new Set(value)].sort();
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    if (value[key] !== undefined) setOwn(out, key, canonical(value[key]));
  }
  return out;
}

/** The canonical view of a profile: what is compared and what a side-by-side editor shows. */
export function profileView(profile: CompiledProfile): Record<string, unknown> {
  const { provenance: _provenance, ...rest } = profile;
  return canonical(rest) as Record<string, unknown>;
}

/** Pretty, stable JSON of the view (two-space indent, trailing newline). */
export function renderProfile(profile: CompiledProfile): string {
  return `${JSON.stringify(profileView(profile), null, 2)}\n`;
}

function walk(before: unknown, after: unknown, pointer: string, out: ProfileChange[]): void {
  if (isSetList(before) && isSetList(after)) {
    // Sets, not includes(): two lists of 100,000 modes in another order took half a minute.
    const had = new Set(before);
    const has = new Set(after);
    for (const v of before) if (!has.has(v)) out.push({ pointer, kind: 'removed', before: v });
    for (const v of after) if (!had.has(v)) out.push({ pointer, kind: 'added', after: v });
    return;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) {
      const at = `${pointer}/${escapeSegment(key)}`;
      const has = (o: Record<string, unknown>) => Object.prototype.hasOwnProperty.call(o, key);
      if (!has(after)) out.push({ pointer: at, kind: 'removed', before: before[key] });
      else if (!has(before)) out.push({ pointer: at, kind: 'added', after: after[key] });
      else walk(before[key], after[key], at, out);
    }
    return;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ pointer, kind: 'changed', before, after });
}

function line(change: ProfileChange): string {
  const show = (v: unknown) => JSON.stringify(v);
  switch (change.kind) {
    case 'added':
      return `+ ${change.pointer || '/'}: ${show(change.after)}`;
    case 'removed':
      return `- ${change.pointer || '/'}: ${show(change.before)}`;
    default:
      return `~ ${change.pointer || '/'}: ${show(change.before)} → ${show(change.after)}`;
  }
}

export function diffProfiles(before: CompiledProfile, after: CompiledProfile): ProfileDiff {
  const changes: ProfileChange[] = [];
  walk(profileView(before), profileView(after), '', changes);
  return { changes, text: changes.map(line).join('\n') + (changes.length ? '\n' : '') };
}
