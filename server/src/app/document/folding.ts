import type { Node } from 'jsonc-parser';
import type { FoldingRange } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Analysis } from './analysis';
import type { DocumentWorld } from './world';

const MAX_RANGES = 5000;

/** Folding for objects and arrays that span lines (JSON's own folding does not apply to our languages). */
/** Folding for objects and arrays that span lines (JSON's own folding does not apply to our languages). */
export async function folding(world: DocumentWorld, request: { uri: string }): Promise<FoldingRange[]> {
  const doc = world.document(request.uri);
  const a = await world.analysis(request.uri);
  return doc && a ? foldingRanges(doc, a) : [];
}

/** The folding ranges of one analysed document version. */
export function foldingRanges(doc: TextDocument, a: Analysis): FoldingRange[] {
  const root = a.tree();
  if (!root) return [];
  const out: FoldingRange[] = [];
  collect(doc, root, out);
  return out;
}

function collect(doc: TextDocument, node: Node, out: FoldingRange[]): void {
  if (out.length >= MAX_RANGES) return;
  if (node.type === 'object' || node.type === 'array') {
    const start = doc.positionAt(node.offset).line;
    const end = doc.positionAt(node.offset + node.length).line;
    // Keep the closing bracket visible, as VS Code's JSON folding does.
    if (end - 1 > start) out.push({ startLine: start, endLine: end - 1 });
  }
  for (const child of node.children ?? []) collect(doc, child, out);
}
