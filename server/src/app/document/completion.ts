import { getLocation, parse, type Location } from 'jsonc-parser';
import {
  CompletionItemKind,
  InsertTextFormat,
  type CompletionItem,
  type Position,
  type Range,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Analysis } from './analysis';
import { memberNames, type SchemaNode } from '../../core/schema/schemaNav';
import { objectAt, valueCompletions } from './completionValues';
import type { DocumentWorld } from './world';

/**
 * Completion: member names (from the schema, minus the ones present), and values: schema enums,
 * booleans, media types, binding names, protocol versions, security scheme names defined in the card
 * (inside requirements) and the scopes a scheme declares.
 */
/** The completions at `position` of an open document. */
export async function completion(
  world: DocumentWorld,
  request: { uri: string; position: Position },
): Promise<CompletionItem[]> {
  const doc = world.document(request.uri);
  const a = await world.analysis(request.uri);
  return doc && a ? completionItems(doc, a, request.position) : [];
}

/** The completions at `position` of one analysed document version. */
export function completionItems(doc: TextDocument, a: Analysis, position: Position): CompletionItem[] {
  if (a.kind === 'unknown' || a.tooLarge || a.nestsTooDeep()) return [];
  const offset = doc.offsetAt(position);
  const text = doc.getText();
  const loc = getLocation(text, offset);
  const range = replaceRange(doc, loc, offset);
  const path = loc.path.map(String);
  const value = parseLenient(text, a);
  return loc.isAtPropertyKey || isEmptyKeyPosition(text, offset, loc)
    ? memberCompletions(a, value, loc.isAtPropertyKey ? path.slice(0, -1) : path, range, text, offset)
    : valueCompletions(a.kind, value, path, range);
}

function memberCompletions(
  a: Analysis,
  value: unknown,
  parent: string[],
  range: Range,
  text: string,
  offset: number,
): CompletionItem[] {
  const kind = a.kind === 'lockfile' ? 'lockfile' : 'card';
  const existing = objectAt(value, parent);
  const present = new Set(existing ? Object.keys(existing) : []);
  const colonFollows = colonAfterKey(text, offset);
  const items: CompletionItem[] = [];
  // Scheme names inside a requirement's `schemes` map are keys too.
  if (parent.at(-1) === 'schemes' && parent.includes('securityRequirements')) {
    const schemes = objectAt(value, ['securitySchemes']) ?? {};
    for (const name of Object.keys(schemes)) {
      if (present.has(name)) continue;
      items.push(
        keyItem(
          name,
          'security scheme defined in this card',
          range,
          colonFollows,
          '{"list": [$1]}',
          CompletionItemKind.Reference,
        ),
      );
    }
    return items;
  }
  for (const m of memberNames(kind, parent)) {
    if (present.has(m.name)) continue;
    items.push(
      keyItem(m.name, m.description, range, colonFollows, template(m.schema), CompletionItemKind.Property, m.required),
    );
  }
  return items;
}

function keyItem(
  name: string,
  doc: string | undefined,
  range: Range,
  colonFollows: boolean,
  valueTemplate: string,
  kind: CompletionItemKind,
  required = false,
): CompletionItem {
  const key = JSON.stringify(name);
  return {
    label: name,
    kind,
    detail: required ? 'required' : undefined,
    documentation: doc,
    filterText: key,
    sortText: `${required ? '0' : '1'}${name}`,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: colonFollows ? key : `${key}: ${valueTemplate}` },
  };
}

function template(schema: SchemaNode): string {
  const t = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (t === 'array') return '[$1]';
  if (t === 'object') return '{$1}';
  if (t === 'boolean') return '${1|true,false|}';
  if (t === 'number' || t === 'integer') return '${1:0}';
  return '"$1"';
}

/** The range a completion replaces: the quoted string (or literal) around the cursor, else nothing. */
function replaceRange(doc: TextDocument, loc: Location, offset: number): Range {
  const n = loc.previousNode;
  if (
    n &&
    offset >= n.offset &&
    offset <= n.offset + n.length &&
    (n.type === 'string' || n.type === 'number' || n.type === 'boolean' || n.type === 'null')
  ) {
    return { start: doc.positionAt(n.offset), end: doc.positionAt(n.offset + n.length) };
  }
  // A key being typed is not a node yet: find its quotes on the cursor's line.
  const text = doc.getText();
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const open = openStringAt(before);
  if (open >= 0) {
    const start = lineStart + open;
    const rest = /^(?:[^"\\\n]|\\.)*"/.exec(text.slice(offset));
    const end = rest ? offset + rest[0].length : offset;
    return { start: doc.positionAt(start), end: doc.positionAt(end) };
  }
  const p = doc.positionAt(offset);
  return { start: p, end: p };
}

/** `{ | }` or `, |` inside an object: a member name is expected although jsonc-parser saw no key yet. */
function isEmptyKeyPosition(text: string, offset: number, loc: Location): boolean {
  if (loc.previousNode) return false;
  const before = text.slice(Math.max(0, offset - 200), offset).replace(/\s+$/, '');
  return before.endsWith('{') || (before.endsWith(',') && !isInArray(text, offset));
}

function isInArray(text: string, offset: number): boolean {
  let depth = 0;
  for (let i = offset - 1; i >= 0; i--) {
    const c = text[i];
    if (c === '}' || c === ']') depth++;
    else if (c === '{' || c === '[') {
      if (depth === 0) return c === '[';
      depth--;
    }
  }
  return false;
}

/** The document value for completion: the last valid parse, else a tolerant parse of the current text. */
function parseLenient(text: string, a: Analysis): unknown {
  if (a.value !== undefined) return a.value;
  // While typing, the text is usually invalid JSON; jsonc-parser's tolerant parse keeps what it can.
  return parse(text, [], { allowTrailingComma: true });
}

/**
 * Whether the key being typed at `offset` is already followed by a colon: the rest of the key, its closing quote,
 * whitespace, an optional quote, whitespace, then ':'. A scan, not `/^\s*"?\s*:/` on the rest of the text: two
 * `\s*` around an optional quote backtrack quadratically over a long run of blanks (a card of 300,000 blank lines
 * held completion, and every request behind it, for seconds).
 */
function colonAfterKey(text: string, offset: number): boolean {
  let i = offset;
  while (i < text.length && !/["\s:,}]/.test(text.charAt(i))) i++;
  if (text[i] === '"') i++;
  i = skipBlanks(text, i);
  if (text[i] === '"') i = skipBlanks(text, i + 1);
  return text[i] === ':';
}

function skipBlanks(text: string, i: number): number {
  while (i < text.length && /\s/.test(text.charAt(i))) i++;
  return i;
}

/**
 * Where the string still open at the end of `line` starts (-1 when none): one scan with string state. The
 * expression it replaces, /"(?:[^"\\]|\\.)*$/, was tried from every quote of the line, and a minified card is
 * one line: 300,000 characters of quotes took 23 s.
 */
function openStringAt(line: string): number {
  let start = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (start >= 0) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) start = -1;
    } else if (c === 34) start = i;
  }
  return start;
}
