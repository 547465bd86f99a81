/**
 * 0.3 (OpenAPI-style) security scheme → 1.0 oneof member (facts §3, §13):
 *   {type: apiKey, in, name}            → {apiKeySecurityScheme: {location, name}}
 *   {type: http, scheme, bearerFormat}  → {httpAuthSecurityScheme: {scheme, bearerFormat}}
 *   {type: oauth2, flows}               → {oauth2SecurityScheme: {flows: exactly one flow}}
 *   {type: openIdConnect, openIdConnectUrl} → {openIdConnectSecurityScheme: {...}}
 *   {type: mutualTLS}                   → {mtlsSecurityScheme: {}}
 * Also unwraps the ts-proto internal form {scheme: {$case, value}} leaked by some SDKs.
 */
const FLOW_PREFERENCE = ['authorizationCode', 'clientCredentials', 'deviceCode', 'implicit', 'password'];
const FLOW_ALIASES: Record<string, string> = {
  authorizationCodeFlow: 'authorizationCode',
  clientCredentialsFlow: 'clientCredentials',
  deviceCodeFlow: 'deviceCode',
  implicitFlow: 'implicit',
  passwordFlow: 'password',
};
const ONEOF_KEYS = new Set([
  'apiKeySecurityScheme',
  'httpAuthSecurityScheme',
  'oauth2SecurityScheme',
  'openIdConnectSecurityScheme',
  'mtlsSecurityScheme',
]);

export interface SchemeMigration {
  scheme: Record<string, unknown>;
  notes: string[];
}

/** Returns undefined when the scheme is already 1.0-shaped or not recognisable. */
export function migrateSecurityScheme(name: string, value: unknown): SchemeMigration | undefined {
  if (!isObject(value)) return undefined;
  const sdk = unwrapSdkInternal(value);
  if (sdk) return { scheme: sdk, notes: [] };
  if (typeof value.type !== 'string') return undefined;
  const notes: string[] = [];
  const description = typeof value.description === 'string' ? { description: value.description } : {};
  switch (value.type) {
    case 'apiKey':
      return {
        scheme: {
          apiKeySecurityScheme: {
            location: value.in ?? value.location ?? 'header',
            name: value.name ?? '',
            ...description,
          },
        },
        notes,
      };
    case 'http':
      return {
        scheme: {
          httpAuthSecurityScheme: {
            scheme: value.scheme ?? 'Bearer',
            ...(value.bearerFormat !== undefined ? { bearerFormat: value.bearerFormat } : {}),
            ...description,
          },
        },
        notes,
      };
    case 'oauth2': {
      const flows = oneFlow(name, value.flows, notes);
      const meta = value.oauth2MetadataUrl !== undefined ? { oauth2MetadataUrl: value.oauth2MetadataUrl } : {};
      return { scheme: { oauth2SecurityScheme: { flows, ...meta, ...description } }, notes };
    }
    case 'openIdConnect':
      return {
        scheme: { openIdConnectSecurityScheme: { openIdConnectUrl: value.openIdConnectUrl ?? '', ...description } },
        notes,
      };
    case 'mutualTLS':
    case 'mtls':
      return { scheme: { mtlsSecurityScheme: { ...description } }, notes };
    default:
      return undefined;
  }
}

/** {scheme: {$case: K, value: V}} or {$case: K, value: V} → {K: V}. */
export function unwrapSdkInternal(value: Record<string, unknown>): Record<string, unknown> | undefined {
  const inner = isObject(value.scheme) && Object.keys(value).length === 1 ? value.scheme : value;
  if (typeof inner.$case === 'string' && ONEOF_KEYS.has(inner.$case) && 'value' in inner)
    return { [inner.$case]: inner.value };
  return undefined;
}

/** 1.0 allows exactly one OAuth flow per scheme: keep the preferred one, note the rest. */
export function oneFlow(name: string, flows: unknown, notes: string[]): Record<string, unknown> {
  if (!isObject(flows)) return {};
  const renamed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(flows)) renamed[FLOW_ALIASES[k] ?? k] = v;
  const present = FLOW_PREFERENCE.filter((f) => Object.hasOwn(renamed, f));
  const [keep] = present;
  if (keep === undefined) return renamed;
  const dropped = Object.keys(renamed).filter((k) => k !== keep);
  if (dropped.length)
    notes.push(
      `security scheme ${JSON.stringify(name)}: A2A 1.0 allows one OAuth flow per scheme; kept ${keep}, dropped ${dropped.join(', ')} (declare another scheme for each if clients need them)`,
    );
  return { [keep]: renamed[keep] };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
