/**
 * Reads security requirements and schemes into the compiled, call-relevant form.
 *
 * Requirement shapes accepted (the `security-requirement-shape` lint rule reports the non-1.0 ones; the
 * compiler still reads them because a lenient SDK would, and dropping them would hide a real requirement):
 *   1.0:            {"schemes": {"oauth": {"list": ["a", "b"]}}}
 *   empty list:     {"schemes": {"bearer": {}}}           (observed from @a2a-js/sdk) → []
 *   a2a-go v2:      {"schemes": {"oauth": ["a", "b"]}}
 *   0.3 map:        {"oauth": ["a", "b"]}
 * An array of requirements is OR; the schemes inside one requirement are AND.
 */
import { isObject } from '../document';
import type { SecurityAlternative } from '../types';
import { setOwn, stringList } from './safeRecord';

function scopesOf(value: unknown): readonly string[] | null {
  if (Array.isArray(value)) return stringList(value);
  if (isObject(value)) return Array.isArray(value.list) ? stringList(value.list) : [];
  return null;
}

function alternativeOf(requirement: unknown): SecurityAlternative | null {
  if (!isObject(requirement)) return null;
  const wrapped = Object.prototype.hasOwnProperty.call(requirement, 'schemes') && isObject(requirement.schemes);
  const schemes = wrapped ? (requirement.schemes as Record<string, unknown>) : requirement;
  const alternative: SecurityAlternative = {};
  for (const name in schemes) {
    if (!Object.prototype.hasOwnProperty.call(schemes, name)) continue;
    const scopes = scopesOf(schemes[name]);
    if (scopes !== null) setOwn<readonly string[]>(alternative, name, scopes);
  }
  return alternative;
}

/** Whether readRequirements reads alternatives from `value` (a non-empty array), without reading them. */
export function hasRequirements(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0;
}

/** The alternatives of a `securityRequirements` array; null when the member is absent, not an array or empty. */
export function readRequirements(value: unknown): SecurityAlternative[] | null {
  if (!hasRequirements(value)) return null;
  const alternatives: SecurityAlternative[] = [];
  for (let i = 0; i < value.length; i++) {
    const alternative = alternativeOf(value[i]);
    if (alternative !== null) alternatives.push(alternative);
  }
  return alternatives;
}

/** oneof key of a 1.0 SecurityScheme → the short type name used in profiles. */
const SCHEME_TYPES: Record<string, string> = {
  apiKeySecurityScheme: 'apiKey',
  httpAuthSecurityScheme: 'http',
  oauth2SecurityScheme: 'oauth2',
  openIdConnectSecurityScheme: 'openIdConnect',
  mtlsSecurityScheme: 'mtls',
};

/** 0.3 / OpenAPI `type` values → the same names (legacy cards are read, and linted elsewhere). */
const LEGACY_TYPES: Record<string, string> = {
  apiKey: 'apiKey',
  http: 'http',
  oauth2: 'oauth2',
  openIdConnect: 'openIdConnect',
  mutualTLS: 'mtls',
};

const FLOWS = ['authorizationCode', 'clientCredentials', 'deviceCode', 'implicit', 'password'];

function flowOf(body: unknown): string | undefined {
  if (!isObject(body) || !isObject(body.flows)) return undefined;
  const flows = body.flows;
  const present = FLOWS.filter((f) => Object.prototype.hasOwnProperty.call(flows, f));
  return present.length ? present.join('+') : undefined;
}

function schemeOf(value: unknown): { type: string; flow?: string } {
  if (!isObject(value)) return { type: 'unknown' };
  for (const [key, type] of Object.entries(SCHEME_TYPES)) {
    if (Object.prototype.hasOwnProperty.call(value, key)) return withFlow(type, value[key]);
  }
  // ts-proto internal form leaked by @a2a-js/sdk 1.3.0: {"scheme": {"$case": "...", "value": {...}}}
  const leaked = value.scheme;
  const leakedType =
    isObject(leaked) &&
    typeof leaked.$case === 'string' &&
    Object.prototype.hasOwnProperty.call(SCHEME_TYPES, leaked.$case)
      ? SCHEME_TYPES[leaked.$case]
      : undefined;
  if (isObject(leaked) && leakedType !== undefined) return withFlow(leakedType, leaked.value);
  const legacyType =
    typeof value.type === 'string' && Object.prototype.hasOwnProperty.call(LEGACY_TYPES, value.type)
      ? LEGACY_TYPES[value.type]
      : undefined;
  if (legacyType !== undefined) return withFlow(legacyType, value);
  return { type: 'unknown' };
}

function withFlow(type: string, body: unknown): { type: string; flow?: string } {
  const flow = type === 'oauth2' ? flowOf(body) : undefined;
  return flow ? { type, flow } : { type };
}

/** `securitySchemes` → name → {type, flow}; names keep the card's order. */
export function readSchemes(value: unknown): Record<string, { type: string; flow?: string }> {
  const schemes: Record<string, { type: string; flow?: string }> = {};
  if (!isObject(value)) return schemes;
  for (const name of Object.keys(value)) setOwn(schemes, name, schemeOf(value[name]));
  return schemes;
}
