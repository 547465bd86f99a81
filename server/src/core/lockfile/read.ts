/**
 * Reading a capability lockfile: JSON text or a parsed value → a typed `Lockfile`, or the list of what is
 * wrong with it (each with a JSON Pointer into the lockfile). A lockfile that does not pass is never
 * checked: a corrupt pin must block, not silently pass (the npm-ci / pnpm frozen-lockfile behaviour).
 *
 * The structure checked here is schemas/a2a-lock.schema.json (checked by hand for precise messages, then by
 * the precompiled schema validator as the final word) plus two value checks the schema leaves to us: `card_digest` must be "sha256:" + 64 hex digits and `pinned_at` a parseable date-time. Unknown
 * members are ignored (forward compatible; the linter warns about them), but a lockfile whose `lockfile_version`
 * is newer than this reader's format is refused as a whole (format.ts): members it cannot know may be requirements.
 */
import { isCatalogPath, isCatalogUrl } from '../catalog/catalogPath';
import { LOCKFILE_VERSION, newerFormatMessage } from './format';
import type { Evidence, JsonPointer, Lockfile } from '../types';
import { setOwn } from '../profile/safeRecord';
import { pointerOf } from './pointer';
import { isObject, parseDocument } from '../document';
import { validateValue } from '../schema/validate';

export interface LockfileProblem {
  pointer: JsonPointer;
  message: string;
  /** The lockfile is in a format newer than this reader's: not corrupt, just not readable here (format.ts). */
  newerFormat?: true;
}

export type LockfileRead = { ok: true; lockfile: Lockfile } | { ok: false; problems: LockfileProblem[] };

type RequiredSkill = NonNullable<Lockfile['requires']['skills']>[string];

const DIGEST = /^sha256:[0-9a-f]{64}$/i;
const EVIDENCE_RESULTS = new Set(['verified', 'refuted', 'skipped', 'error']);

/** Collects problems while the typed value is built, so all of them are reported at once. */
class Reader {
  readonly problems: LockfileProblem[] = [];

  fail(pointer: JsonPointer, message: string): void {
    this.problems.push({ pointer, message });
  }

  string(obj: Record<string, unknown>, key: string, at: (string | number)[], required: boolean): string | undefined {
    const value = obj[key];
    if (value === undefined) {
      if (required) this.fail(pointerOf(...at), `missing required member "${key}"`);
      return undefined;
    }
    if (typeof value !== 'string') {
      this.fail(pointerOf(...at, key), `"${key}" must be a string`);
      return undefined;
    }
    return value;
  }

  boolean(obj: Record<string, unknown>, key: string, at: (string | number)[]): boolean | undefined {
    const value = obj[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') {
      this.fail(pointerOf(...at, key), `"${key}" must be true or false`);
      return undefined;
    }
    return value;
  }

  strings(obj: Record<string, unknown>, key: string, at: (string | number)[]): string[] | undefined {
    const value = obj[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) {
      this.fail(pointerOf(...at, key), `"${key}" must be an array of strings`);
      return undefined;
    }
    value.forEach((item, i) => {
      if (typeof item !== 'string') this.fail(pointerOf(...at, key, i), 'must be a string');
    });
    return value.filter((v): v is string => typeof v === 'string');
  }

  object(
    obj: Record<string, unknown>,
    key: string,
    at: (string | number)[],
    required: boolean,
  ): Record<string, unknown> | undefined {
    const value = obj[key];
    if (value === undefined) {
      if (required) this.fail(pointerOf(...at), `missing required member "${key}"`);
      return undefined;
    }
    if (!isObject(value)) {
      this.fail(pointerOf(...at, key), `"${key}" must be an object`);
      return undefined;
    }
    return value;
  }
}

function readSkill(r: Reader, value: unknown, id: string): RequiredSkill | undefined {
  const at = ['requires', 'skills', id];
  if (!isObject(value)) {
    r.fail(pointerOf(...at), `skill "${id}" must be an object`);
    return undefined;
  }
  const skill: RequiredSkill = {};
  const input = r.strings(value, 'input', at);
  const output = r.strings(value, 'output', at);
  const scopes = r.strings(value, 'scopes', at);
  const scheme = r.string(value, 'scheme', at, false);
  if (input) skill.input = input;
  if (output) skill.output = output;
  if (scopes) skill.scopes = scopes;
  if (scheme !== undefined) skill.scheme = scheme;
  return skill;
}

function readRequires(r: Reader, root: Record<string, unknown>): Lockfile['requires'] {
  const requires: Lockfile['requires'] = {};
  const obj = r.object(root, 'requires', [], true);
  if (!obj) return requires;
  for (const key of ['streaming', 'push', 'extended_card'] as const) {
    const value = r.boolean(obj, key, ['requires']);
    if (value !== undefined) requires[key] = value;
  }
  const skills = r.object(obj, 'skills', ['requires'], false);
  if (skills) {
    const out: Record<string, RequiredSkill> = {};
    for (const id of Object.keys(skills)) {
      const skill = readSkill(r, skills[id], id);
      if (skill) setOwn(out, id, skill);
    }
    requires.skills = out;
  }
  const extensions = r.strings(obj, 'extensions', ['requires']);
  if (extensions) requires.extensions = extensions;
  return requires;
}

function readEvidence(r: Reader, value: unknown, claim: string): string | Evidence | undefined {
  if (typeof value === 'string') return value;
  const at = ['verified', claim];
  if (!isObject(value)) {
    r.fail(pointerOf(...at), 'evidence must be a string or an object {result, probe, at}');
    return undefined;
  }
  const result = r.string(value, 'result', at, true);
  const probe = r.string(value, 'probe', at, true);
  const when = r.string(value, 'at', at, true);
  const detail = r.string(value, 'detail', at, false);
  if (result !== undefined && !EVIDENCE_RESULTS.has(result)) {
    r.fail(pointerOf(...at, 'result'), `"result" must be one of ${[...EVIDENCE_RESULTS].join(', ')}`);
    return undefined;
  }
  if (result === undefined || probe === undefined || when === undefined) return undefined;
  const evidence: Evidence = { result: result as Evidence['result'], probe, at: when };
  if (detail !== undefined) evidence.detail = detail;
  return evidence;
}

function readVerified(r: Reader, root: Record<string, unknown>): Lockfile['verified'] {
  const obj = r.object(root, 'verified', [], false);
  if (!obj) return undefined;
  const verified: NonNullable<Lockfile['verified']> = {};
  for (const claim of Object.keys(obj)) {
    const evidence = readEvidence(r, obj[claim], claim);
    if (evidence !== undefined) setOwn(verified, claim, evidence);
  }
  return verified;
}

function readInterface(r: Reader, root: Record<string, unknown>): Lockfile['interface'] {
  const obj = r.object(root, 'interface', [], false);
  if (!obj) return undefined;
  const binding = r.string(obj, 'binding', ['interface'], true);
  const version = r.string(obj, 'version', ['interface'], true);
  return binding !== undefined && version !== undefined ? { binding, version } : undefined;
}

/** The verified signing key, read defensively: a member of the wrong type is a problem, never a crash. */
function readSigningKey(r: Reader, root: Record<string, unknown>): Lockfile['signing_key'] {
  const obj = r.object(root, 'signing_key', [], false);
  if (!obj) return undefined;
  const kid = r.string(obj, 'kid', ['signing_key'], false);
  const thumbprint = r.string(obj, 'thumbprint', ['signing_key'], true);
  const origin = r.string(obj, 'origin', ['signing_key'], true);
  if (thumbprint === undefined || origin === undefined) return undefined;
  return { ...(kid !== undefined ? { kid } : {}), thumbprint, origin };
}

/**
 * Where the agent was found (`found_via`): a catalog's http(s) URL or a catalog file's path relative to the lockfile
 * (catalog/catalogPath.ts), the entry's identifier, the version selected.
 */
function readFoundVia(r: Reader, root: Record<string, unknown>): Lockfile['found_via'] {
  const obj = r.object(root, 'found_via', [], false);
  if (!obj) return undefined;
  const catalog = r.string(obj, 'catalog', ['found_via'], true);
  const identifier = r.string(obj, 'identifier', ['found_via'], true);
  const version = r.string(obj, 'version', ['found_via'], false);
  if (catalog !== undefined && !isCatalogUrl(catalog) && !isCatalogPath(catalog))
    r.fail(
      '/found_via/catalog',
      '"catalog" must be the http(s) URL of the catalog the agent was found in, or the path of a catalog file relative to the lockfile',
    );
  if (identifier === '') r.fail('/found_via/identifier', '"identifier" must name the catalog entry');
  if (catalog === undefined || identifier === undefined) return undefined;
  return { catalog, identifier, ...(version !== undefined ? { version } : {}) };
}

/** Validates a parsed lockfile value. */
export function readLockfile(value: unknown): LockfileRead {
  if (!isObject(value)) {
    const what = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    return { ok: false, problems: [{ pointer: '', message: `a lockfile must be a JSON object, not ${what}` }] };
  }
  // A newer format is refused before anything else is read: its members may mean what this reader cannot know.
  const version = value.lockfile_version;
  // Infinity (1e400 in the text) is not an integer but is certainly newer: refused too, never read as format 1.
  if (
    typeof version === 'number' &&
    (Number.isInteger(version) || version === Infinity) &&
    version > LOCKFILE_VERSION
  ) {
    return {
      ok: false,
      problems: [{ pointer: '/lockfile_version', message: newerFormatMessage(version), newerFormat: true }],
    };
  }
  const r = new Reader();
  const schema = r.string(value, '$schema', [], false);
  const agent = r.string(value, 'agent', [], true);
  const pinnedAt = r.string(value, 'pinned_at', [], true);
  const digest = r.string(value, 'card_digest', [], true);
  const agentVersion = r.string(value, 'agent_version', [], false);
  if (agent !== undefined && agent.trim() === '') r.fail('/agent', '"agent" must name the agent card (URL or path)');
  if (pinnedAt !== undefined && !isPinnedAt(pinnedAt))
    r.fail('/pinned_at', '"pinned_at" must be an ISO 8601 date-time');
  if (digest !== undefined && !DIGEST.test(digest))
    r.fail('/card_digest', '"card_digest" must be "sha256:" followed by 64 hex digits');
  const iface = readInterface(r, value);
  const requires = readRequires(r, value);
  const verified = readVerified(r, value);
  const signingKey = readSigningKey(r, value);
  const foundVia = readFoundVia(r, value);
  if (r.problems.length) return { ok: false, problems: r.problems };
  // The schema (schemas/a2a-lock.schema.json, precompiled) has the last word: whatever it rejects is not read,
  // so the reader and `a2acap lint` never disagree about a lockfile being valid.
  const schemaProblems = validateValue(value, 'lockfile');
  if (schemaProblems.length)
    return { ok: false, problems: schemaProblems.map((f) => ({ pointer: f.pointer, message: f.message })) };

  const lockfile: Lockfile = { agent: agent!, pinned_at: pinnedAt!, card_digest: digest!.toLowerCase(), requires };
  if (schema !== undefined) lockfile.$schema = schema;
  if (version !== undefined) lockfile.lockfile_version = version as number; // the schema checked it: an integer ≥ 1
  if (agentVersion !== undefined) lockfile.agent_version = agentVersion;
  if (iface) lockfile.interface = iface;
  if (verified) lockfile.verified = verified;
  if (signingKey) lockfile.signing_key = signingKey;
  if (foundVia) lockfile.found_via = foundVia;
  return { ok: true, lockfile };
}

/** Parses JSON text (a UTF-8 BOM is allowed) and validates it. Syntax errors are problems at ''. */
/** Whether a `pinned_at` value is a date-time the reader accepts (lint's invalid-pinned-at asks the same). */
export function isPinnedAt(value: string): boolean {
  return !Number.isNaN(Date.parse(value));
}

export function parseLockfile(text: string): LockfileRead {
  const doc = parseDocument(text);
  if (!doc.ok) {
    const first = doc.syntaxErrors[0];
    // Empty and binary files have no position worth naming; syntax errors get line and column.
    const message = !first
      ? 'the lockfile is not valid JSON'
      : first.length === 0 && first.offset === 0
        ? first.message
        : `the lockfile is not valid JSON at ${lineColumn(text, first.offset)}: ${first.message}`;
    return { ok: false, problems: [{ pointer: '', message }] };
  }
  return readLockfile(doc.value);
}

/** "line 3, column 7" (1-based, for people) of an offset into the text. */
export function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}
