/** The pure 0.3 → 1.0 migration (core/fixes/migrateCard.ts), on fixtures and on real 0.3 cards. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isLegacyCard, migrateCard } from '../../server/src/core/fixes/migrateCard';
import { closestName } from '../../server/src/core/text/nearName';
import { normalizeRequirement } from '../../server/src/core/fixes/securityRequirement';
import { migrateSecurityScheme } from '../../server/src/core/fixes/securityScheme';
import { lintDocument } from '../../server/src/core/lint';
import { corpusCards } from '../fixtures/corpus/corpus';
import { textEditsFor } from '../../server/src/app/document/jsonEdits';
import { TextDocument } from 'vscode-languageserver-textdocument';

test('legacy requirement shapes become {schemes: {name: {list}}}', () => {
  assert.deepEqual(normalizeRequirement({ bearer: [] }), { schemes: { bearer: { list: [] } } });
  assert.deepEqual(normalizeRequirement({ schemes: { google: ['openid'] } }), {
    schemes: { google: { list: ['openid'] } },
  });
  assert.deepEqual(normalizeRequirement({ schemes: { g: {} } }), { schemes: { g: { list: [] } } });
  assert.equal(normalizeRequirement({ bearer: 'x' }), undefined);
  assert.equal(normalizeRequirement([]), undefined);
  // A scheme literally named "__proto__" stays an own member, it never reaches the prototype.
  const odd = normalizeRequirement(JSON.parse('{"__proto__": ["a"]}'));
  assert.deepEqual(Object.keys(odd!.schemes), ['__proto__']);
});

test('OpenAPI-style schemes become 1.0 oneof members; one OAuth flow is kept, with a note', () => {
  assert.deepEqual(migrateSecurityScheme('k', { type: 'apiKey', in: 'query', name: 'key' })?.scheme, {
    apiKeySecurityScheme: { location: 'query', name: 'key' },
  });
  assert.deepEqual(migrateSecurityScheme('m', { type: 'mutualTLS', description: 'certs' })?.scheme, {
    mtlsSecurityScheme: { description: 'certs' },
  });
  const oauth = migrateSecurityScheme('o', {
    type: 'oauth2',
    flows: {
      implicit: { scopes: {} },
      authorizationCodeFlow: { authorizationUrl: 'a', tokenUrl: 't', scopes: { s: '' } },
    },
  });
  assert.deepEqual(oauth?.scheme, {
    oauth2SecurityScheme: { flows: { authorizationCode: { authorizationUrl: 'a', tokenUrl: 't', scopes: { s: '' } } } },
  });
  assert.equal(oauth?.notes.length, 1);
  assert.deepEqual(
    migrateSecurityScheme('s', { scheme: { $case: 'httpAuthSecurityScheme', value: { scheme: 'Bearer' } } })?.scheme,
    { httpAuthSecurityScheme: { scheme: 'Bearer' } },
  );
  assert.equal(migrateSecurityScheme('x', { httpAuthSecurityScheme: { scheme: 'Bearer' } }), undefined);
});

test('a 1.0 card is left alone; non-objects are reported, not thrown', () => {
  const card = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'good.agent-card.json'), 'utf8'));
  assert.equal(isLegacyCard(card), false);
  assert.equal(migrateCard(card).changed, false);
  assert.equal(migrateCard([1, 2]).changed, false);
  assert.equal(migrateCard(null).notes.length, 1);
});

test('signatures of a migrated card are dropped with a note (they signed the old shape)', () => {
  const m = migrateCard({ name: 'a', url: 'https://a.example', signatures: [{ protected: 'x', signature: 'y' }] });
  assert.ok(!('signatures' in m.card));
  assert.ok(m.notes.some((n) => /sign/.test(n)));
});

test('every real 0.3 card in the corpus migrates to a card without legacy shapes', () => {
  const cards = corpusCards('v03');
  assert.ok(cards.length > 5);
  for (const { name: file, path } of cards) {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      continue; // the corpus is not guaranteed to be valid JSON
    }
    const m = migrateCard(value);
    const after = lintDocument(JSON.stringify(m.card, null, 2), { kind: 'card' });
    const legacy = after.findings.filter(
      (f) => f.code === 'legacy-card-shape' || f.code === 'security-requirement-shape',
    );
    assert.deepEqual(
      legacy.map((f) => `${f.code} ${f.pointer}`),
      [],
      file,
    );
    // What was there is kept: name, skills and every original interface URL.
    const before = value as Record<string, unknown>;
    assert.equal(m.card.name, before.name, file);
    assert.deepEqual(
      (m.card.skills as unknown[] | undefined)?.length,
      (before.skills as unknown[] | undefined)?.length,
      file,
    );
    if (typeof before.url === 'string') {
      assert.equal((m.card.supportedInterfaces as { url: string }[])[0]?.url, before.url, file);
    }
  }
});

test("the migration's operations, applied to the text, give the migrated card (every real 0.3 card)", () => {
  const cards = corpusCards('v03');
  assert.ok(cards.length > 5);
  for (const { name: file, path } of cards) {
    const text = readFileSync(path, 'utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    const m = migrateCard(value);
    if (!m.changed) continue;
    const doc = TextDocument.create('file:///card.json', 'json', 1, text);
    const migrated = JSON.parse(TextDocument.applyEdits(doc, textEditsFor(doc, value, m.operations)));
    assert.deepEqual(migrated, m.card, file);
  }
});

test('A2A 0.2 authentication: known names become HTTP auth schemes, "none" means none, unknown ones stay', () => {
  const m = migrateCard({ name: 'a', url: 'https://a.example', authentication: { schemes: ['Bearer', 'none'] } });
  assert.deepEqual(m.card.securitySchemes, { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } });
  assert.deepEqual(m.card.securityRequirements, [{ schemes: { bearer: { list: [] } } }]);
  assert.ok(!('authentication' in m.card));
  assert.ok(!('authentication' in migrateCard({ name: 'a', authentication: { schemes: ['none'] } }).card));
  const kept = migrateCard({ name: 'a', authentication: { schemes: ['OAuth2'] } });
  assert.deepEqual(kept.card.authentication, { schemes: ['OAuth2'] });
  assert.ok(kept.notes.some((n) => /OAuth2/.test(n)));
});

test('closest defined name: case or small typos, never an ambiguous guess', () => {
  assert.equal(closestName('oath', ['oauth', 'apiKey']), 'oauth');
  assert.equal(closestName('Bearer', ['bearer']), 'bearer');
  assert.equal(closestName('k1', ['k2', 'k3']), undefined);
  assert.equal(closestName('something', ['oauth']), undefined);
});
