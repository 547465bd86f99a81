/**
 * Runs the validators precompiled at build time (scripts/build.mjs → generated/validators.js, ajv standalone,
 * JSON Schema 2020-12, allErrors) and turns ajv errors into `schema` findings people can act on:
 * a missing member points at its parent's key, a oneOf failure becomes one sentence naming the choices,
 * and duplicates are dropped. Unknown members are never schema errors (the schemas allow them).
 */
import type { ErrorObject } from 'ajv';
import { validateAgentCard, validateAiCatalog, validateLockfile } from './generated/validators';
import { escapeSegment, parsePointer, valueAtPointer } from '../pointer/range';
import { isObject } from '../document';
import { MAX_FINDINGS_PER_RULE } from '../findingCap';
import type { DocumentKind, Finding } from '../types';

/** Proto oneof groups, written as "exactly one of these keys" in the schema. */
interface OneOfGroup {
  what: string;
  keys: string[];
  legacyHint?: (present: string[]) => string | undefined;
}

/** The security scheme's oneof, then the OAuth flows' (a tuple: the fallback below names each by position). */
const ONE_OF_GROUPS: readonly [OneOfGroup, OneOfGroup] = [
  {
    what: 'a security scheme',
    keys: [
      'apiKeySecurityScheme',
      'httpAuthSecurityScheme',
      'oauth2SecurityScheme',
      'openIdConnectSecurityScheme',
      'mtlsSecurityScheme',
    ],
  },
  {
    what: 'OAuth flows',
    keys: ['authorizationCode', 'clientCredentials', 'deviceCode', 'implicit', 'password'],
  },
];

/** Spellings seen in the wild for the oneof keys (whats-new-v1.md uses authorizationCodeFlow / implicitFlow). */
function misspelledKey(value: unknown, keys: string[]): { found: string; key: string } | undefined {
  if (!isObject(value)) return undefined;
  for (const found of Object.keys(value)) {
    for (const key of keys) {
      if (found !== key && (found === `${key}Flow` || found.toLowerCase() === key.toLowerCase())) return { found, key };
    }
  }
  return undefined;
}

/** The schema findings of a value, at most `limit` (MAX_FINDINGS_PER_RULE by default: see findingCap.ts). */
export function validateValue(value: unknown, kind: DocumentKind, limit = MAX_FINDINGS_PER_RULE): Finding[] {
  return validateCapped(value, kind, limit).findings;
}

/** At most `limit` schema findings, and how many more there were (counted, not made). */
export function validateCapped(value: unknown, kind: DocumentKind, limit: number): CappedFindings {
  const validate = kind === 'lockfile' ? validateLockfile : kind === 'catalog' ? validateAiCatalog : validateAgentCard;
  if (validate(value)) return { findings: [], leftOut: 0 };
  return mapErrorsCapped(validate.errors ?? [], value, kind, limit);
}

export interface CappedFindings {
  findings: Finding[];
  leftOut: number;
}

/** ajv instancePath segments are already RFC 6901 escaped; append one raw segment. */
function childPointer(parent: string, key: string): string {
  return `${parent}/${escapeSegment(key)}`;
}

export function mapErrors(errors: ErrorObject[], root: unknown, kind: DocumentKind = 'card'): Finding[] {
  return mapErrorsCapped(errors, root, kind, Infinity).findings;
}

/**
 * Past `limit` findings the remaining errors are only counted (an error that would repeat a finding already made
 * may be counted too: exact counting would cost the message of every one of them).
 */
function mapErrorsCapped(errors: ErrorObject[], root: unknown, kind: DocumentKind, limit: number): CappedFindings {
  const oneOfs = errors.filter((e) => e.keyword === 'oneOf');
  const oneOfPaths = new Set(oneOfs.map((e) => `${e.instancePath}|${e.schemaPath}`));
  // Indexed by instance path: a type error is looked up in it, not compared with every oneOf (quadratic in big cards).
  const oneOfAt = new Set(oneOfs.map((e) => e.instancePath));
  const findings: Finding[] = [];
  const seen = new Set<string>();
  let leftOut = 0;
  for (const error of errors) {
    if (isOneOfBranchError(error, oneOfPaths, oneOfAt)) continue;
    if (kind === 'catalog' && isCatalogEntryChoice(error)) continue;
    if (findings.length >= limit) {
      leftOut++;
      continue;
    }
    const finding = toFinding(error, root, kind);
    const key = `${finding.pointer}|${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  return { findings, leftOut };
}

/**
 * A catalog entry's "exactly one of url and data" (catalog-entry-url-and-data says it, at the entry) and the
 * branches of its "type or mediaType" (the anyOf error says it once).
 */
function isCatalogEntryChoice(error: ErrorObject): boolean {
  if (error.keyword === 'oneOf') return true;
  return /\/(?:oneOf|anyOf)\/\d+\/required$/.test(error.schemaPath);
}

/** The per-branch "must have required property X" errors of a oneOf: summarised by the oneOf error itself. */
function isOneOfBranchError(error: ErrorObject, oneOfPaths: Set<string>, oneOfAt: Set<string>): boolean {
  // A type mismatch at the very place a oneOf failed is what the oneOf summary already says (a $ref'd branch
  // reports it under the referenced definition's path, so it is matched by instance path).
  if (error.keyword === 'type' && oneOfAt.has(error.instancePath)) return true;
  const m = /^(.*\/oneOf)\/\d+\/[^/]+$/.exec(error.schemaPath);
  return m !== null && oneOfPaths.has(`${error.instancePath}|${m[1]}`);
}

function toFinding(error: ErrorObject, root: unknown, kind: DocumentKind): Finding {
  const at = error.instancePath;
  const name = readablePath(at, kind);
  switch (error.keyword) {
    case 'required': {
      const missing = String((error.params as { missingProperty?: string }).missingProperty);
      return {
        code: 'schema',
        severity: 'error',
        pointer: childPointer(at, missing),
        target: 'key',
        message: `${at === '' ? `The ${DOCUMENT_NAME[kind]}` : `"${name}"`} is missing the REQUIRED member "${missing}": add it.`,
        data: { missing, parent: at },
      };
    }
    case 'minItems':
      return {
        code: 'schema',
        severity: 'error',
        pointer: at,
        message: `"${name}" must list at least one item (REQUIRED arrays cannot be empty).`,
        data: { minItems: (error.params as { limit?: number }).limit ?? 1 },
      };
    case 'type': {
      const expected = String((error.params as { type?: string }).type);
      const actual = valueAtPointer(root, at);
      const hint = actual === null ? ' Omit an unset optional member instead of writing null.' : '';
      return {
        code: 'schema',
        severity: 'error',
        pointer: at,
        message: `"${name}" must be ${article(expected)} ${expected}, not ${describeType(actual)}.${hint}`,
        data: { expected, actual: describeType(actual) },
      };
    }
    case 'enum': {
      const allowed = ((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).map((v) =>
        JSON.stringify(v),
      );
      return {
        code: 'schema',
        severity: 'error',
        pointer: at,
        message: `"${name}" must be one of ${allowed.join(', ')}.`,
        data: { allowed: (error.params as { allowedValues?: unknown[] }).allowedValues ?? [] },
      };
    }
    case 'oneOf':
      return oneOfFinding(error, root);
    case 'anyOf':
      return {
        code: 'schema',
        severity: 'error',
        pointer: at,
        message: `"${name}" names no media type: add "type" (application/a2a-agent-card+json for an agent card, application/ai-catalog+json for a nested catalog).`,
        data: { missing: 'type', parent: at },
      };
    default:
      return { code: 'schema', severity: 'error', pointer: at, message: `"${name}" ${error.message ?? 'is invalid'}.` };
  }
}

function oneOfFinding(error: ErrorObject, root: unknown): Finding {
  const at = error.instancePath;
  if (/^\/verified\//.test(at)) {
    return {
      code: 'schema',
      severity: 'error',
      pointer: at,
      message: `Evidence for "${lastSegment(at)}" must be a string (e.g. "probe ok 2026-10-02") or an object {"result", "probe", "at"}.`,
    };
  }
  const value = valueAtPointer(root, at);
  const present = isObject(value) ? Object.keys(value) : [];
  const group =
    ONE_OF_GROUPS.find((g) => g.keys.some((k) => present.includes(k))) ??
    ONE_OF_GROUPS.find((g) => misspelledKey(value, g.keys)) ??
    (lastSegment(at) === 'flows' ? ONE_OF_GROUPS[1] : ONE_OF_GROUPS[0]);
  const choices = group.keys.join(', ');
  const passing = (error.params as { passingSchemas?: number[] | null }).passingSchemas;
  const chosen = group.keys.filter((k) => present.includes(k));
  let message: string;
  if (passing && chosen.length > 1) {
    message = `"${readablePath(at)}": ${group.what} must have exactly one of ${choices}; this one has ${chosen.join(' and ')}: keep one (split the others into separate entries).`;
  } else {
    const typo = misspelledKey(value, group.keys);
    message = typo
      ? `"${readablePath(at)}": ${group.what} must have exactly one of ${choices}; "${typo.found}" is not one of them: rename it to "${typo.key}".`
      : `"${readablePath(at)}": ${group.what} must have exactly one of ${choices}; none found.`;
  }
  const typo = misspelledKey(value, group.keys);
  const data: Record<string, unknown> = { oneOf: group.keys, present: chosen };
  if (typo && chosen.length === 0) data.rename = { from: typo.found, to: typo.key };
  return { code: 'schema', severity: 'error', pointer: at, message, data };
}

function lastSegment(pointer: string): string {
  const segs = parsePointer(pointer);
  return segs[segs.length - 1] ?? '';
}

/** A pointer as people read it: /skills/2/tags/0 → skills[2].tags[0]; '' → the card (or lockfile). */
export function readablePath(pointer: string, kind: DocumentKind = 'card'): string {
  const segs = parsePointer(pointer);
  if (segs.length === 0) return `the ${DOCUMENT_NAME[kind]}`;
  return segs.map((seg, i) => (/^(0|[1-9]\d*)$/.test(seg) ? `[${seg}]` : i === 0 ? seg : `.${seg}`)).join('');
}

const DOCUMENT_NAME: Record<DocumentKind, string> = { card: 'card', lockfile: 'lockfile', catalog: 'catalog' };

function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  return typeof v;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? 'an' : 'a';
}
