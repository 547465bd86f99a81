/**
 * Completion as a pure function of an analysed document (completionItems); `|` marks the cursor. The last test
 * asks the real server over stdio, for the wiring.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem } from 'vscode-languageserver-protocol';
import { completionItems } from '../../server/src/app/document/completion';
import { analyzed } from './analyzed';
import { cursor, startLsp } from './harness';
import { at } from '../at';

let n = 0;

async function complete(
  marked: string,
  languageId = 'a2a-agent-card',
  file = 'agent-card.json',
): Promise<{ items: CompletionItem[]; text: string }> {
  const { text, position } = cursor(marked);
  const { doc, a } = analyzed(text, languageId, `file:///complete/${++n}/${file}`);
  return { items: completionItems(doc, a, position), text };
}
const labels = (items: CompletionItem[]) => items.map((i) => i.label);

/** The document after accepting an item (snippet placeholders removed). */
function accept(text: string, item: CompletionItem): string {
  const edit = item.textEdit as { range: import('vscode-languageserver-protocol').Range; newText: string };
  return TextDocument.applyEdits(TextDocument.create('m://x', 'json', 0, text), [
    {
      range: edit.range,
      newText: edit.newText.replace(/\$\{\d+\|([^,|]+)[^}]*\}|\$\{\d+:([^}]*)\}|\$\d+/g, (_, a, b) => a ?? b ?? ''),
    },
  ]);
}

test('member names come from the schema, without the members already present; required ones first', async () => {
  const { items } = await complete('{\n  "name": "x",\n  |\n}');
  assert.ok(labels(items).includes('supportedInterfaces'));
  assert.ok(labels(items).includes('defaultInputModes'));
  assert.ok(!labels(items).includes('name'));
  const sorted = [...items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
  assert.equal(sorted[0]?.detail, 'required');
});

test('accepting a member name while typing its key replaces the partial key', async () => {
  const { items, text } = await complete('{\n  "name": "x",\n  "desc|"\n}');
  const item = items.find((i) => i.label === 'description')!;
  assert.equal(accept(text, item), '{\n  "name": "x",\n  "description": ""\n}');
});

test('nested members: skill members inside a skill', async () => {
  const { items } = await complete('{"skills": [{"id": "a", |}]}');
  assert.deepEqual(
    labels(items).sort(),
    ['description', 'examples', 'inputModes', 'name', 'outputModes', 'securityRequirements', 'tags'].sort(),
  );
});

test('media types in mode lists include the ones the card already uses', async () => {
  const { items, text } = await complete(
    '{"defaultOutputModes": ["application/vnd.acme+json"], "defaultInputModes": ["|"]}',
  );
  assert.ok(labels(items).includes('text/plain'));
  assert.ok(labels(items).includes('application/vnd.acme+json'));
  assert.equal(
    accept(
      text,
      items.find((i) => i.label === 'text/plain')!,
    ),
    '{"defaultOutputModes": ["application/vnd.acme+json"], "defaultInputModes": ["text/plain"]}',
  );
});

test('media types the skills use are offered in the card’s mode lists, and a skill’s in its own', async () => {
  const card = (cursorAt: string) =>
    `{"defaultInputModes": [${cursorAt === 'top' ? '"|"' : '"text/plain"'}], "skills": [{"id": "a", "inputModes": ["image/x-raw"], ` +
    `"outputModes": [${cursorAt === 'skill' ? '"|"' : '"application/vnd.acme.report+json"'}]}]}`;
  assert.ok(labels((await complete(card('top'))).items).includes('application/vnd.acme.report+json'));
  assert.ok(labels((await complete(card('skill'))).items).includes('image/x-raw'));
});

test('a mode list of a hundred thousand strings that are not media types still gets its completions', async () => {
  // What a quote typed inside a long string makes of a mode list while the card is being edited.
  const many = Array.from({ length: 100_000 }, () => '"b"').join(', ');
  const { items } = await complete(
    `{"skills": [{"id": "a", "inputModes": ["image/x-raw"]}], "defaultInputModes": [${many}, "|"]}`,
  );
  assert.ok(labels(items).includes('text/plain'));
  assert.ok(labels(items).includes('image/x-raw'));
});

test('binding names and protocol versions', async () => {
  assert.deepEqual(labels((await complete('{"supportedInterfaces": [{"protocolBinding": "|"}]}')).items), [
    'JSONRPC',
    'HTTP+JSON',
    'GRPC',
  ]);
  assert.deepEqual(labels((await complete('{"supportedInterfaces": [{"protocolVersion": "|"}]}')).items), [
    '1.0',
    '0.3',
  ]);
});

test('enum values from the schema and booleans', async () => {
  assert.deepEqual(
    labels((await complete('{"securitySchemes": {"k": {"apiKeySecurityScheme": {"location": "|"}}}}')).items),
    ['query', 'header', 'cookie'],
  );
  assert.deepEqual(labels((await complete('{"capabilities": {"streaming": |}}')).items), ['true', 'false']);
});

const SCHEMES =
  '"securitySchemes": {"oauth": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://t.example/token", "scopes": {"a:read": "", "b:write": ""}}}}}, "key": {"apiKeySecurityScheme": {"location": "header", "name": "X"}}}';

test('inside a requirement: the security scheme names the card defines', async () => {
  const { items, text } = await complete(`{${SCHEMES}, "securityRequirements": [{"schemes": {|}}]}`);
  assert.deepEqual(labels(items), ['oauth', 'key']);
  assert.match(accept(text, at(items, 0)), /"schemes": \{"oauth": \{"list": \[\]\}\}/);
});

test('inside a scope list: the scopes the scheme declares', async () => {
  const { items } = await complete(
    `{${SCHEMES}, "skills": [{"id": "s", "securityRequirements": [{"schemes": {"oauth": {"list": ["|"]}}}]}]}`,
  );
  assert.deepEqual(labels(items), ['a:read', 'b:write']);
});

test('lockfile members come from the lockfile schema', async () => {
  const { items } = await complete('{"requires": {|}}', 'a2a-lockfile', 'a2a-lock.json');
  assert.deepEqual(labels(items).sort(), ['extended_card', 'extensions', 'push', 'skills', 'streaming']);
});

test(
  'a long run of blanks after the cursor: member names still come, and "has a colon" is still seen',
  { timeout: 30_000 },
  async () => {
    // 300,000 blank lines: the old check (/^\s*"?\s*:/ on the rest of the text) backtracked over them for tens of seconds.
    const blanks = '\n'.repeat(300_000);
    const { items } = await complete(`{|${blanks}}`);
    assert.ok(labels(items).includes('supportedInterfaces'));
    const { items: keyed } = await complete(`{\n  "desc|"${' '.repeat(100_000)}: "x"\n}`);
    const description = keyed.find((i) => i.label === 'description');
    assert.ok(description);
    assert.doesNotMatch(
      (description.textEdit as { newText: string }).newText,
      /:/,
      'a colon already follows: none is inserted',
    );
  },
);

test(
  'a key typed on a minified card of 300,000 quotes: the key is still found and replaced',
  { timeout: 30_000 },
  async () => {
    // The old search for the open string was tried from every quote of the line (23 s on such a line).
    const noise = JSON.stringify('\\"'.repeat(100_000));
    const { items, text } = await complete(`{"x-noise": ${noise}, "desc|"}`);
    const description = items.find((i) => i.label === 'description');
    assert.ok(description, JSON.stringify(labels(items).slice(0, 5)));
    assert.match(accept(text, description), /, "description": ""?\}?$|, "description"/);
  },
);

test('the server answers completion requests with the same items', async (t) => {
  const s = await startLsp();
  t.after(() => s.stop());
  const { text, position } = cursor('{"skills": [{"id": "a", |}]}');
  const uri = 'file:///complete/wiring/agent-card.json';
  await s.open(uri, 'a2a-agent-card', text);
  assert.deepEqual(
    labels(await s.completion(uri, position)).sort(),
    labels((await complete('{"skills": [{"id": "a", |}]}')).items).sort(),
  );
});
