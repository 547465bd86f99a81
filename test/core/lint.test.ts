import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_LINT_SETTINGS, detectKind, kindFromName, lintDocument } from '../../server/src/core/lint';
import { RULES, ruleDocsUrl } from '../../server/src/core/rules/catalog';
import { RULE_IMPLEMENTATIONS } from '../../server/src/core/rules/index';

const fixtures = join(__dirname, '../fixtures/cards');
const cardText = readFileSync(join(fixtures, 'valid/pricing-agent.json'), 'utf8');
const lockText = readFileSync(join(fixtures, 'valid/pricing.a2a-lock.json'), 'utf8');

const REQUIRED_IDS = [
  'invalid-json',
  'schema',
  'legacy-card-shape',
  'no-supported-interface',
  'required-extension-unsupported',
  'skill-mode-narrows-default',
  'invalid-media-type',
  'undefined-security-scheme',
  'undeclared-oauth-scope',
  'duplicate-skill-id',
  'insecure-interface-url',
  'unknown-field',
  'deprecated-oauth-flow',
  'malformed-signature',
  'security-requirement-shape',
  'card-too-large',
];

test('catalog: the required ids, kebab-case, unique, documented, each implemented or produced by lint itself', () => {
  const ids = RULES.map((r) => r.id);
  for (const id of REQUIRED_IDS) assert.ok(ids.includes(id), id);
  assert.equal(new Set(ids).size, ids.length);
  const builtIn = new Set([
    'invalid-json',
    'schema',
    'card-too-large',
    'not-an-agent-card',
    'internal-error',
    'findings-left-out',
  ]);
  for (const r of RULES) {
    assert.match(r.id, /^[a-z]+(-[a-z0-9]+)*$/);
    assert.ok(r.title.length > 5);
    assert.ok(builtIn.has(r.id) || RULE_IMPLEMENTATIONS[r.id] || r.producedBy !== undefined, `${r.id} implemented`);
    if (r.producedBy !== undefined) assert.equal(RULE_IMPLEMENTATIONS[r.id], undefined, `${r.id} is not a lint rule`);
    assert.equal(
      ruleDocsUrl(r.id),
      `https://github.com/a2a-capabilities/a2a-capabilities/blob/main/docs/rules.md#${r.id}`,
    );
  }
  for (const id of Object.keys(RULE_IMPLEMENTATIONS)) assert.ok(ids.includes(id), `${id} in catalog`);
  assert.equal(RULES.find((r) => r.id === 'unknown-field')!.defaultSeverity, 'warning');
});

test('every rule id has a section in docs/rules.md', () => {
  const rulesDoc = readFileSync(join(__dirname, '../../docs/rules.md'), 'utf8');
  for (const r of RULES) assert.ok(rulesDoc.includes(`### ${r.id}\n`), `docs/rules.md ### ${r.id}`);
});

test('kind: content first, then the file name', () => {
  assert.equal(lintDocument(cardText).kind, 'card');
  assert.equal(lintDocument(lockText).kind, 'lockfile');
  assert.equal(lintDocument(lockText, { fileName: 'agent-card.json' }).kind, 'lockfile');
  assert.equal(lintDocument('{}', { fileName: 'x/a2a-lock.json' }).kind, 'lockfile');
  assert.equal(lintDocument('{}', { fileName: 'agent-card.json' }).kind, 'card');
  assert.equal(kindFromName('deploy/pricing.a2a-lock.json'), 'lockfile');
  assert.equal(kindFromName('C:\\cards\\agent-card.json'), 'card');
  assert.equal(kindFromName('package.json'), undefined);
  assert.equal(detectKind({ name: 'x', url: 'https://a.example.com' }), 'card');
  assert.equal(lintDocument(cardText, { kind: 'lockfile' }).kind, 'lockfile');
});

test('severity overrides, including off, for every rule', () => {
  const text = JSON.stringify({ ...JSON.parse(cardText), url: 'https://x.example.com', 'x-a': 1 });
  const base = lintDocument(text)
    .findings.map((f) => `${f.code}:${f.severity}`)
    .sort();
  assert.deepEqual(base, ['legacy-card-shape:error', 'unknown-field:warning']);
  const overridden = lintDocument(text, {
    settings: { severities: { 'legacy-card-shape': 'hint', 'unknown-field': 'off' } },
  });
  assert.deepEqual(
    overridden.findings.map((f) => `${f.code}:${f.severity}`),
    ['legacy-card-shape:hint'],
  );
  assert.deepEqual(lintDocument('{', { settings: { severities: { 'invalid-json': 'off' } } }).findings, []);
});

test('a rule switched off no longer supersedes the schema findings it explains', () => {
  const card = JSON.parse(cardText);
  card.provider = { name: 'Example', url: 'https://example.com' };
  const text = JSON.stringify(card);
  assert.deepEqual(
    lintDocument(text).findings.map((f) => f.code),
    ['provider-name-field'],
  );
  const off = lintDocument(text, { settings: { severities: { 'provider-name-field': 'off' } } })
    .findings.map((f) => `${f.code} ${f.pointer}`)
    .sort();
  assert.deepEqual(off, ['schema /provider/organization', 'unknown-field /provider/name']);
});

test('client settings drive no-supported-interface and required-extension-unsupported', () => {
  const card = JSON.parse(cardText);
  card.supportedInterfaces = [{ url: 'grpc.example.com:443', protocolBinding: 'GRPC', protocolVersion: '1.0' }];
  card.capabilities.extensions = [{ uri: 'https://example.com/ext/v1', required: true }];
  const text = JSON.stringify(card);
  assert.deepEqual(
    lintDocument(text)
      .findings.map((f) => f.code)
      .sort(),
    ['no-supported-interface', 'required-extension-unsupported'],
  );
  const client = { bindings: [{ binding: 'GRPC', version: '1.0' }], knownExtensions: ['https://example.com/ext/v1'] };
  assert.deepEqual(lintDocument(text, { settings: { client } }).findings, []);
});

test('quick-fix data: where the dropped modes are, the scheme and scope, the legacy member', () => {
  const card = JSON.parse(cardText);
  card.defaultInputModes = ['text/plain', 'application/json'];
  card.skills[0].inputModes = ['application/json'];
  card.securityRequirements[0].schemes.oauth.list.push('pricing.book');
  card.preferredTransport = 'JSONRPC';
  const findings = lintDocument(JSON.stringify(card)).findings;
  const narrow = findings.find((f) => f.code === 'skill-mode-narrows-default')!;
  // No lists in the data (a card may hold thousands of defaults): the quick fix reads the card itself.
  assert.deepEqual(narrow.data, {
    skillId: 'itinerary-pricing',
    direction: 'input',
    defaultsMember: 'defaultInputModes',
  });
  assert.match(narrow.message, /does NOT accept text\/plain/);
  const scope = findings.find((f) => f.code === 'undeclared-oauth-scope')!;
  assert.equal(scope.data!.scheme, 'oauth');
  assert.equal(scope.data!.scope, 'pricing.book');
  assert.equal(findings.find((f) => f.code === 'legacy-card-shape')!.data!.member, 'preferredTransport');
});

test('DEFAULT_LINT_SETTINGS: 1 MiB limit, JSONRPC@1.0 and HTTP+JSON@1.0', () => {
  assert.equal(DEFAULT_LINT_SETTINGS.maxCardBytes, 1024 * 1024);
  assert.deepEqual(
    DEFAULT_LINT_SETTINGS.client.bindings.map((b) => `${b.binding}@${b.version}`),
    ['JSONRPC@1.0', 'HTTP+JSON@1.0'],
  );
});

test('the findings are plain JSON (they cross the LSP boundary as Diagnostic.data)', () => {
  const text = readFileSync(join(fixtures, 'legacy-card-shape/openapi-security.json'), 'utf8');
  const { findings } = lintDocument(text);
  assert.deepEqual(JSON.parse(JSON.stringify(findings)), findings);
});

test('no rule throws on any shape of input (lint would hide it, so each rule is called directly)', () => {
  const settings = {
    severities: {},
    maxCardBytes: 1024,
    client: DEFAULT_LINT_SETTINGS.client,
    card: DEFAULT_LINT_SETTINGS.card,
  };
  const junk: unknown[] = [null, 0, 'x', true, [], {}, [null, 1, 'a', [], {}]];
  const shapes: unknown[] = [...junk];
  const members = [
    'skills',
    'supportedInterfaces',
    'securitySchemes',
    'securityRequirements',
    'capabilities',
    'provider',
    'signatures',
    'defaultInputModes',
    'defaultOutputModes',
    'requires',
    'card_digest',
    'verified',
    'name',
    'description',
  ];
  for (const m of members) for (const j of junk) shapes.push({ [m]: j });
  for (const j of junk) {
    shapes.push({
      skills: [{ id: j, inputModes: j, outputModes: j, securityRequirements: j, tags: j, security: j, examples: j }],
    });
    shapes.push({
      securitySchemes: {
        a: j,
        b: { oauth2SecurityScheme: { flows: j } },
        c: { oauth2SecurityScheme: { flows: { implicit: j } } },
      },
    });
    shapes.push({ securityRequirements: [j, { schemes: j }, { schemes: { a: j } }, { a: j }] });
    shapes.push({ capabilities: { extensions: [j, { uri: j, required: j }] } });
    shapes.push({ signatures: [j, { protected: j, signature: j }] });
    shapes.push({ supportedInterfaces: [j, { url: j, protocolBinding: j, protocolVersion: j, tenant: j }] });
    shapes.push({ requires: { skills: { a: j, b: { input: j, output: j } } }, card_digest: j });
  }
  for (const value of shapes) {
    for (const kind of ['card', 'lockfile'] as const) {
      for (const [id, rule] of Object.entries(RULE_IMPLEMENTATIONS)) {
        assert.doesNotThrow(
          () => rule({ value, kind, settings, text: JSON.stringify(value) }),
          `${id} on ${JSON.stringify(value)}`,
        );
      }
    }
  }
});
