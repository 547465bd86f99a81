/**
 * The signed payload of an agent card (A2A §8.4.1): RFC 8785 (JCS) of the card without `signatures`, after
 * the spec's default-value handling, plus the canonicalization VARIANTS real SDKs produce (facts §10), so a
 * signature that only matches a variant is reported as "canonicalization variant", not as forged.
 *
 * Spec handling, per field of the proto messages below:
 * - REQUIRED fields are always kept, even empty;
 * - fields with explicit presence (proto3 `optional`, singular messages, oneof members) are kept when present;
 * - other fields are dropped when they hold their default ('' / false / 0 / [] / {}).
 * Unknown members and Struct values are kept untouched.
 */
import { canonicalJson, digestPayload } from '../card/digest';
import { isObject } from '../document';

type FieldKind = 'required' | 'presence' | 'plain';
interface Field {
  kind: FieldKind;
  msg?: string;
  repeated?: boolean;
  map?: boolean;
  struct?: boolean;
}
const R = (msg?: string, extra: Partial<Field> = {}): Field => ({
  kind: 'required',
  ...(msg ? { msg } : {}),
  ...extra,
});
const P = (msg?: string, extra: Partial<Field> = {}): Field => ({
  kind: 'presence',
  ...(msg ? { msg } : {}),
  ...extra,
});
const D = (msg?: string, extra: Partial<Field> = {}): Field => ({ kind: 'plain', ...(msg ? { msg } : {}), ...extra });

const FLOW: Record<string, Field> = {
  authorizationUrl: R(),
  tokenUrl: R(),
  deviceAuthorizationUrl: R(),
  refreshUrl: D(),
  scopes: R(undefined, { map: true }),
  pkceRequired: D(),
};

/** The proto messages of an agent card (a2a.proto v1.0.1), reduced to what default handling needs. */
const MESSAGES: Record<string, Record<string, Field>> = {
  AgentCard: {
    name: R(),
    description: R(),
    supportedInterfaces: R('AgentInterface', { repeated: true }),
    provider: P('AgentProvider'),
    version: R(),
    documentationUrl: P(),
    capabilities: R('AgentCapabilities'),
    securitySchemes: D('SecurityScheme', { map: true }),
    securityRequirements: D('SecurityRequirement', { repeated: true }),
    defaultInputModes: R(undefined, { repeated: true }),
    defaultOutputModes: R(undefined, { repeated: true }),
    skills: R('AgentSkill', { repeated: true }),
    iconUrl: P(),
  },
  AgentInterface: { url: R(), protocolBinding: R(), tenant: D(), protocolVersion: R() },
  AgentProvider: { url: R(), organization: R() },
  AgentCapabilities: {
    streaming: P(),
    pushNotifications: P(),
    extensions: D('AgentExtension', { repeated: true }),
    extendedAgentCard: P(),
  },
  AgentExtension: { uri: D(), description: D(), required: D(), params: P(undefined, { struct: true }) },
  AgentSkill: {
    id: R(),
    name: R(),
    description: R(),
    tags: R(undefined, { repeated: true }),
    examples: D(undefined, { repeated: true }),
    inputModes: D(undefined, { repeated: true }),
    outputModes: D(undefined, { repeated: true }),
    securityRequirements: D('SecurityRequirement', { repeated: true }),
  },
  SecurityRequirement: { schemes: D('StringList', { map: true }) },
  StringList: { list: D(undefined, { repeated: true }) },
  SecurityScheme: {
    apiKeySecurityScheme: P('ApiKey'),
    httpAuthSecurityScheme: P('HttpAuth'),
    oauth2SecurityScheme: P('OAuth2'),
    openIdConnectSecurityScheme: P('Oidc'),
    mtlsSecurityScheme: P('Mtls'),
  },
  ApiKey: { description: D(), location: R(), name: R() },
  HttpAuth: { description: D(), scheme: R(), bearerFormat: D() },
  OAuth2: { description: D(), flows: R('OAuthFlows'), oauth2MetadataUrl: D() },
  Oidc: { description: D(), openIdConnectUrl: R() },
  Mtls: { description: D() },
  OAuthFlows: {
    authorizationCode: P('Flow'),
    clientCredentials: P('Flow'),
    implicit: P('Flow'),
    password: P('Flow'),
    deviceCode: P('Flow'),
  },
  Flow: FLOW,
};

function isDefault(v: unknown): boolean {
  return (
    v === '' ||
    v === false ||
    v === 0 ||
    v === null ||
    (Array.isArray(v) && v.length === 0) ||
    (isObject(v) && Object.keys(v).length === 0)
  );
}

/** Apply §8.4.1 default handling to a value of message `msg`; `dropUnknown` imitates a proto round trip. */
function normalize(value: unknown, msg: string, dropUnknown: boolean): unknown {
  const fields = MESSAGES[msg];
  if (!fields || !isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = fields[key];
    if (!field) {
      if (!dropUnknown) out[key] = v;
      continue;
    }
    if (field.kind === 'plain' && isDefault(v)) continue;
    out[key] = field.struct ? v : normalizeField(v, field, dropUnknown);
  }
  return out;
}

function normalizeField(v: unknown, field: Field, dropUnknown: boolean): unknown {
  if (!field.msg) return v;
  if (field.repeated && Array.isArray(v)) return v.map((x) => normalize(x, field.msg!, dropUnknown));
  if (field.map && isObject(v))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normalize(x, field.msg!, dropUnknown)]));
  return normalize(v, field.msg, dropUnknown);
}

/** a2a-js / a2a-python: strip every empty string/array/object (even REQUIRED ones) and nulls; keep false/0. */
function cleanEmpty(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return undefined;
  if (Array.isArray(v)) {
    const list = v.map(cleanEmpty).filter((x) => x !== undefined);
    return list.length ? list : undefined;
  }
  if (isObject(v)) {
    const entries = Object.entries(v)
      .map(([k, x]) => [k, cleanEmpty(x)] as const)
      .filter(([, x]) => x !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return v;
}

/** Python's json.dumps(sort_keys=True, separators=(',', ':')) escapes every non-ASCII character. */
function asciiEscape(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export type CanonicalVariant = 'spec' | 'as-served' | 'sdk-stripped' | 'sdk-stripped-ascii';

export const VARIANT_EXPLANATION: Record<CanonicalVariant, string> = {
  spec: 'A2A §8.4.1 default handling + RFC 8785',
  'as-served': 'RFC 8785 of the card as served, without §8.4.1 default handling',
  'sdk-stripped': 'the a2a-js/a2a-python SDK form (proto round trip, every empty value stripped, even REQUIRED ones)',
  'sdk-stripped-ascii': 'the a2a-python form (empty values stripped, non-ASCII escaped by json.dumps)',
};

/** The canonical payload bytes for each variant (UTF-8 text). Throws a one-line Error if the card cannot be canonicalized. */
export function canonicalPayloads(card: unknown): Record<CanonicalVariant, string> {
  // The same payload the card digest hashes (the card minus top-level `signatures`).
  const base = digestPayload(card);
  const jcs = (v: unknown): string => canonicalJson(v ?? {});
  const stripped = jcs(cleanEmpty(normalize(base, 'AgentCard', true)) ?? {});
  return {
    spec: jcs(normalize(base, 'AgentCard', false)),
    'as-served': jcs(base),
    'sdk-stripped': stripped,
    'sdk-stripped-ascii': asciiEscape(stripped),
  };
}
