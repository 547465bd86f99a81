import {
  applyEdits,
  findNodeAtLocation,
  modify,
  parseTree,
  type Edit,
  type FormattingOptions,
  type JSONPath,
  type Node,
} from 'jsonc-parser';
import type { TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { locatePointer, parsePointer } from '../../core/pointer/range';
import type { FixOperation } from '../../core/fixes/plan';

/** Indentation and line ending of the document, so inserted JSON looks like the rest of it. */
export function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)["{[\]}]/m.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return indent.startsWith('\t')
    ? { insertSpaces: false, tabSize: 4, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}

/** Pointer → jsonc-parser path: a segment is an array index exactly when the value there is an array. */
export function toJsonPath(root: unknown, pointer: string): JSONPath {
  const path: JSONPath = [];
  let node: unknown = root;
  for (const seg of parsePointer(pointer)) {
    if (Array.isArray(node) && /^\d+$/.test(seg)) {
      path.push(Number(seg));
      node = node[Number(seg)];
    } else {
      path.push(seg);
      node =
        node !== null && typeof node === 'object' && Object.hasOwn(node, seg)
          ? (node as Record<string, unknown>)[seg]
          : undefined;
    }
  }
  return path;
}

/**
 * The edit that removes `node` from its parent (an array, or the property of an object) with the comma that
 * separated it: the one before it, or for the first of several the one after it.
 */
function removeChild(node: Node): Edit[] {
  const parent = node.parent!;
  const siblings = parent.children!;
  const index = siblings.indexOf(node);
  let start = node.offset;
  let end = node.offset + node.length;
  const before = index > 0 ? siblings[index - 1] : undefined;
  const after = siblings[1];
  if (before) start = before.offset + before.length;
  else if (after) end = after.offset;
  else start = parent.offset + 1;
  return [{ offset: start, length: end - start, content: '' }];
}

/**
 * Removes the member named `name` whose key starts at `keyOffset` (jsonc-parser's modify() can only address the
 * FIRST member of a name).
 */
function removeMemberAt(text: string, name: string, keyOffset: number): Edit[] {
  const property = findProperty(parseTree(text), keyOffset);
  if (!property?.parent || property.children?.[0]?.value !== name)
    throw new Error(`no member ${JSON.stringify(name)} at offset ${keyOffset}`);
  return removeChild(property);
}

/**
 * Removes an array item. jsonc-parser's modify() (3.3) cuts the wrong range for the LAST item of an array
 * (`[1, 2, 3]` became `[1, 23]`, and an object item left a stray brace): the range is computed here instead.
 */
function removeItem(text: string, path: JSONPath): Edit[] | undefined {
  const tree = parseTree(text);
  const node = tree && findNodeAtLocation(tree, path);
  return node?.parent?.type === 'array' ? removeChild(node) : undefined;
}

/** The property node whose key starts at `keyOffset` (descending only into nodes that contain it). */
function findProperty(root: Node | undefined, keyOffset: number): Node | undefined {
  let node = root;
  while (node?.children) {
    const inside: Node | undefined = node.children.find(
      (c) => c.offset <= keyOffset && keyOffset < c.offset + c.length,
    );
    if (!inside) return undefined;
    if (inside.type === 'property' && inside.children?.[0]?.offset === keyOffset) return inside;
    node = inside;
  }
  return undefined;
}

/**
 * Formatting re-lays every line an edit lands on, and jsonc-parser applies the formatter's edits one copy of the
 * whole text at a time: on a long line (a minified card) that is quadratic, a minute for a 200 KB one-line card.
 * An edit on such a line is made as it is, unformatted, which is also how the rest of that line is written.
 */
const MAX_FORMATTED_LINE = 4096;

function lineLengthAround(text: string, offset: number, length: number): number {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset + length);
  return (end < 0 ? text.length : end) - start;
}

function modifyEdits(
  text: string,
  path: JSONPath,
  value: unknown,
  formattingOptions: FormattingOptions,
  index?: number,
): Edit[] {
  const at = index !== undefined ? { getInsertionIndex: () => index } : {};
  const plain = modify(text, path, value, at);
  if (plain.some((e) => lineLengthAround(text, e.offset, e.length) > MAX_FORMATTED_LINE)) return plain;
  return modify(text, path, value, { formattingOptions, ...at });
}

/** Offset edits of one operation against `text`. */
function operationEdits(text: string, root: unknown, op: FixOperation): Edit[] {
  const formattingOptions = formattingOf(text);
  switch (op.op) {
    case 'set':
      return modifyEdits(text, toJsonPath(root, op.pointer), op.value, formattingOptions, op.index);
    case 'remove': {
      const path = toJsonPath(root, op.pointer);
      return (
        (typeof path.at(-1) === 'number' ? removeItem(text, path) : undefined) ??
        modifyEdits(text, path, undefined, formattingOptions)
      );
    }
    case 'removeMember':
      return removeMemberAt(text, parsePointer(op.pointer).at(-1) ?? '', op.keyOffset);
    case 'renameKey': {
      const key = locatePointer(text, op.pointer, 'key');
      return [{ offset: key.offset, length: key.length, content: JSON.stringify(op.name) }];
    }
    case 'replaceDocument': {
      const indent = formattingOptions.insertSpaces ? ' '.repeat(formattingOptions.tabSize ?? 2) : '\t';
      const body = JSON.stringify(op.value, null, indent).replace(/\n/g, formattingOptions.eol ?? '\n');
      const trailing = /\r?\n$/.test(text) ? (formattingOptions.eol ?? '\n') : '';
      return [{ offset: 0, length: text.length, content: body + trailing }];
    }
  }
}

/**
 * LSP text edits for a list of operations. One operation maps to its own minimal edits; several are
 * applied in sequence and sent as one replacement of the document (their offsets would interact).
 */
export function textEditsFor(doc: TextDocument, root: unknown, operations: readonly FixOperation[]): TextEdit[] {
  const text = doc.getText();
  const toTextEdits = (edits: Edit[]): TextEdit[] =>
    edits.map((e) => ({
      range: { start: doc.positionAt(e.offset), end: doc.positionAt(e.offset + e.length) },
      newText: e.content,
    }));
  const [only] = operations;
  if (operations.length === 1 && only) return toTextEdits(operationEdits(text, root, only));
  return toTextEdits([changedSpan(text, applyOperations(text, root, operations))]);
}

/** The text with the operations applied in sequence, each editing only the members it changes (`lint --fix`). */
export function applyOperations(text: string, root: unknown, operations: readonly FixOperation[]): string {
  let current = text;
  for (const op of operations) {
    let value: unknown;
    try {
      value = JSON.parse(current);
    } catch {
      value = root;
    }
    current = applyEdits(current, operationEdits(current, value, op));
  }
  return current;
}

/**
 * A plan's operations as one edit of `text`: the span its result differs in. Edits of several plans made against
 * the same text can be applied together when their spans are apart (`lint --fix` applies a pass of fixes at once).
 */
export function planEdit(text: string, root: unknown, operations: readonly FixOperation[]): Edit {
  return changedSpan(text, applyOperations(text, root, operations));
}

/** One edit replacing only the span between the common beginning and end of two texts. */
function changedSpan(before: string, after: string): Edit {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  return { offset: start, length: before.length - start - end, content: after.slice(start, after.length - end) };
}
