/**
 * unknown-field: members the schema does not define. Clients ignore unknown members (§5.7), so this is a warning,
 * never an error; it mostly catches typos (a misspelled optional member silently means "absent"). The walk is
 * driven by the schema itself, so the schema stays the one source of member names, and it only descends where the
 * schema does (bounded depth: never into free-form params or unknown members).
 */
import cardSchema from '../../../../schemas/agent-card-1.0.schema.json';
import lockSchema from '../../../../schemas/a2a-lock.schema.json';
import { isObject } from '../document';
import { finding, Rule } from './context';
import { pointerTo } from './walk';
import type { Finding } from '../types';

type Schema = Record<string, unknown>;

function resolve(schema: unknown, root: Schema): Schema {
  let s = isObject(schema) ? schema : {};
  for (let hops = 0; typeof s.$ref === 'string' && hops < 8; hops++) {
    const name = s.$ref.replace('#/$defs/', '');
    const defs = isObject(root.$defs) ? root.$defs : {};
    s = isObject(defs[name]) ? defs[name] : {};
  }
  return s;
}

/** For a oneOf of alternatives (lockfile evidence: string | object) pick the one describing objects. */
function objectBranch(s: Schema, root: Schema): Schema {
  if (!Array.isArray(s.oneOf)) return s;
  return s.oneOf.map((b) => resolve(b, root)).find((b) => b.type === 'object') ?? s;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

export function suggestMember(member: string, known: string[]): string | null {
  const lower = member.toLowerCase();
  const exact = known.find((k) => k.toLowerCase() === lower);
  if (exact) return exact;
  const close = known.filter((k) => editDistance(k.toLowerCase(), lower) <= 2);
  return close.length === 1 ? close[0] : null;
}

const MAX_DEPTH = 12;

function walk(value: unknown, schema: unknown, root: Schema, pointer: string, depth: number, out: Finding[]): void {
  if (depth > MAX_DEPTH) return;
  const s = objectBranch(resolve(schema, root), root);
  if (Array.isArray(value)) {
    if (s.items) value.forEach((item, i) => walk(item, s.items, root, `${pointer}/${i}`, depth + 1, out));
    return;
  }
  if (!isObject(value)) return;
  const props = isObject(s.properties) ? s.properties : undefined;
  const extra = isObject(s.additionalProperties) ? s.additionalProperties : undefined;
  if (!props && !extra) return; // free-form object (params, header, scopes map of strings…)
  const known = props ? Object.keys(props) : [];
  for (const [key, child] of Object.entries(value)) {
    const at = pointerTo(pointer, key);
    if (props && Object.prototype.hasOwnProperty.call(props, key)) walk(child, props[key], root, at, depth + 1, out);
    else if (extra) walk(child, extra, root, at, depth + 1, out);
    else {
      const suggestion = suggestMember(key, known);
      out.push(finding('unknown-field', at,
        `"${key.length > 60 ? key.slice(0, 57) + '…' : key}" is not a member A2A 1.0 defines here; clients ignore it.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
        { target: 'key', data: { member: key, suggestion } }));
    }
  }
}

export const unknownField: Rule = ({ value, kind }) => {
  const root = (kind === 'lockfile' ? lockSchema : cardSchema) as Schema;
  const out: Finding[] = [];
  walk(value, root, root, '', 0, out);
  return out;
};
