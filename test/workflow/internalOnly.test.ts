/**
 * Cards served only inside the network: internal-address is silent when the project says so, alike in the CLI
 * (`card.internalOnly` in .a2a/config.json, or `lint --internal-only`) and in the editor (the same file, or the
 * a2a.card.internalOnly setting); the description limits come from the same `card` member.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLsp } from '../lsp/harness';
import { cli, tempDir } from '../cli/helpers';

const INTERNAL = join(__dirname, '..', 'fixtures', 'cards', 'internal-address', 'internal-urls.json');
const LENGTHS = join(__dirname, '..', 'fixtures', 'cards', 'skill-description-length', 'short-and-long.json');

function project(t: { after: (fn: () => void) => void }, config?: unknown): string {
  const root = tempDir(t, 'a2a-internal-');
  if (config !== undefined) {
    mkdirSync(join(root, '.a2a'));
    writeFileSync(join(root, '.a2a', 'config.json'), JSON.stringify(config));
  }
  mkdirSync(join(root, 'cards'));
  copyFileSync(INTERNAL, join(root, 'cards', 'agent-card.json'));
  copyFileSync(LENGTHS, join(root, 'cards', 'lengths.agent-card.json'));
  return root;
}

async function codes(dir: string, file: string, ...flags: string[]): Promise<string[]> {
  const r = await cli(['lint', '--format', 'json', file, ...flags], dir);
  return (JSON.parse(r.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code);
}

test('lint: internal-address unless the configuration or --internal-only marks the cards internal-only', async (t) => {
  const plain = project(t);
  assert.equal(
    (await codes(join(plain, 'cards'), 'agent-card.json')).filter((c) => c === 'internal-address').length,
    9,
  );
  assert.ok(
    !(await codes(join(plain, 'cards'), 'agent-card.json', '--internal-only')).includes('internal-address'),
    '--internal-only',
  );
  const configured = project(t, { card: { internalOnly: true } });
  assert.ok(
    !(await codes(join(configured, 'cards'), 'agent-card.json')).includes('internal-address'),
    'card.internalOnly in .a2a/config.json',
  );
  const off = project(t, { card: { internalOnly: false } });
  assert.ok((await codes(join(off, 'cards'), 'agent-card.json')).includes('internal-address'), 'internalOnly: false');
  assert.ok(
    !(await codes(join(off, 'cards'), 'agent-card.json', '--internal-only')).includes('internal-address'),
    'the flag wins over a false',
  );
});

test('lint: the description limits of the configuration', async (t) => {
  const dir = join(project(t, { card: { skillDescription: { minLength: 5, maxLength: 30 } } }), 'cards');
  const r = await cli(['lint', '--format', 'json', 'lengths.agent-card.json'], dir);
  const found = (JSON.parse(r.stdout) as { findings: { code: string; pointer: string }[] }).findings
    .filter((f) => f.code === 'skill-description-length')
    .map((f) => f.pointer);
  assert.deepEqual(
    found,
    ['/skills/1/description', '/skills/2/description'],
    '"Search." is long enough at 5; 36 characters are over 30',
  );
});

test('a bad card member is a usage error naming it', async (t) => {
  const dir = join(project(t, { card: { internalOnly: 'yes' } }), 'cards');
  const r = await cli(['lint', 'agent-card.json'], dir);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /\/card\/internalOnly: must be true or false/);
});

test('the editor: a2a.card.internalOnly and the configuration member silence internal-address', async (t) => {
  const text = readFileSync(INTERNAL, 'utf8');
  const has = (d: { code?: unknown }[]) => d.some((x) => x.code === 'internal-address');

  const plain = project(t);
  const lsp = await startLsp({ settings: {} });
  t.after(() => lsp.stop());
  const uri = pathToFileURL(join(plain, 'cards', 'agent-card.json')).href;
  await lsp.open(uri, 'a2a-agent-card', text);
  assert.ok(has(await lsp.diagnostics(uri)), 'reported by default');
  await lsp.updateSettings({ card: { internalOnly: true } });
  await lsp.diagnosticsWhen(uri, (d) => !has(d));

  const configured = project(t, { card: { internalOnly: true } });
  const other = pathToFileURL(join(configured, 'cards', 'agent-card.json')).href;
  await lsp.updateSettings({});
  await lsp.diagnosticsWhen(uri, has);
  await lsp.open(other, 'a2a-agent-card', text);
  assert.ok(!has(await lsp.diagnostics(other)), 'card.internalOnly in .a2a/config.json');
});
