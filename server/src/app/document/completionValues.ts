import { CompletionItemKind, type CompletionItem, type Range } from 'vscode-languageserver-types';
import { isObject } from '../../core/document';
import type { DocumentKind } from '../../core/types';
import { schemaAt } from '../../core/schema/schemaNav';

/** Media types offered in mode lists (plus every media type the card already uses). */
const COMMON_MEDIA_TYPES = [
  'text/plain',
  'application/json',
  'text/markdown',
  'text/html',
  'text/csv',
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/*',
  'audio/mpeg',
  'video/mp4',
  'application/octet-stream',
];
const BINDINGS = ['JSONRPC', 'HTTP+JSON', 'GRPC'];
const VERSIONS = ['1.0', '0.3'];
const MODE_MEMBERS = new Set([
  'defaultInputModes',
  'defaultOutputModes',
  'inputModes',
  'outputModes',
  'input',
  'output',
]);

export function valueCompletions(kind: DocumentKind, value: unknown, path: string[], range: Range): CompletionItem[] {
  const last = path.at(-1);
  const parentName = path.at(-2);
  // Array items: the member is the segment before the index.
  const member = last !== undefined && /^\d+$/.test(last) ? parentName : last;
  if (member === undefined) return [];
  if (MODE_MEMBERS.has(member)) return values(mediaTypes(value), 'media type', range, CompletionItemKind.Value);
  if (member === 'protocolBinding') return values(BINDINGS, 'protocol binding', range, CompletionItemKind.EnumMember);
  if (member === 'protocolVersion' || (kind === 'lockfile' && member === 'version' && path[0] === 'interface'))
    return values(VERSIONS, 'A2A protocol version', range, CompletionItemKind.EnumMember);
  if (kind === 'lockfile' && member === 'binding')
    return values(BINDINGS, 'protocol binding', range, CompletionItemKind.EnumMember);
  // A scope inside a requirement: {"schemes": {"<name>": {"list": ["|"]}}}
  if ((member === 'list' && path.at(-4) === 'schemes') || (path.at(-2) === 'list' && path.at(-4) === 'schemes')) {
    const name = path.at(-2) === 'list' ? path.at(-3) : path.at(-2);
    return name
      ? values(scopesOfScheme(value, name), `scope declared by ${name}`, range, CompletionItemKind.Value)
      : [];
  }
  const schema = schemaAt(kind, path);
  if (schema?.enum) return values(schema.enum.map(String), schema.description, range, CompletionItemKind.EnumMember);
  if (schema?.type === 'boolean')
    return ['true', 'false'].map((v) => ({
      label: v,
      kind: CompletionItemKind.Value,
      textEdit: { range, newText: v },
    }));
  return [];
}

function values(
  list: readonly string[],
  detail: string | undefined,
  range: Range,
  kind: CompletionItemKind,
): CompletionItem[] {
  return [...new Set(list)].map((v) => ({
    label: v,
    kind,
    detail,
    filterText: JSON.stringify(v),
    textEdit: { range, newText: JSON.stringify(v) },
  }));
}

/** Past this many members and items read, the document's own media types stop being gathered. */
const MEDIA_TYPE_SCAN_BUDGET = 20_000;

/**
 * Common media types plus every one the document already mentions in a mode list (consistency within a card).
 * Each member and item is read once, within a budget: the document may be a half-typed one whose mode list
 * holds a hundred thousand strings.
 */
function mediaTypes(value: unknown): string[] {
  const found = new Set<string>(COMMON_MEDIA_TYPES);
  let budget = MEDIA_TYPE_SCAN_BUDGET;
  const visit = (node: unknown, depth: number): void => {
    if (depth > 6 || node === null || typeof node !== 'object') return;
    for (const key of Array.isArray(node) ? node.keys() : Object.keys(node)) {
      if (--budget < 0) return;
      const v = (node as Record<string | number, unknown>)[key];
      if (MODE_MEMBERS.has(String(key)) && Array.isArray(v)) {
        for (const m of v) {
          if (--budget < 0) return;
          if (typeof m === 'string' && m.includes('/') && m.length < 100) found.add(m);
        }
      } else visit(v, depth + 1);
    }
  };
  visit(value, 0);
  return [...found];
}

/** Scopes declared by a card's OAuth2 scheme (any flow). */
export function scopesOfScheme(value: unknown, name: string): string[] {
  const flows = objectAt(value, ['securitySchemes', name, 'oauth2SecurityScheme', 'flows']);
  if (!flows) return [];
  const out: string[] = [];
  for (const flow of Object.values(flows)) {
    if (isObject(flow) && isObject(flow.scopes)) out.push(...Object.keys(flow.scopes));
  }
  return out;
}

export function objectAt(value: unknown, path: readonly string[]): Record<string, unknown> | undefined {
  let node: unknown = value;
  for (const seg of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, seg)) return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return isObject(node) ? node : undefined;
}
