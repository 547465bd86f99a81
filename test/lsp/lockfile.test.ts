/**
 * Lockfile diagnostics against the card they pin, found in the workspace (on disk, not open) or among
 * the open documents; hovers show the card's current values.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { DiagnosticSeverity, type MarkupContent } from 'vscode-languageserver-protocol';
import { CapabilitiesRequest } from '../../server/src/protocol';
import { startLsp } from './harness';
import { at } from '../at';

const WORKSPACE = join(__dirname, 'fixtures', 'workspace');
const LOCK = join(WORKSPACE, 'planner', 'pricing.a2a-lock.json');
const CARD = join(WORKSPACE, 'agents', 'pricing', '.well-known', 'agent-card.json');
const shown = (md: string) => md.replace(/\\([!-/:-@[-`{-~])/g, '$1');

test('breaking changes against a workspace card are errors on the lockfile member they are about', async () => {
  const s = await startLsp({ workspaceFolders: [WORKSPACE] });
  try {
    const uri = pathToFileURL(LOCK).href;
    const doc = await s.open(uri, 'a2a-lockfile', readFileSync(LOCK, 'utf8'));
    const diags = await s.diagnostics(uri);
    const breaking = diags.filter((d) => d.code === 'lockfile-breaking');
    assert.deepEqual(breaking.map((d) => (d.data as { pointer: string }).pointer).sort(), [
      '/requires/push',
      '/requires/skills/quote/input/0',
    ]);
    for (const d of breaking) assert.equal(d.severity, DiagnosticSeverity.Error);
    const push = breaking.find((d) => (d.data as { pointer: string }).pointer === '/requires/push')!;
    assert.equal(doc.getText(push.range), 'true');
    assert.match(String(push.message), /agents\/pricing\/\.well-known\/agent-card\.json/);

    // Hover on a requirement: the card's current value.
    const at = doc.getText().indexOf('"quote"');
    const hover = await s.hover(uri, doc.positionAt(at + 2));
    assert.match(
      shown((hover!.contents as MarkupContent).value),
      /Skill quote\*\* in the card now[\s\S]*text\/plain is NOT accepted/,
    );

    // The tree payload: classification and claimed-vs-verified evidence.
    const tree = await s.connection.sendRequest(CapabilitiesRequest.type, { uri });
    assert.equal(tree.summary, 'breaking');
    assert.equal(tree.severity, 'error');
    const evidence = tree.nodes.find((n) => n.id === 'evidence')!;
    assert.match(evidence.description ?? '', /nothing verified yet/);
    // The free-text `verified` entry is shown with its claim, and is not counted as verified.
    const streaming = evidence.children?.find((n) => n.id === 'evidence/streaming');
    assert.equal(streaming?.icon, 'circle-outline');
    assert.match(streaming?.tooltip ?? '', /the lockfile records: probe ok 2026-11-01/);
    assert.deepEqual(
      tree.evidence?.claims.map((c) => [c.probe, c.status]),
      [
        ['version', 'unverified'],
        ['streaming', 'unverified'],
        ['push', 'unverified'],
        ['extended-card', 'unverified'],
        ['media-type:text/plain', 'unverified'],
      ],
    );
    // The card's quote skill dropped text/plain: the claim says so before any probe.
    assert.equal(
      tree.evidence?.claims.find((c) => c.probe === 'media-type:text/plain')?.claimed,
      'NOT accepted by quote',
    );
  } finally {
    await s.stop();
  }
});

test('an open card wins over the file on disk, and editing it re-checks the open lockfile', async () => {
  const s = await startLsp({ workspaceFolders: [WORKSPACE] });
  try {
    const lockUri = pathToFileURL(LOCK).href;
    const cardUri = pathToFileURL(CARD).href;
    const card = JSON.parse(readFileSync(CARD, 'utf8'));
    await s.open(lockUri, 'a2a-lockfile', readFileSync(LOCK, 'utf8'));
    assert.ok((await s.diagnostics(lockUri)).some((d) => d.code === 'lockfile-breaking'));
    // The provider adds push notifications and gives text/plain back to the skill: nothing breaks any more.
    card.capabilities.pushNotifications = true;
    delete card.skills[0].inputModes;
    await s.open(cardUri, 'a2a-agent-card', JSON.stringify(card, null, 2));
    const after = await s.diagnosticsWhen(lockUri, (d) => !d.some((x) => x.code === 'lockfile-breaking'));
    assert.deepEqual(
      after.filter((d) => d.severity === DiagnosticSeverity.Error),
      [],
    );
  } finally {
    await s.stop();
  }
});

test('without the pinned card the lockfile is only linted', async () => {
  const s = await startLsp({ workspaceFolders: [join(WORKSPACE, 'planner')] });
  try {
    const uri = pathToFileURL(LOCK).href;
    await s.open(uri, 'a2a-lockfile', readFileSync(LOCK, 'utf8'));
    assert.deepEqual(
      (await s.diagnostics(uri)).map((d) => d.code),
      [],
    );
  } finally {
    await s.stop();
  }
});

test('a card changed on disk re-checks open lockfiles (workspace/didChangeWatchedFiles)', async () => {
  const { mkdtempSync, cpSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'a2a-lsp-'));
  cpSync(WORKSPACE, dir, { recursive: true });
  const s = await startLsp({ workspaceFolders: [dir] });
  try {
    const lock = join(dir, 'planner', 'pricing.a2a-lock.json');
    const card = join(dir, 'agents', 'pricing', '.well-known', 'agent-card.json');
    const uri = pathToFileURL(lock).href;
    await s.open(uri, 'a2a-lockfile', readFileSync(lock, 'utf8'));
    assert.ok((await s.diagnostics(uri)).some((d) => d.code === 'lockfile-breaking'));
    const fixed = JSON.parse(readFileSync(card, 'utf8'));
    fixed.capabilities.pushNotifications = true;
    delete fixed.skills[0].inputModes;
    writeFileSync(card, JSON.stringify(fixed));
    await s.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: pathToFileURL(card).href, type: 2 }],
    });
    await s.diagnosticsWhen(uri, (d) => !d.some((x) => x.code === 'lockfile-breaking'));
  } finally {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a lockfile whose agent is a relative path is checked against that file, even outside the card globs', async () => {
  const { mkdtempSync, mkdirSync, copyFileSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'a2a-lsp-rel-'));
  try {
    mkdirSync(join(dir, 'cards'));
    copyFileSync(CARD, join(dir, 'cards', 'pricing.json')); // not an agent-card.json name: only the path finds it
    const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
    lock.agent = '../cards/pricing.json';
    mkdirSync(join(dir, 'planner'));
    const lockPath = join(dir, 'planner', 'a2a-lock.json');
    writeFileSync(lockPath, JSON.stringify(lock, null, 2));
    const s = await startLsp({ workspaceFolders: [dir] });
    try {
      const uri = pathToFileURL(lockPath).href;
      await s.open(uri, 'a2a-lockfile', readFileSync(lockPath, 'utf8'));
      const breaking = (await s.diagnostics(uri)).filter((d) => d.code === 'lockfile-breaking');
      assert.equal(breaking.length, 2);
      assert.match(String(at(breaking, 0).message), /\.\.\/cards\/pricing\.json/);
    } finally {
      await s.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
