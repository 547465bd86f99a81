/**
 * "Pin this agent" on an A2A entry whose card is inline (`data`) in a catalog file of the workspace, through the REAL
 * bundled language server over stdio, and the lockfile it writes checked by the editor and by the built CLI alike:
 * `found_via.catalog` is the catalog file relative to the lockfile, and each check reads the entry from that file
 * again (changed: compared; gone: breaking at /found_via). A lockfile whose catalog path leaves the repository
 * (`..`, an absolute path, a file: URL, a symbolic link out) is never read, in either.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeLens } from 'vscode-languageserver-protocol';
import { CheckLockfilesRequest, PinRequest, type CatalogEntrySource } from '../../server/src/protocol';
import { cli } from '../cli/helpers';
import { startLsp, type LspSession } from './harness';

const FIXTURES = join(__dirname, '../fixtures/catalog-pin');
const IDENTIFIER = 'urn:air:example.test:agents:translator';
const SELECTION = { skills: ['translate'], input: [], output: [], streaming: false, extensions: [] };

let top: string;
let ws: string;
let lsp: LspSession;
const catalogPath = () => join(ws, 'catalogs', 'ai-catalog.json');
const lockPath = () => join(ws, 'locks', 'a2a-lock.json');

before(async () => {
  top = mkdtempSync(join(tmpdir(), 'a2a-catalog-pin-'));
  ws = join(top, 'ws');
  for (const d of ['.git', 'catalogs', 'locks']) mkdirSync(join(ws, d), { recursive: true });
  mkdirSync(join(top, 'outside'));
  copyFileSync(join(FIXTURES, 'ai-catalog.json'), catalogPath());
  copyFileSync(join(FIXTURES, 'outside.ai-catalog.json'), join(top, 'outside', 'ai-catalog.json'));
  lsp = await startLsp({ settings: { workspaceTrusted: true }, workspaceFolders: [ws] });
});
after(async () => {
  await lsp.stop();
  rmSync(top, { recursive: true, force: true });
});

type Item = { level: string; pointer: string; message: string };
type Verdict = { verdict: string; items: Item[] };

async function editorCheck(lock: string): Promise<Verdict> {
  const r = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [pathToFileURL(lock).href] });
  const entry = r.results[0]!;
  return {
    verdict: entry.verdict,
    items: entry.items.map(({ level, pointer, message }) => ({ level, pointer, message })),
  };
}

/** `a2acap check --live` from the repository's top, its JSON result: the classification and items, or the error. */
async function cliCheck(lock: string): Promise<Verdict & { error?: string; output: string }> {
  const r = await cli(['check', '--live', lock, '--format', 'json'], ws);
  const output = r.stdout + r.stderr;
  assert.ok(r.code === 0 || r.code === 1 || r.code === 2, output);
  const result = (
    JSON.parse(r.stdout) as {
      results: { classification?: string; status?: string; error?: string; problems?: Item[]; notes?: Item[] }[];
    }
  ).results[0]!;
  const items = [...(result.problems ?? []), ...(result.notes ?? [])].map(({ level, pointer, message }) => ({
    level,
    pointer,
    message,
  }));
  return { verdict: result.classification ?? 'error', items, output, ...(result.error ? { error: result.error } : {}) };
}

async function pinInline(source: CatalogEntrySource, target = lockPath()) {
  return lsp.connection.sendRequest(PinRequest.type, {
    source: { catalogEntry: source },
    selection: SELECTION,
    target: pathToFileURL(target).href,
    probe: false,
  });
}

describe('pinning an inline card of a workspace catalog file', () => {
  test('the lens carries the catalog and the entry; the pin records the catalog relative to the lockfile', async () => {
    const uri = pathToFileURL(catalogPath()).href;
    await lsp.open(uri, 'a2a-ai-catalog', readFileSync(catalogPath(), 'utf8'));
    const lenses = (await lsp.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
    assert.deepEqual(
      lenses.map((l) => l.command?.arguments?.[0]),
      [
        { catalog: uri, identifier: IDENTIFIER, version: '1.0.0' },
        { catalog: uri, identifier: 'urn:air:example.test:agents:other' },
      ],
    );
    await lsp.close(uri);

    // What client/src/commands/pinAgent.ts makes of the lens argument.
    const { catalog, ...entry } = lenses[0]!.command!.arguments![0] as { catalog: string; identifier: string };
    const pinned = await pinInline({ uri: catalog, ...entry });
    assert.equal(pinned.error, undefined);
    assert.equal(pinned.written, true);
    const lock = JSON.parse(readFileSync(lockPath(), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(lock.found_via, {
      catalog: '../catalogs/ai-catalog.json',
      identifier: IDENTIFIER,
      version: '1.0.0',
    });
    assert.equal(lock.agent, `../catalogs/ai-catalog.json#${IDENTIFIER}@1.0.0`);
  });

  // The catalog file as it is when checked, and what the editor and `a2acap check --live` both say.
  const cases: { name: string; catalog: string | undefined; verdict: string; pointer?: string }[] = [
    { name: 'unchanged', catalog: 'ai-catalog.json', verdict: 'compatible' },
    { name: 'the inline card changed', catalog: 'changed.ai-catalog.json', verdict: 'breaking', pointer: '/requires' },
    { name: 'the entry is gone', catalog: 'gone.ai-catalog.json', verdict: 'breaking', pointer: '/found_via' },
    {
      name: 'the version was replaced',
      catalog: 'replaced.ai-catalog.json',
      verdict: 'compatible',
      pointer: '/found_via/version',
    },
    { name: 'the catalog file was deleted', catalog: undefined, verdict: 'breaking', pointer: '/found_via' },
  ];
  for (const c of cases)
    test(`check, ${c.name}: ${c.verdict} in the editor and the CLI alike`, async (t) => {
      t.after(() => copyFileSync(join(FIXTURES, 'ai-catalog.json'), catalogPath()));
      if (c.catalog === undefined) rmSync(catalogPath());
      else copyFileSync(join(FIXTURES, c.catalog), catalogPath());
      const editor = await editorCheck(lockPath());
      const byCli = await cliCheck('locks/a2a-lock.json');
      assert.equal(editor.verdict, c.verdict, JSON.stringify(editor.items));
      assert.equal(byCli.verdict, c.verdict, byCli.output);
      assert.deepEqual(editor.items, byCli.items);
      if (c.pointer)
        assert.ok(
          editor.items.some((i) => i.pointer.startsWith(c.pointer!)),
          JSON.stringify(editor.items),
        );
    });

  test('a catalog file outside the lockfile’s workspace folder is not pinned', async () => {
    const elsewhere = join(top, 'outside', 'a2a-lock.json');
    const pinned = await pinInline(
      { uri: pathToFileURL(catalogPath()).href, identifier: IDENTIFIER, version: '1.0.0' },
      elsewhere,
    );
    assert.equal(pinned.written, false);
    assert.match(pinned.error ?? '', /not inside the lockfile's workspace folder/);
  });
});

describe('a lockfile whose catalog path leaves the repository is never read', () => {
  const pinnedLock = () => JSON.parse(readFileSync(lockPath(), 'utf8')) as Record<string, unknown>;
  // What an attacker writes into found_via.catalog, and how each reader refuses it.
  const attacks: { name: string; catalog: string; refusal: RegExp }[] = [
    { name: 'a relative path up and out', catalog: '../../outside/ai-catalog.json', refusal: /outside the repository/ },
    { name: 'deeper up and out', catalog: `${'../'.repeat(6)}etc/x.json`, refusal: /outside the repository/ },
    { name: 'a symbolic link out', catalog: '../catalogs/link.ai-catalog.json', refusal: /outside the repository/ },
    { name: 'an absolute path', catalog: '', refusal: /must be the http\(s\) URL of the catalog/ },
    { name: 'a file: URL', catalog: '', refusal: /must be the http\(s\) URL of the catalog/ },
  ];
  before(() => {
    symlinkSync(join(top, 'outside', 'ai-catalog.json'), join(ws, 'catalogs', 'link.ai-catalog.json'));
    attacks[3]!.catalog = join(top, 'outside', 'ai-catalog.json');
    attacks[4]!.catalog = pathToFileURL(join(top, 'outside', 'ai-catalog.json')).href;
  });
  for (const attack of attacks)
    test(attack.name, async () => {
      const lock = pinnedLock();
      const evil = join(ws, 'locks', 'evil.a2a-lock.json');
      const foundVia = { catalog: attack.catalog, identifier: IDENTIFIER, version: '1.0.0' };
      writeFileSync(
        evil,
        JSON.stringify({ ...lock, agent: `${attack.catalog}#${IDENTIFIER}@1.0.0`, found_via: foundVia }),
      );
      const editor = await editorCheck(evil);
      const byCli = await cliCheck('locks/evil.a2a-lock.json');
      assert.equal(editor.verdict, 'error', JSON.stringify(editor.items));
      assert.equal(byCli.verdict, 'error', byCli.output);
      assert.match(JSON.stringify(editor.items), attack.refusal);
      assert.match(byCli.output, attack.refusal);
      for (const seen of [JSON.stringify(editor), byCli.output]) assert.ok(!seen.includes('OUTSIDE-SECRET'), seen);
    });
});
