/**
 * unknown-field: members the schema does not define. Clients ignore unknown members (§5.7), so this is a warning,
 * never an error; it mostly catches typos (a misspelled optional member silently means "absent"). The walk is
 * driven by the schema itself, so the schema stays the one source of member names, and it only descends where the
 * schema does (bounded depth: never into free-form params or unknown members).
 */
import cardSchema from '../../../../schemas/agent-card-1.0.schema.json';
import lockSchema from '../../../../schemas/a2a-lock.schema.json';
import { isObject } from '../document';
import { suggestMember } from '../text/nearName';
import {
  admit,
  finding,
  Rule,
  type RuleContext,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
} from './context';
import { pointerTo } from '../card/walk';
import type { DocumentKind, Finding } from '../types';

export const meta: RuleMeta = {
  id: 'unknown-field',
  defaultSeverity: 'warning',
  title: 'A member the A2A 1.0 schema does not define',
  appliesTo: ['card', 'lockfile'],
};

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

const MAX_DEPTH = 12;

/** A schema node reduced to what the walk needs, compiled once per schema (the walk runs on every keystroke). */
interface Shape {
  props?: Map<string, Shape>;
  known?: string[];
  extra?: Shape;
  items?: Shape;
  /** Nothing below can be unknown (strings, free-form objects, arrays of those): the walk skips it. */
  leaf?: boolean;
  /** The known member last seen at each position of an object of this shape, and its child shape (see walk). */
  recentKeys: (string | undefined)[];
  recentChildren: (Shape | undefined)[];
}

/** Positions remembered per shape: enough for any card object; free-form maps beyond it just take the lookup. */
const RECENT_POSITIONS = 32;

function compileShape(schema: unknown, root: Schema, memo: Map<unknown, Shape>): Shape {
  const s = objectBranch(resolve(schema, root), root);
  const hit = memo.get(s);
  if (hit) return hit;
  const shape: Shape = { recentKeys: [], recentChildren: [] };
  memo.set(s, shape); // before recursing: the schemas are acyclic today, but a cycle must not loop forever
  if (isObject(s.properties)) {
    shape.known = Object.keys(s.properties);
    shape.props = new Map(Object.entries(s.properties).map(([k, v]) => [k, compileShape(v, root, memo)]));
  }
  if (isObject(s.additionalProperties)) shape.extra = compileShape(s.additionalProperties, root, memo);
  if (s.items) shape.items = compileShape(s.items, root, memo);
  shape.leaf = !shape.props && !shape.extra && (!shape.items || shape.items.leaf === true);
  return shape;
}

const SHAPES = {
  card: compileShape(cardSchema, cardSchema as Schema, new Map()),
  lockfile: compileShape(lockSchema, lockSchema as Schema, new Map()),
};

/**
 * The path is a reused stack; a pointer string is only built for a finding. Children that are leaves are not
 * visited at all (big cards have thousands of skills whose members are mostly strings and string lists).
 */
function walk(value: unknown, shape: Shape, path: (string | number)[], out: Finding[], ctx: RuleContext): void {
  const kind = ctx.kind;
  if (shape.leaf || path.length > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    const items = shape.items;
    if (!items || items.leaf) return;
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      walk(value[i], items, path, out, ctx);
      path.pop();
    }
    return;
  }
  const props = shape.props;
  const extra = shape.extra;
  if (!isObject(value) || (!props && !extra)) return; // free-form object (params, header, scopes…)
  let position = 0;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const child = childShape(shape, key, position++);
    if (child?.leaf) continue;
    path.push(key);
    if (child) walk(value[key], child, path, out, ctx);
    else if (admit(ctx, out)) out.push(unknownMember(key, path, shape.known ?? [], kind, value));
    path.pop();
  }
}

/**
 * The shape of member `key`, or undefined for an unknown member. Sibling objects in a big card (thousands of skills,
 * requirements) have the same members in the same order, so the member last seen at this position is compared
 * first (a string comparison) and the Map lookup is paid only when the member differs.
 */
function childShape(shape: Shape, key: string, position: number): Shape | undefined {
  if (shape.recentKeys[position] === key) return shape.recentChildren[position];
  const child = shape.props?.get(key) ?? shape.extra;
  if (child && position < RECENT_POSITIONS) {
    shape.recentKeys[position] = key;
    shape.recentChildren[position] = child;
  }
  return child;
}

/** What defines the members, and who ignores the unknown ones, per kind of document. */
const UNKNOWN_MEMBER: Record<DocumentKind, string> = {
  card: 'is not a member A2A 1.0 defines here; clients ignore it.',
  lockfile: 'is not a member the capability lockfile format defines here; checks ignore it.',
  catalog: 'is not a member the AI Catalog defines here; readers ignore it.',
};

function unknownMember(
  key: string,
  path: (string | number)[],
  known: string[],
  kind: DocumentKind,
  siblings: Record<string, unknown>,
): Finding {
  // Never a member the object already has: renaming "skils" to "skills" beside an existing "skills" would make a
  // duplicate key, and the later one (maybe the empty one) would win.
  const suggestion = suggestMember(
    key,
    known.filter((k) => !Object.prototype.hasOwnProperty.call(siblings, k)),
  );
  const shown = key.length > 60 ? key.slice(0, 57) + '…' : key;
  return finding(
    meta,
    path.reduce<string>((p, seg) => pointerTo(p, seg), ''),
    `"${shown}" ${UNKNOWN_MEMBER[kind]}${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
    { target: 'key', data: { member: key, suggestion } },
  );
}

export const unknownField: Rule = (ctx) => {
  const out: Finding[] = [];
  // A catalog's schema allows members it does not name: its readers ignore them.
  if (ctx.kind === 'catalog') return out;
  walk(ctx.value, SHAPES[ctx.kind], [], out, ctx);
  return out;
};

const docs: RuleDocs = {
  summary:
    'A member A2A 1.0 does not define (clients ignore it), often a typo of an optional member that then silently counts as absent. Never an error.',
  bad: '`"capabilities": { "streamming": true }`',
  fix: '`"capabilities": { "streaming": true }`',
  quickFix: '**Rename** to the member it is a typo of (when one is close), or **remove** it.',
};

const examples: RuleExamples = {
  invalid: [{ with: { capabilities: { streamming: true } } }],
  valid: [{ with: { capabilities: { streaming: true } } }],
};

export const rule: RuleDefinition = { meta, check: unknownField, docs, examples };
