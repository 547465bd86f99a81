/**
 * The real language server over stdio: a card whose interface URLs carry credentials in the spellings the WHATWG
 * parser accepts (no slashes, one slash, backslashes, an `@` in the user name, a tab, a key in the query or the
 * fragment). No hover on the interfaces and no diagnostic prints any of them (each holds "Tricky").
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { tempDir } from '../cli/helpers';
import { startLsp } from './harness';

const FIXTURE = join(__dirname, '..', 'fixtures', 'redact', 'tricky-userinfo.card.json');

test('interface hovers and diagnostics never print a URL credential', async (t) => {
  const dir = tempDir(t, 'a2a-lsp-url-cred-');
  const path = join(dir, 'agent-card.json');
  const text = readFileSync(FIXTURE, 'utf8');
  writeFileSync(path, text);
  const s = await startLsp({ workspaceFolders: [dir] });
  try {
    const uri = pathToFileURL(path).href;
    const doc = await s.open(uri, 'a2a-agent-card', text);
    const diags = await s.diagnostics(uri);
    assert.ok(diags.some((d) => d.code === 'secrets-in-card'));
    for (const d of diags) assert.doesNotMatch(JSON.stringify(d), /Tricky/, `${d.code}: ${d.message}`);
    let hovers = 0;
    for (let at = text.indexOf('"url"'); at >= 0; at = text.indexOf('"url"', at + 1)) {
      for (const offset of [2, 10]) {
        const hover = await s.hover(uri, doc.positionAt(at + offset));
        if (!hover) continue;
        hovers++;
        const shown = (hover.contents as MarkupContent).value;
        // Markdown escapes punctuation: compared without the escapes, so an escaped password is found too.
        assert.doesNotMatch(shown.replace(/\\/g, ''), /Tricky/, shown);
      }
    }
    const interfaces = await s.hover(uri, doc.positionAt(text.indexOf('"supportedInterfaces"') + 2));
    if (interfaces) {
      hovers++;
      const shown = (interfaces.contents as MarkupContent).value;
      assert.doesNotMatch(shown.replace(/\\/g, ''), /Tricky/, shown);
      assert.match(shown.replace(/\\/g, ''), /pricing\.example\.com\/a2a/);
    }
    assert.ok(hovers >= 6, `hovers answered: ${hovers}`);
    assert.equal(s.stderr(), '');
  } finally {
    await s.stop();
  }
});
