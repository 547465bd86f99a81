/**
 * The REAL bundled language server over stdio, on documents that name their JSON Schema in `$schema` (our published
 * $id URLs, test/fixtures/schema-ref/): a card and a lockfile get no diagnostics. The card also opens as
 * "A2A: Fetch Agent Card" shows it (a read-only a2a-fetched: document), and is linted there as a card.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileUri, startLsp, type LspSession } from './harness';

const DIR = join(__dirname, '..', '..', 'test', 'fixtures', 'schema-ref');
let lsp: LspSession;

before(async () => {
  lsp = await startLsp({ workspaceFolders: [DIR] });
});

after(async () => {
  await lsp.stop();
});

for (const [name, languageId] of [
  ['agent-card.json', 'a2a-agent-card'],
  ['travel.a2a-lock.json', 'a2a-lockfile'],
] as const) {
  test(`${name} naming its $schema: no diagnostics`, async () => {
    const uri = fileUri(join(DIR, name));
    await lsp.open(uri, languageId, readFileSync(join(DIR, name), 'utf8'));
    assert.deepEqual(await lsp.diagnostics(uri), []);
  });
}

test('a card in an a2a-fetched: document is linted as a card', async () => {
  const uri = 'a2a-fetched:/127.0.0.1%3A41300/1/agent-card.json';
  const card = JSON.parse(readFileSync(join(DIR, 'agent-card.json'), 'utf8')) as Record<string, unknown>;
  assert.deepEqual(await lsp.diagnostics((await lsp.open(uri, 'a2a-agent-card', JSON.stringify(card))).uri), []);
  const broken = { ...card, version: 3 };
  await lsp.change(uri, JSON.stringify(broken));
  const diagnostics = await lsp.diagnostics(uri);
  assert.ok(
    diagnostics.some((d) => d.code === 'schema'),
    diagnostics.map((d) => d.code).join(', '),
  );
  assert.equal(lsp.stderr(), '');
});
