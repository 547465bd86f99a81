/**
 * The quick fixes of duplicate-skill-id, empty-skill-tags, deprecated-oauth-flow, extension-missing-uri,
 * malformed-signature and invalid-interface-url, from the real server over stdio: applied one after another the way
 * an editor applies them, each re-validated by the server; and none offered where no safe fix exists.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { applyAction, startLsp, type LspSession } from './harness';

const good = () => JSON.parse(readFileSync(join(__dirname, 'fixtures', 'good.agent-card.json'), 'utf8'));
let s: LspSession;
let n = 0;
before(async () => {
  s = await startLsp();
});
after(async () => {
  await s.stop();
});

/** [diagnostic code, exact action title, whether the action is the preferred one] in the order they are applied. */
const STEPS: [string, string, boolean][] = [
  ['duplicate-skill-id', 'Rename this skill\'s id to "quote-2"', true],
  ['empty-skill-tags', 'Add the skill\'s name "Quote again" as a tag', true],
  ['deprecated-oauth-flow', 'Remove the deprecated password flow (the scheme keeps clientCredentials)', false],
  ['extension-missing-uri', 'Remove the empty extension entry', true],
  ['malformed-signature', 'Remove the malformed signature (the card is then unsigned)', false],
  ['invalid-interface-url', 'Add the scheme: "https://pricing.example/a2a"', true],
];

test('each of the six fixes applies from the server and its diagnostic is gone on re-validation', async () => {
  const card = good();
  card.supportedInterfaces[1].url = 'pricing.example/a2a';
  card.capabilities.extensions = [{ uri: '' }];
  card.securitySchemes.oauth.oauth2SecurityScheme.flows.password = {
    tokenUrl: 'https://auth.pricing.example/token',
    scopes: { 'quotes:read': 'Read quotes' },
  };
  card.skills.push({ id: 'quote', name: 'Quote again', description: 'Prices one catalogue item again.', tags: [] });
  card.signatures = [{ protected: 'not base64!', signature: 'c2lnbmF0dXJl' }];
  const uri = `file:///entry-fixes/${++n}/agent-card.json`;
  let doc = await s.open(uri, 'a2a-agent-card', JSON.stringify(card, null, 2));
  let diagnostics = await s.diagnostics(uri);
  for (const [code, title, preferred] of STEPS) {
    const target = diagnostics.find((d) => d.code === code);
    assert.ok(target, `a ${code} diagnostic in ${JSON.stringify(diagnostics.map((d) => d.code))}`);
    const actions = await s.codeActions(uri, target.range, [target]);
    const action = actions.find((a) => a.title === title);
    assert.ok(action, `"${title}" in ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.equal(action.kind, 'quickfix');
    assert.equal(action.isPreferred, preferred, `${title}: preferred`);
    doc = await s.change(uri, applyAction(doc, action));
    diagnostics = await s.diagnostics(uri);
    assert.ok(
      !diagnostics.some((d) => d.code === code),
      `${code} is gone after "${title}": ${JSON.stringify(diagnostics.map((d) => d.code))}`,
    );
  }
  const fixed = JSON.parse(doc.getText());
  assert.deepEqual(fixed.skills[2], {
    id: 'quote-2',
    name: 'Quote again',
    description: 'Prices one catalogue item again.',
    tags: ['Quote again'],
  });
  assert.deepEqual(Object.keys(fixed.securitySchemes.oauth.oauth2SecurityScheme.flows), ['clientCredentials']);
  assert.deepEqual(fixed.capabilities.extensions, []);
  assert.ok(!('signatures' in fixed));
  assert.equal(fixed.supportedInterfaces[1].url, 'https://pricing.example/a2a');
  // Only the informational finding the good card always had is left.
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['skill-mode-narrows-default'],
  );
});

test('no code action where no safe fix exists: a relative URL, the only (implicit) flow, an extension with content', async () => {
  const card = good();
  card.supportedInterfaces[1].url = '/api/a2a';
  const flows = card.securitySchemes.oauth.oauth2SecurityScheme.flows;
  delete flows.clientCredentials;
  flows.implicit = {
    authorizationUrl: 'https://auth.pricing.example/authorize',
    scopes: { 'quotes:read': 'Read quotes' },
  };
  card.capabilities.extensions = [{ description: 'tracing', required: true }];
  const uri = `file:///entry-fixes/${++n}/agent-card.json`;
  await s.open(uri, 'a2a-agent-card', JSON.stringify(card, null, 2));
  const diagnostics = await s.diagnostics(uri);
  for (const code of ['invalid-interface-url', 'deprecated-oauth-flow', 'extension-missing-uri']) {
    const target = diagnostics.find((d) => d.code === code);
    assert.ok(target, `a ${code} diagnostic in ${JSON.stringify(diagnostics.map((d) => d.code))}`);
    assert.deepEqual(
      // Every diagnostic of ours also offers "Ignore here, with a reason" (app/document/ignoreAction.ts): not a fix.
      (await s.codeActions(uri, target.range, [target]))
        .map((a) => a.title)
        .filter((title) => !title.startsWith('Ignore here')),
      [],
      `${code}: no action`,
    );
  }
});
