/**
 * Quick fixes from the real server: the edits are applied the way an editor applies them and the
 * result is validated again by the server.
 */
import { MAX_FINDINGS_PER_RULE } from '../../server/src/core/findingCap';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { MigrateCardRequest } from '../../server/src/protocol';
import { applyAction, startLsp, type LspSession } from './harness';
import { at } from '../at';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
let s: LspSession;
let n = 0;
before(async () => {
  s = await startLsp();
});
after(async () => {
  await s.stop();
});

/** Opens `text`, finds the diagnostic with `code`, applies the action titled like `title`, returns the re-validated result. */
async function fix(
  text: string,
  code: string,
  title: RegExp,
): Promise<{ text: string; before: Diagnostic[]; after: Diagnostic[]; actions: CodeAction[] }> {
  const uri = `file:///fix/${++n}/agent-card.json`;
  const doc = await s.open(uri, 'a2a-agent-card', text);
  const before = await s.diagnostics(uri);
  const target = before.find((d) => d.code === code);
  assert.ok(target, `a ${code} diagnostic in ${JSON.stringify(before.map((d) => d.code))}`);
  const actions = await s.codeActions(uri, target.range, [target]);
  const action = actions.find((a) => title.test(a.title));
  assert.ok(action, `an action like ${title} in ${JSON.stringify(actions.map((a) => a.title))}`);
  const fixed = applyAction(doc, action);
  await s.change(uri, fixed);
  return { text: fixed, before, after: await s.diagnostics(uri), actions };
}

test('a 0.3 card migrates to 1.0 in one edit, keeping what can be kept, and validates clean', async () => {
  const r = await fix(fixture('legacy-0.3.agent-card.json'), 'legacy-card-shape', /^Migrate this card to A2A 1\.0$/);
  assert.ok(r.before.filter((d) => d.code === 'legacy-card-shape').length >= 5);
  assert.deepEqual(
    r.after.map((d) => d.code),
    [],
  );
  const card = JSON.parse(r.text);
  assert.deepEqual(card.supportedInterfaces, [
    { url: 'https://legacy.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'https://legacy.example/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
  ]);
  assert.deepEqual(card.capabilities, { streaming: true, extendedAgentCard: true });
  assert.deepEqual(card.securitySchemes.bearer, { httpAuthSecurityScheme: { scheme: 'bearer', bearerFormat: 'JWT' } });
  assert.deepEqual(card.securitySchemes.key, { apiKeySecurityScheme: { location: 'header', name: 'X-Api-Key' } });
  assert.deepEqual(card.securityRequirements, [{ schemes: { bearer: { list: [] } } }]);
  assert.deepEqual(card.skills[0].securityRequirements, [{ schemes: { key: { list: [] } } }]);
  assert.equal(card.name, 'Legacy agent');
  assert.equal(card.version, '1.4.0');
  assert.ok(!('url' in card) && !('security' in card) && !('protocolVersion' in card));
});

test("the migration edits only what changes: one-line arrays and objects elsewhere keep the author's layout", async () => {
  const r = await fix(
    fixture('migrate-layout.agent-card.json'),
    'legacy-card-shape',
    /^Migrate this card to A2A 1\.0$/,
  );
  assert.equal(r.text, fixture('migrate-layout.expected.json'));
  assert.deepEqual(
    r.after.map((d) => d.code),
    [],
  );
  // The edit starts where the first change is, not at the top of the file.
  const edits = at(Object.values(r.actions.find((a) => /Migrate/.test(a.title))!.edit!.changes!), 0);
  assert.ok(
    edits.every((e) => e.range.start.line >= 1),
    JSON.stringify(edits.map((e) => e.range)),
  );
});

test('the migration is offered once, first and preferred, however many legacy members are flagged', async () => {
  const uri = `file:///fix/${++n}/agent-card.json`;
  await s.open(uri, 'a2a-agent-card', fixture('legacy-0.3.agent-card.json'));
  const diags = await s.diagnostics(uri);
  const actions = await s.codeActions(
    uri,
    { start: { line: 0, character: 0 }, end: { line: 30, character: 0 } },
    diags,
  );
  const migrations = actions.filter((a) => /Migrate/.test(a.title));
  assert.equal(migrations.length, 1);
  assert.equal(at(migrations, 0).isPreferred, true);
  assert.ok(
    !actions.some((a) => /missing member "supportedInterfaces"/.test(a.title)),
    'no empty supportedInterfaces stub for a 0.3 card',
  );
});

test('a legacy security requirement shape is rewritten', async () => {
  const card = JSON.parse(fixture('good.agent-card.json'));
  card.securityRequirements = [{ oauth: ['quotes:read'] }];
  const r = await fix(JSON.stringify(card, null, 2), 'security-requirement-shape', /1\.0 security requirement/);
  assert.deepEqual(JSON.parse(r.text).securityRequirements, [{ schemes: { oauth: { list: ['quotes:read'] } } }]);
  assert.ok(!r.after.some((d) => d.code === 'security-requirement-shape'));
});

test('a skill gets back the default modes it dropped', async () => {
  const r = await fix(fixture('good.agent-card.json'), 'skill-mode-narrows-default', /^Add the default modes/);
  assert.deepEqual(JSON.parse(r.text).skills[0].inputModes, ['application/json', 'text/plain']);
  assert.deepEqual(
    r.after.map((d) => d.code),
    [],
  );
});

test('a missing scope is declared in the scheme', async () => {
  const card = JSON.parse(fixture('good.agent-card.json'));
  card.skills[1].securityRequirements = [{ schemes: { oauth: { list: ['quotes:admin'] } } }];
  const r = await fix(JSON.stringify(card, null, 2), 'undeclared-oauth-scope', /^Declare scope "quotes:admin"/);
  assert.deepEqual(
    Object.keys(JSON.parse(r.text).securitySchemes.oauth.oauth2SecurityScheme.flows.clientCredentials.scopes),
    ['quotes:read', 'quotes:write', 'quotes:admin'],
  );
  assert.ok(!r.after.some((d) => d.code === 'undeclared-oauth-scope'));
});

test('other obvious fixes: unknown member, provider.name, media type suggestion, missing member', async () => {
  const card = JSON.parse(fixture('good.agent-card.json'));
  card.provider = { name: 'Acme', url: 'https://acme.example' };
  let r = await fix(JSON.stringify(card, null, 2), 'provider-name-field', /organization/);
  assert.deepEqual(JSON.parse(r.text).provider, { organization: 'Acme', url: 'https://acme.example' });

  r = await fix(fixture('mapping.agent-card.json'), 'unknown-field', /^Remove "colour"/);
  assert.ok(!('colour' in JSON.parse(r.text)));

  r = await fix(
    fixture('mapping.agent-card.json').replace('"texplain"', '"json"'),
    'invalid-media-type',
    /^Change to "application\/json"/,
  );
  assert.deepEqual(JSON.parse(r.text).defaultInputModes, ['text/plain', 'application/json']);

  r = await fix(fixture('mapping.agent-card.json'), 'schema', /^Add the missing member "tags"/);
  assert.deepEqual(JSON.parse(r.text).skills[0].tags, []);
});

test('actions are keyed on code and data, not on message text', async () => {
  const uri = `file:///fix/${++n}/agent-card.json`;
  await s.open(uri, 'a2a-agent-card', fixture('good.agent-card.json'));
  const [d] = await s.diagnostics(uri);
  const reworded = { ...d!, message: 'a translated message' };
  // Besides the fix, every diagnostic of ours offers "Ignore here, with a reason" (app/document/ignoreAction.ts).
  const fixes = (await s.codeActions(uri, d!.range, [reworded])).filter((a) => !a.title.startsWith('Ignore here'));
  assert.equal(fixes.length, 1);
  const foreign = { ...d!, source: 'json' };
  assert.equal((await s.codeActions(uri, d!.range, [foreign])).length, 0);
});

test('hidden characters in card text are removed', async () => {
  const card = JSON.parse(fixture('good.agent-card.json'));
  card.skills[1].description = 'Price many\u200b items.\u202e';
  const r = await fix(JSON.stringify(card, null, 2), 'suspicious-text', /^Remove the hidden characters$/);
  assert.equal(JSON.parse(r.text).skills[1].description, 'Price many items.');
  assert.ok(!r.after.some((d) => d.code === 'suspicious-text'));
});

test('a misspelled scheme name in a requirement is changed to the defined one', async () => {
  const card = JSON.parse(fixture('good.agent-card.json'));
  card.skills[1].securityRequirements = [{ schemes: { oath: { list: ['quotes:read'] } } }];
  const r = await fix(JSON.stringify(card, null, 2), 'undefined-security-scheme', /^Change to "oauth"/);
  assert.deepEqual(JSON.parse(r.text).skills[1].securityRequirements, [
    { schemes: { oauth: { list: ['quotes:read'] } } },
  ]);
  assert.ok(!r.after.some((d) => d.code === 'undefined-security-scheme'));
});

test('a patch-versioned interface is changed to Major.Minor; a plain card version to semver', async () => {
  const card = JSON.parse(fixture('good.agent-card.json'));
  card.supportedInterfaces[0].protocolVersion = '1.0.1';
  let r = await fix(JSON.stringify(card, null, 2), 'protocol-version-patch', /^Change to "1\.0"$/);
  assert.equal(JSON.parse(r.text).supportedInterfaces[0].protocolVersion, '1.0');
  assert.ok(!r.after.some((d) => d.code === 'protocol-version-patch' || d.code === 'invalid-protocol-version'));
  card.supportedInterfaces[0].protocolVersion = '1.0';
  card.version = 'v2.1';
  r = await fix(JSON.stringify(card, null, 2), 'card-version-not-semver', /^Change to "2\.1\.0"$/);
  assert.equal(JSON.parse(r.text).version, '2.1.0');
});

test('the internal-only action sets the boolean the server honours: with it set, internal-address is silent', async () => {
  const card = JSON.parse(fixture('good.agent-card.json'));
  card.documentationUrl = 'https://wiki.corp/pricing';
  const uri = `file:///fix/${++n}/agent-card.json`;
  await s.open(uri, 'a2a-agent-card', JSON.stringify(card, null, 2));
  const diags = (await s.diagnostics(uri)).filter((d) => d.code === 'internal-address');
  assert.equal(diags.length, 1);
  const all = await s.codeActions(uri, at(diags, 0).range, diags);
  const set = all.filter((a) => a.command?.command === 'a2a.setBooleanSetting');
  assert.deepEqual(
    set.map((a) => a.command!.arguments),
    [['card.internalOnly', true, uri]],
  );
  await s.updateSettings({ card: { internalOnly: true } });
  await s.diagnosticsWhen(uri, (d) => !d.some((x) => x.code === 'internal-address'));
  await s.updateSettings({});
});

test('"my client supports it" actions run the client command that extends the client settings', async () => {
  const card = JSON.parse(fixture('good.agent-card.json'));
  card.supportedInterfaces = [{ url: 'https://pricing.example/grpc', protocolBinding: 'GRPC', protocolVersion: '1.0' }];
  card.capabilities.extensions = [{ uri: 'https://ext.example/pricing/v1', required: true }];
  const uri = `file:///fix/${++n}/agent-card.json`;
  await s.open(uri, 'a2a-agent-card', JSON.stringify(card, null, 2));
  const diags = await s.diagnostics(uri);
  const all = await s.codeActions(uri, { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } }, diags);
  const commands = all.filter((a) => a.command).map((a) => a.command!.arguments);
  assert.deepEqual(commands.map((c) => JSON.stringify(c)).sort(), [
    '["client.bindings","GRPC@1.0"]',
    '["client.knownExtensions","https://ext.example/pricing/v1"]',
  ]);
  for (const a of all.filter((x) => x.command)) assert.equal(a.command!.command, 'a2a.addToClientSetting');
  // With the setting applied the card is usable: no diagnostic left for it.
  await s.updateSettings({ client: { bindings: ['GRPC@1.0'], knownExtensions: ['https://ext.example/pricing/v1'] } });
  await s.diagnosticsWhen(
    uri,
    (d) => !d.some((x) => x.code === 'no-supported-interface' || x.code === 'required-extension-unsupported'),
  );
});

test('a2a/migrateCard (the command) returns the whole-card edit with notes, and nothing for a 1.0 card', async () => {
  const uri = `file:///fix/${++n}/agent-card.json`;
  const doc = await s.open(uri, 'a2a-agent-card', fixture('legacy-0.3.agent-card.json'));
  const r = await s.connection.sendRequest(MigrateCardRequest.type, { uri });
  const migrated = applyAction(doc, { title: 'migrate', edit: r.edit ?? undefined });
  assert.equal(JSON.parse(migrated).supportedInterfaces.length, 2);
  assert.ok(r.notes.some((note) => /protocolVersion "0\.3\.0"/.test(note)));
  assert.ok(r.notes.some((note) => /stateTransitionHistory/.test(note)));
  const good = `file:///fix/${++n}/agent-card.json`;
  await s.open(good, 'a2a-agent-card', fixture('good.agent-card.json'));
  assert.deepEqual(await s.connection.sendRequest(MigrateCardRequest.type, { uri: good }), { edit: null, notes: [] });
});

test('Select All on a card with thousands of findings: fixes for the first 50, and a stale diagnostic loses only its own fix', async () => {
  const card = JSON.parse(
    readFileSync(join(__dirname, '..', '..', 'examples', 'cards', 'good.agent-card.json'), 'utf8'),
  );
  for (let i = 0; i < 2000; i++) card[`x-unknown-${i}`] = i;
  const uri = `file:///fix/${++n}/agent-card.json`;
  const doc = await s.open(uri, 'a2a-agent-card', JSON.stringify(card, null, 2));
  const diags = await s.diagnostics(uri);
  // The editor gets as many as the per-rule cap lets through: more than one request fixes.
  assert.equal(diags.filter((d) => d.code === 'unknown-field').length, MAX_FINDINGS_PER_RULE);
  const all = { start: { line: 0, character: 0 }, end: doc.positionAt(doc.getText().length) };
  const actions = await s.codeActions(uri, all, diags);
  const fixed = new Set(actions.flatMap((a) => (a.diagnostics ?? []).map((d) => JSON.stringify(d.range))));
  assert.equal(fixed.size, 50, 'the fixes of the first 50 diagnostics');
  // A diagnostic of an older version whose member is gone, beside a current one: the current one keeps its fixes.
  const current = diags.find((d) => d.code === 'unknown-field')!;
  const stale = {
    ...current,
    code: 'provider-name-field',
    data: { ...(current.data as object), pointer: '/description/x' },
  };
  const mixed = await s.codeActions(uri, current.range, [stale, current]);
  assert.ok(
    mixed.some((a) => /Remove "x-unknown-0"/.test(a.title)),
    JSON.stringify(mixed.map((a) => a.title)),
  );
});

test('a name given twice: the diagnostic sits on the overridden occurrence, and its fix removes that one, not the first', async () => {
  const text = readFileSync(join(__dirname, '../fixtures/quick-fixes/duplicate-member/overridden.json'), 'utf8');
  const uri = `file:///fix/${++n}/agent-card.json`;
  const doc = await s.open(uri, 'a2a-agent-card', text);
  const ids = (await s.diagnostics(uri)).filter((d) => d.code === 'duplicate-member' && d.range.start.line > 12);
  // The skill gives "id" three times (lines 14, 16, 19 counted from 1): the first two are overridden.
  assert.deepEqual(
    ids.map((d) => d.range.start.line),
    [13, 15],
  );
  const second = at(ids, 1);
  const [action] = (await s.codeActions(uri, second.range, [second])).filter((a) => /^Remove this "id"/.test(a.title));
  assert.ok(action, 'a removal is offered for the second occurrence');
  const fixed = applyAction(doc, action);
  assert.match(
    fixed,
    /"id": "draft",\n\s+"name": "Itinerary pricing",\n\s+"description"/,
    'the second "id" ("old-id") is the one removed',
  );
  assert.deepEqual(JSON.parse(fixed), JSON.parse(text), 'what JSON.parse reads is unchanged');
  await s.change(uri, fixed);
  assert.equal((await s.diagnostics(uri)).filter((d) => d.code === 'duplicate-member').length, 3);
});
