/**
 * A card without a canonical form (a number that overflows a double, nesting past the canonicalizer's bound) cannot
 * be digested. The real language server must still publish every other diagnostic of a lockfile that pins it (its
 * own findings too) plus one saying why the card cannot be used, answer hovers, and show the reason in the tree.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { CapabilitiesRequest } from '../../server/src/protocol';
import { startLsp } from './harness';
import { at } from '../at';

const FIXTURE = join(__dirname, 'fixtures', 'workspace');
const CARD_TEXT = readFileSync(join(FIXTURE, 'agents', 'pricing', '.well-known', 'agent-card.json'), 'utf8');
/** Markdown as read: backslash escapes removed. */
const shown = (md: string) => md.replace(/\\([!-/:-@[-`{-~])/g, '$1');
const LOCK_TEXT = readFileSync(join(FIXTURE, 'planner', 'pricing.a2a-lock.json'), 'utf8');

const VARIANTS: [string, string][] = [
  [
    'a number that overflows a double',
    CARD_TEXT.replace(
      '"capabilities": { "streaming": true }',
      '"capabilities": { "streaming": true, "x-limit": 1e400 }',
    ),
  ],
  [
    'nesting past the bound',
    CARD_TEXT.replace(
      '"capabilities": { "streaming": true }',
      `"capabilities": { "streaming": true, "extensions": [{ "uri": "urn:x", "params": { "t": ${'['.repeat(600)}1${']'.repeat(600)} } }] }`,
    ),
  ],
];

for (const [name, cardText] of VARIANTS) {
  test(`a lockfile pinning a card with ${name}: its own diagnostics, why the card cannot be used, a hover and a tree`, async (t) => {
    assert.notEqual(cardText, CARD_TEXT);
    const root = mkdtempSync(join(tmpdir(), 'a2a-unusable-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'agents', '.well-known'), { recursive: true });
    writeFileSync(join(root, 'agents', '.well-known', 'agent-card.json'), cardText);
    // An unknown member: a warning of the lockfile's own, which must be published with the rest.
    const lockText = LOCK_TEXT.replace('"pinned_at"', '"x-note": "mine",\n  "pinned_at"');
    const lockPath = join(root, 'pricing.a2a-lock.json');
    writeFileSync(lockPath, lockText);

    const s = await startLsp({ workspaceFolders: [root] });
    try {
      const uri = pathToFileURL(lockPath).href;
      const doc = await s.open(uri, 'a2a-lockfile', lockText);
      const diags = await s.diagnostics(uri);
      assert.ok(
        diags.some((d) => d.code === 'unknown-field'),
        'the lockfile keeps its own findings',
      );
      const unusable = diags.filter((d) => d.code === 'lockfile-error');
      assert.equal(unusable.length, 1, JSON.stringify(diags));
      assert.match(
        String(at(unusable, 0).message),
        /card in .*agent-card\.json cannot be used, because it has no canonical form/,
      );

      const hover = await s.hover(uri, doc.positionAt(doc.getText().indexOf('"streaming"') + 2));
      assert.ok(hover, 'hover answers');
      assert.match(shown((hover!.contents as MarkupContent).value), /cannot be used, because/);

      const tree = await s.connection.sendRequest(CapabilitiesRequest.type, { uri });
      assert.equal(tree.summary, 'card cannot be used');
      assert.equal(tree.severity, 'error');
      const node = tree.nodes.find((n) => n.id === 'unusable');
      assert.match(node?.description ?? '', /cannot be used, because/);
      assert.ok(tree.nodes.some((n) => n.id === 'requires'));

      // The card itself, opened: the rule says why, with its other findings.
      const cardUri = pathToFileURL(join(root, 'agents', '.well-known', 'agent-card.json')).href;
      await s.open(cardUri, 'a2a-agent-card', cardText);
      const cardDiags = await s.diagnostics(cardUri);
      assert.ok(cardDiags.some((d) => d.code === 'not-canonicalizable'));
      assert.ok(cardDiags.some((d) => d.code === 'skill-mode-narrows-default'));
      assert.equal(s.stderr(), '');
    } finally {
      await s.stop();
    }
  });
}
