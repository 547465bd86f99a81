/**
 * `ignore` in .a2a/config.json: findings a team has decided to live with, kept outside the card (which is public).
 * Each entry names a rule (or a policy id), optionally a `file` glob and a `pointer`, always a `reason`, and
 * optionally an `until` date after which the finding is reported again. What an entry matches is decided in
 * suppressions.ts; here the entries are only read, and a malformed one is one message naming it.
 */
import { isObject } from '../document';
import { suggestMember } from '../text/nearName';

export interface IgnoreEntry {
  rule: string;
  /** A glob relative to the repository root (the folder holding .a2a/); absent: every file. */
  file?: string;
  /** The member (and everything under it) whose findings are accepted; absent: the whole file. */
  pointer?: string;
  reason: string;
  /** YYYY-MM-DD: the last day the entry applies. */
  until?: string;
}

export type IgnoreRead = { ok: true; entries: IgnoreEntry[] } | { ok: false; pointer: string; message: string };

const MEMBERS = ['rule', 'file', 'pointer', 'reason', 'until'];
/**
 * A glob from a repository becomes a regular expression: its length and its `**` are bounded, so a hostile pattern
 * cannot make matching a path backtrack for long.
 */
const MAX_GLOB = 256;
const MAX_GLOBSTARS = 4;
const MAX_TEXT = 1000;

export function readIgnoreEntries(value: unknown): IgnoreRead {
  if (!Array.isArray(value))
    return bad('/ignore', 'must be an array of {"rule", "reason", "file"?, "pointer"?, "until"?}');
  const entries: IgnoreEntry[] = [];
  for (const [i, item] of value.entries()) {
    const read = readEntry(item, `/ignore/${i}`);
    if ('ok' in read) return read;
    entries.push(read);
  }
  return { ok: true, entries };
}

function readEntry(item: unknown, at: string): IgnoreEntry | Extract<IgnoreRead, { ok: false }> {
  if (!isObject(item)) return bad(at, 'must be an object {"rule", "reason", "file"?, "pointer"?, "until"?}');
  const extra = Object.keys(item).find((k) => !MEMBERS.includes(k));
  if (extra !== undefined) {
    const near = suggestMember(extra, MEMBERS);
    return bad(
      `${at}/${extra}`,
      `unknown member${near ? ` (did you mean "${near}"?)` : ''}; expected ${MEMBERS.map((m) => `"${m}"`).join(', ')}`,
    );
  }
  const { rule, file, pointer, reason, until } = item;
  if (typeof rule !== 'string' || rule === '')
    return bad(`${at}/rule`, 'is required: the rule id (or policy id) whose finding is accepted');
  if (typeof reason !== 'string' || reason.trim() === '')
    return bad(`${at}/reason`, `is required (rule "${rule}"): say why the finding is accepted`);
  if (reason.length > MAX_TEXT) return bad(`${at}/reason`, `is longer than ${MAX_TEXT} characters`);
  const entry: IgnoreEntry = { rule, reason };
  if (file !== undefined) {
    if (typeof file !== 'string' || file === '')
      return bad(`${at}/file`, 'must be a glob such as "agents/**/agent-card.json"');
    if (file.length > MAX_GLOB || (file.match(/\*\*/g)?.length ?? 0) > MAX_GLOBSTARS)
      return bad(`${at}/file`, `must be at most ${MAX_GLOB} characters with at most ${MAX_GLOBSTARS} "**"`);
    entry.file = file.replace(/^\.\//, '');
  }
  if (pointer !== undefined) {
    if (typeof pointer !== 'string' || !isJsonPointer(pointer))
      return bad(`${at}/pointer`, 'must be a JSON Pointer such as "/skills/0/description" ("" is the whole document)');
    entry.pointer = pointer;
  }
  if (until !== undefined) {
    if (typeof until !== 'string' || !isCalendarDate(until))
      return bad(`${at}/until`, `must be a date YYYY-MM-DD (got ${JSON.stringify(until)?.slice(0, 40)})`);
    entry.until = until;
  }
  return entry;
}

function isJsonPointer(p: string): boolean {
  return p.length <= MAX_TEXT && (p === '' || (p.startsWith('/') && !/~[^01]|~$/.test(p)));
}

/** YYYY-MM-DD naming a day that exists (not 2026-02-30). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

function bad(pointer: string, message: string): Extract<IgnoreRead, { ok: false }> {
  return { ok: false, pointer, message };
}
