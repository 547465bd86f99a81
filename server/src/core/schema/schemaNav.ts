/**
 * Walks our JSON Schemas (schemas/*.schema.json, bundled) along a JSON Pointer: the source of
 * hover descriptions and of member-name / enum completions for plain members.
 */
import cardSchema from '../../../../schemas/agent-card-1.0.schema.json';
import lockSchema from '../../../../schemas/a2a-lock.schema.json';
import catalogSchema from '../../../../schemas/ai-catalog.schema.json';
import { parsePointer } from '../pointer/range';
import type { DocumentKind } from '../types';

export interface SchemaNode {
  type?: string | string[];
  description?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
}

export function rootSchema(kind: DocumentKind): SchemaNode {
  return (kind === 'lockfile' ? lockSchema : kind === 'catalog' ? catalogSchema : cardSchema) as SchemaNode;
}

/**
 * The subschema for a pointer, or undefined when the schema says nothing about it. The description of
 * a property reference (`{"$ref": …, "description": …}`) wins over the referenced definition's.
 */
export function schemaAt(kind: DocumentKind, segments: readonly string[]): SchemaNode | undefined {
  const root = rootSchema(kind);
  let node: SchemaNode | undefined = root;
  for (const seg of segments) {
    if (!node) return undefined;
    node = child(root, node, seg);
  }
  return node ? resolve(root, node) : undefined;
}

/** Resolves local `$ref`s, keeping the referring node's own description. */
export function resolve(root: SchemaNode, node: SchemaNode): SchemaNode {
  let current = node;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const target = lookup(root, current.$ref);
    if (!target) break;
    current = { ...target, ...(current.description ? { description: current.description } : {}), $ref: target.$ref };
  }
  return current;
}

function child(root: SchemaNode, parent: SchemaNode, seg: string): SchemaNode | undefined {
  const node = resolve(root, parent);
  const own = node.properties && Object.hasOwn(node.properties, seg) ? node.properties[seg] : undefined;
  if (own) return own;
  if (node.items && /^\d+$/.test(seg)) return node.items;
  if (node.additionalProperties && typeof node.additionalProperties === 'object') return node.additionalProperties;
  for (const alt of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) {
    const found = child(root, alt, seg);
    if (found) return found;
  }
  return undefined;
}

function lookup(root: SchemaNode, ref: string): SchemaNode | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const seg of parsePointer(ref)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, seg)) return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return node as SchemaNode;
}

/** The member names an object schema declares (for completion), with their descriptions. */
export function memberNames(
  kind: DocumentKind,
  segments: readonly string[],
): { name: string; description?: string; required: boolean; schema: SchemaNode }[] {
  const root = rootSchema(kind);
  const node = schemaAt(kind, segments);
  if (!node) return [];
  const required = new Set(node.required ?? []);
  const out: { name: string; description?: string; required: boolean; schema: SchemaNode }[] = [];
  const add = (props: Record<string, SchemaNode> | undefined) => {
    for (const [name, s] of Object.entries(props ?? {})) {
      if (out.some((o) => o.name === name)) continue;
      const r = resolve(root, s);
      out.push({ name, description: r.description, required: required.has(name), schema: r });
    }
  };
  add(node.properties);
  for (const alt of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) add(resolve(root, alt).properties);
  return out;
}
