import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileStaleMarkers, parseStaleFile, type StaleFileSystem } from '../../server/src/node/fileStaleMarkers';

function scratch(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'a2a-stale-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const AGENT = 'http://127.0.0.1:4000/.well-known/agent-card.json';

test('markers go to the file and another process (a second store) sees them; a base URL is the same agent', async (t) => {
  const path = join(scratch(t), '.a2a', 'stale.json');
  const workflow = fileStaleMarkers(path);
  workflow.mark(AGENT, 'streaming refused at runtime', '2026-11-30T10:00:00.000Z');
  workflow.mark(AGENT, 'ContentTypeNotSupported', '2026-11-30T10:05:00.000Z');
  await workflow.flush();
  const file = JSON.parse(readFileSync(path, 'utf8'));
  assert.deepEqual(file, {
    version: 1,
    markers: [{ agent: AGENT, reason: 'ContentTypeNotSupported', at: '2026-11-30T10:00:00.000Z', count: 2 }],
  });

  const editor = fileStaleMarkers(path);
  await editor.load();
  assert.equal(editor.get('http://127.0.0.1:4000')?.count, 2);
  editor.clear('http://127.0.0.1:4000/');
  await editor.flush();
  assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')).markers, []);
});

test('a write keeps the markers another process wrote meanwhile', async (t) => {
  const path = join(scratch(t), 'stale.json');
  const a = fileStaleMarkers(path);
  const b = fileStaleMarkers(path);
  a.mark('http://127.0.0.1:1/', 'one', '2026-11-30T10:00:00.000Z');
  await a.flush();
  b.mark('http://127.0.0.1:2/', 'two', '2026-11-30T10:00:00.000Z'); // b never loaded: it must merge, not overwrite
  await b.flush();
  a.clear('http://127.0.0.1:1/');
  await a.flush();
  assert.deepEqual(
    JSON.parse(readFileSync(path, 'utf8')).markers.map((m: { reason: string }) => m.reason),
    ['two'],
  );
});

test('a corrupt or missing file is empty; corrupt entries are skipped, valid ones kept', async (t) => {
  const dir = scratch(t);
  const missing = fileStaleMarkers(join(dir, 'none.json'));
  await missing.load();
  assert.deepEqual(missing.list(), []);
  const path = join(dir, 'stale.json');
  writeFileSync(path, '{"markers": [');
  const corrupt = fileStaleMarkers(path);
  await corrupt.load();
  assert.deepEqual(corrupt.list(), []);
  corrupt.mark(AGENT, 'r', '2026-11-30T10:00:00.000Z');
  await corrupt.flush();
  assert.equal(JSON.parse(readFileSync(path, 'utf8')).markers.length, 1);
  assert.deepEqual(
    parseStaleFile(
      JSON.stringify({ markers: [{ agent: 'x', reason: 'r', at: 't', count: -3 }, { agent: 1 }, 'junk'] }),
    ),
    {
      markers: [{ agent: 'x', reason: 'r', at: 't', count: 1 }],
      problems: 2,
      kept: [{ agent: 1 }, 'junk'],
    },
  );
  assert.deepEqual(parseStaleFile('[]'), { markers: [], problems: 1, kept: [] });
});

test('a failed write never throws from mark(); flush() reports it and a later flush retries', async () => {
  const files = new Map<string, string>();
  let fail = true;
  const fs: StaleFileSystem = {
    readFile: async (p) => {
      const v = files.get(p);
      if (v === undefined) throw Object.assign(new Error('no'), { code: 'ENOENT' });
      return v;
    },
    writeFile: async (p, text) => {
      if (fail) throw new Error('disk full');
      files.set(p, text);
    },
  };
  const store = fileStaleMarkers('/x/stale.json', fs);
  store.mark(AGENT, 'r', '2026-11-30T10:00:00.000Z');
  assert.equal(store.get(AGENT)?.reason, 'r', 'visible in memory at once');
  await assert.rejects(store.flush(), /disk full/);
  fail = false;
  await store.flush();
  assert.equal(JSON.parse(files.get('/x/stale.json')!).markers[0].agent, AGENT);
});

test("entries this version cannot read (a newer writer's) survive a rewrite", async () => {
  const files = new Map<string, string>();
  const fs: StaleFileSystem = {
    readFile: async (p) => {
      const v = files.get(p);
      if (v === undefined) throw Object.assign(new Error('no'), { code: 'ENOENT' });
      return v;
    },
    writeFile: async (p, t) => {
      files.set(p, t);
    },
  };
  const newer = { agent: 'https://b.example/', reason: 'r', at: 1733000000, kind: 'from a newer writer' };
  files.set('/s.json', JSON.stringify({ version: 1, markers: [newer] }));
  const markers = fileStaleMarkers('/s.json', fs);
  await markers.load();
  markers.mark(AGENT, 'calls contradicted the profile', '2026-11-30T10:00:00.000Z');
  await markers.flush();
  const written = JSON.parse(files.get('/s.json')!).markers as unknown[];
  assert.equal(written.length, 2);
  assert.deepEqual(written[1], newer);
});
