/**
 * Rewrites security requirements seen in the wild into the 1.0 shape
 * `{"schemes": {"<name>": {"list": ["scope", …]}}}` (facts §3):
 *   - 0.3 map without `schemes`:        {"bearer": []}                  → {"schemes": {"bearer": {"list": []}}}
 *   - `schemes` without `list` wrapper: {"schemes": {"g": ["openid"]}}  → {"schemes": {"g": {"list": ["openid"]}}}
 *   - `{}` for an empty scope list stays valid.
 * Returns undefined when the value is not recognisably a requirement (nothing obvious to do).
 */
export type Requirement = { schemes: Record<string, { list: string[] }> };

export function normalizeRequirement(value: unknown): Requirement | undefined {
  if (!isObject(value)) return undefined;
  const inner = isObject(value.schemes) && Object.keys(value).length === 1 ? value.schemes : value;
  const schemes: Record<string, { list: string[] }> = {};
  for (const [name, scopes] of Object.entries(inner)) {
    const list = scopeList(scopes);
    if (list === undefined) return undefined;
    Object.defineProperty(schemes, name, { value: { list }, enumerable: true, writable: true, configurable: true });
  }
  return { schemes };
}

export function normalizeRequirements(value: unknown): Requirement[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: Requirement[] = [];
  for (const item of value) {
    const r = normalizeRequirement(item);
    if (!r) return undefined;
    out.push(r);
  }
  return out;
}

function scopeList(v: unknown): string[] | undefined {
  if (Array.isArray(v)) return v.every((s) => typeof s === 'string') ? (v as string[]) : undefined;
  if (isObject(v)) {
    if (Object.keys(v).length === 0) return [];
    if (Array.isArray(v.list) && v.list.every((s) => typeof s === 'string')) return v.list as string[];
  }
  return undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
