import type { Node } from 'jsonc-parser';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Analysis } from './analysis';
import { truncate } from './markdown';
import { visibleText } from '../../core/text/untrustedText';
import type { DocumentWorld } from './world';

/** Outline entries are bounded so a huge card cannot flood the editor. */
const MAX_SYMBOLS = 5000;

/**
 * The outline: every member, as JSON's own outline would show it (our languages are not `json`, so
 * we provide it), with readable names for interfaces ("JSONRPC 1.0 https://…"), skills (their id)
 * and security schemes (their name and type).
 */
/** Levels of the outline; a card's own structure is a handful deep. */
const MAX_OUTLINE_DEPTH = 64;

/** The outline of an open document. */
export async function symbols(world: DocumentWorld, request: { uri: string }): Promise<DocumentSymbol[]> {
  const doc = world.document(request.uri);
  const a = await world.analysis(request.uri);
  return doc && a ? documentSymbols(doc, a) : [];
}

/** The outline of one analysed document version. */
export function documentSymbols(doc: TextDocument, a: Analysis): DocumentSymbol[] {
  const root = a.tree();
  if (!root) return [];
  const budget = { left: MAX_SYMBOLS };
  return root.type === 'object' || root.type === 'array' ? childrenOf(doc, root, [], budget) : [];
}

function childrenOf(doc: TextDocument, node: Node, path: string[], budget: { left: number }): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  if (node.type === 'object') {
    for (const prop of node.children ?? []) {
      const [key, value] = prop.children ?? [];
      if (!key || budget.left-- <= 0) break;
      const name = String(key.value);
      out.push(symbol(doc, prop, key, name || '""', value, [...path, name], budget));
    }
  } else if (node.type === 'array') {
    (node.children ?? []).forEach((item, i) => {
      if (budget.left-- <= 0) return;
      out.push(symbol(doc, item, item, itemName(path, item, i), item, [...path, String(i)], budget));
    });
  }
  return out;
}

function symbol(
  doc: TextDocument,
  whole: Node,
  selection: Node,
  name: string,
  value: Node | undefined,
  path: string[],
  budget: { left: number },
): DocumentSymbol {
  const range = { start: doc.positionAt(whole.offset), end: doc.positionAt(whole.offset + whole.length) };
  const selectionRange = {
    start: doc.positionAt(selection.offset),
    end: doc.positionAt(selection.offset + selection.length),
  };
  // Card text: hidden characters shown as escapes, so the outline reads as what the card says.
  const detail = detailOf(value, path);
  const s: DocumentSymbol = {
    name: truncate(visibleText(name), 120),
    kind: kindOf(value, path),
    range,
    selectionRange,
    detail: detail === undefined ? undefined : visibleText(detail),
  };
  // Deeper than any outline is read (and the recursion stays far from the stack's end: 1,999 levels overflowed it).
  if (value && (value.type === 'object' || value.type === 'array') && path.length < MAX_OUTLINE_DEPTH)
    s.children = childrenOf(doc, value, path, budget);
  return s;
}

/** Array items get a name from their content where the card has an obvious one. */
function itemName(path: string[], item: Node, index: number): string {
  const list = path.at(-1);
  const member = (k: string) => item.children?.find((p) => p.children?.[0]?.value === k)?.children?.[1]?.value;
  if (list === 'supportedInterfaces' && item.type === 'object') {
    return (
      [member('protocolBinding'), member('protocolVersion'), member('url')]
        .filter((v) => typeof v === 'string')
        .join(' ') || `interface ${index}`
    );
  }
  if (list === 'skills' && item.type === 'object') {
    const id = member('id');
    return typeof id === 'string' && id ? id : `skill ${index}`;
  }
  if (item.type === 'string') return String(item.value);
  return String(index);
}

function kindOf(value: Node | undefined, path: string[]): SymbolKind {
  const parent = path.at(-2);
  if (parent === 'skills') return SymbolKind.Function;
  if (parent === 'supportedInterfaces') return SymbolKind.Interface;
  if (parent === 'securitySchemes') return SymbolKind.Key;
  switch (value?.type) {
    case 'object':
      return SymbolKind.Module;
    case 'array':
      return SymbolKind.Array;
    case 'string':
      return SymbolKind.String;
    case 'number':
      return SymbolKind.Number;
    case 'boolean':
      return SymbolKind.Boolean;
    default:
      return SymbolKind.Variable;
  }
}

function detailOf(value: Node | undefined, path: string[]): string | undefined {
  if (path.at(-2) === 'securitySchemes' && value?.type === 'object') {
    const key = value.children?.[0]?.children?.[0]?.value;
    return typeof key === 'string' ? truncate(key, 60) : undefined;
  }
  if (value && (value.type === 'string' || value.type === 'number' || value.type === 'boolean'))
    return truncate(String(value.value), 60);
  return undefined;
}
