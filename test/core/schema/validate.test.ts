import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { validateValue } from '../../../server/src/core/schema/validate';

const root = join(__dirname, '../../..');
const cardSchema = JSON.parse(readFileSync(join(root, 'schemas/agent-card-1.0.schema.json'), 'utf8'));
const lockSchema = JSON.parse(readFileSync(join(root, 'schemas/a2a-lock.schema.json'), 'utf8'));
const card = JSON.parse(readFileSync(join(root, 'test/fixtures/cards/valid/pricing-agent.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'test/fixtures/cards/valid/pricing.a2a-lock.json'), 'utf8'));

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

/** Every property schema reachable through properties/$defs, with its path. */
function properties(schema: Record<string, unknown>): [string, Record<string, unknown>][] {
  const out: [string, Record<string, unknown>][] = [];
  const visit = (s: Record<string, unknown>, path: string) => {
    for (const [k, p] of Object.entries((s.properties ?? {}) as Record<string, Record<string, unknown>>)) {
      out.push([`${path}.${k}`, p]);
      visit(p, `${path}.${k}`);
    }
  };
  visit(schema, '#');
  for (const [name, def] of Object.entries((schema.$defs ?? {}) as Record<string, Record<string, unknown>>))
    visit(def, name);
  return out;
}

test('schemas: 2020-12, $id, $comment with the source, a description on every property', () => {
  for (const schema of [cardSchema, lockSchema]) {
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.match(schema.$id, /^https:\/\//);
    assert.ok(schema.$comment.length > 20);
    const props = properties(schema);
    assert.ok(props.length > 10);
    for (const [path, p] of props)
      assert.ok(typeof p.description === 'string' && p.description.length > 3, `${path} has a description`);
  }
  assert.match(cardSchema.$comment, /v1\.0\.1/);
});

test('schemas never forbid unknown members', () => {
  const text = JSON.stringify([cardSchema, lockSchema]);
  assert.ok(!text.includes('"additionalProperties":false'));
  assert.ok(!text.includes('unevaluatedProperties'));
});

test('the valid card and lockfile pass; both evidence forms are accepted', () => {
  assert.deepEqual(validateValue(card, 'card'), []);
  assert.deepEqual(validateValue(lock, 'lockfile'), []);
  const withSchema = { ...clone(lock), $schema: './schemas/a2a-lock.schema.json' };
  withSchema.requires.skills['itinerary-pricing'].scheme = 'oauth';
  assert.deepEqual(validateValue(withSchema, 'lockfile'), []);
});

test("required → the missing member's pointer, aimed at the key, with a message that says what to add", () => {
  const c = clone(card);
  delete c.provider.organization;
  const [f] = validateValue(c, 'card');
  assert.ok(f);
  assert.equal(f.pointer, '/provider/organization');
  assert.equal(f.target, 'key');
  assert.match(f.message, /missing the REQUIRED member "organization"/);
});

test('REQUIRED arrays need one item', () => {
  const c = clone(card);
  c.defaultOutputModes = [];
  assert.deepEqual(
    validateValue(c, 'card').map((f) => f.pointer),
    ['/defaultOutputModes'],
  );
});

test('oneOf: one readable finding naming every choice (none, several, or a misspelled key)', () => {
  const none = clone(card);
  none.securitySchemes.oauth = {};
  const [a, ...restA] = validateValue(none, 'card');
  assert.equal(restA.length, 0);
  assert.ok(a);
  assert.match(
    a.message,
    /exactly one of apiKeySecurityScheme, httpAuthSecurityScheme, oauth2SecurityScheme, openIdConnectSecurityScheme, mtlsSecurityScheme; none found/,
  );

  const two = clone(card);
  two.securitySchemes.oauth.httpAuthSecurityScheme = { scheme: 'Bearer' };
  const found = validateValue(two, 'card');
  assert.equal(found.length, 1);
  assert.match(
    found[0]?.message ?? '',
    /has oauth2SecurityScheme and httpAuthSecurityScheme|has httpAuthSecurityScheme and oauth2SecurityScheme/,
  );

  const flows = clone(card);
  flows.securitySchemes.oauth.oauth2SecurityScheme.flows.implicitFlow = {};
  delete flows.securitySchemes.oauth.oauth2SecurityScheme.flows.clientCredentials;
  const [typo] = validateValue(flows, 'card');
  assert.ok(typo);
  assert.equal(typo.pointer, '/securitySchemes/oauth/oauth2SecurityScheme/flows');
  assert.match(typo.message, /"implicitFlow" is not one of them: rename it to "implicit"/);
});

test('errors inside the chosen oneOf variant are reported where they are', () => {
  const c = clone(card);
  c.securitySchemes.key = { apiKeySecurityScheme: { location: 'body', name: 'X-Key' } };
  const findings = validateValue(c, 'card');
  assert.deepEqual(
    findings.map((f) => f.pointer),
    ['/securitySchemes/key/apiKeySecurityScheme/location'],
  );
  assert.match(findings[0]?.message ?? '', /"query", "header", "cookie"/);
});

test('null for an optional member: says to omit it', () => {
  const c = clone(card);
  c.iconUrl = null;
  const [f] = validateValue(c, 'card');
  assert.ok(f);
  assert.match(f.message, /must be a string, not null\. Omit an unset optional member/);
});

test('duplicates are dropped and nothing throws on non-objects', () => {
  assert.equal(validateValue([], 'card').length, 1);
  assert.equal(validateValue('x', 'lockfile').length, 1);
  assert.doesNotThrow(() => validateValue(undefined, 'card'));
});

test('lockfile: evidence must be a string or {result, probe, at}', () => {
  const l = clone(lock);
  l.verified.push = 7;
  const findings = validateValue(l, 'lockfile');
  assert.deepEqual(
    findings.map((f) => f.pointer),
    ['/verified/push'],
  );
  assert.match(findings[0]?.message ?? '', /string .* or an object/);
});
