// A credential in a card is reported by kind and place, and never goes out again: not in the secrets-in-card
// finding, and not in the findings of the rules that quote the values they judge (an interface URL, a protocol
// version, a media type clipped to 80 characters). Checked in every lint format and in the language server's
// diagnostics, their data, the titles of the quick fixes offered for them and the hovers.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { startLsp } from '../lsp/harness';
import { cli, tempDir } from '../cli/helpers';
import { assertNoSecretRun } from '../secretLeak';

// Made up here, shaped like the real thing (random-looking, a provider's prefix); assembled so the file holds none.
const GITHUB = ['ghp', '_', 'R8fK2mQ9vLx4TzW7pN3bH6cJ1dY5sA0eG2uI'].join('');
const OPENAI = ['sk', '-proj-', 'Tq7Xv2LmR9pK4wZ8nB3cF6hJ1yD5sG0aE2uI8oQ4tW6z'].join('');
const URL_PASSWORD = 'Zq8vLx2pWmK4rT';
const DB_PASSWORD = 'Hn5Rw8Tz2Qk7Lm';
const SECRETS = [GITHUB, OPENAI, URL_PASSWORD, DB_PASSWORD];

function cardWithSecrets(): Record<string, unknown> {
  const card = JSON.parse(
    readFileSync(join(__dirname, '..', '..', 'examples', 'cards', 'good.agent-card.json'), 'utf8'),
  );
  // Quoted by insecure-interface-url (message and fix suggestion) and invalid-protocol-version (message and data).
  card.supportedInterfaces = [
    {
      url: `http://svc:${URL_PASSWORD}@pricing.example.com/rest`,
      protocolBinding: 'HTTP+JSON',
      protocolVersion: '1.0',
    },
    { url: 'https://pricing.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: GITHUB },
  ];
  card.documentationUrl = `postgres://pricing:${DB_PASSWORD}@db.example.com:5432/prices`;
  // Quoted by invalid-media-type, clipped after 77 characters: in the middle of the key.
  card.defaultInputModes = [`application json; note=${'x'.repeat(40)} ${OPENAI}`];
  return card;
}

/** Every 8-character piece of every secret: not even a clipped prefix may appear. */
function assertNoSecret(text: string, where: string): void {
  for (const secret of SECRETS) {
    for (let i = 0; i + 8 <= secret.length; i++) {
      assert.ok(
        !text.includes(secret.slice(i, i + 8)),
        `${where}: holds ${JSON.stringify(secret.slice(i, i + 8))} of a secret`,
      );
    }
  }
}

test('lint in every format reports the credentials by kind and place and repeats none of them', async (t) => {
  const dir = tempDir(t, 'a2a-secrets-');
  writeFileSync(join(dir, 'agent-card.json'), JSON.stringify(cardWithSecrets(), null, 2));
  for (const format of ['text', 'json', 'sarif', 'codequality']) {
    const r = await cli(['lint', '--format', format, 'agent-card.json'], dir);
    assert.equal(r.code, 1, `${format}: secrets are errors (${r.stderr})`);
    assertNoSecret(r.stdout + r.stderr, `lint --format ${format}`);
    assert.match(r.stdout, /secrets-in-card/);
  }
  const out = JSON.parse((await cli(['lint', '--format', 'json', 'agent-card.json'], dir)).stdout) as {
    findings: { code: string; pointer: string; message: string }[];
  };
  const secrets = out.findings
    .filter((f) => f.code === 'secrets-in-card')
    .map((f) => `${f.pointer} ${/holds (.+?):/.exec(f.message)?.[1]}`);
  assert.deepEqual(secrets.sort(), [
    '/defaultInputModes/0 an OpenAI API key',
    '/documentationUrl a postgres connection string with a password',
    '/supportedInterfaces/0/url a password in a URL (basic-auth userinfo)',
    '/supportedInterfaces/1/protocolVersion a GitHub token',
  ]);
  // The other rules still report what they found, without the secret.
  const codes = new Set(out.findings.map((f) => f.code));
  for (const code of ['insecure-interface-url', 'invalid-protocol-version', 'invalid-media-type'])
    assert.ok(codes.has(code), `${code} still reported`);
});

test("the language server's diagnostics, their data and the quick fixes repeat no credential", async (t) => {
  const dir = tempDir(t, 'a2a-secrets-lsp-');
  const path = join(dir, 'agent-card.json');
  const text = JSON.stringify(cardWithSecrets(), null, 2);
  writeFileSync(path, text);
  const s = await startLsp({ workspaceFolders: [dir], settings: { workspaceTrusted: true } });
  try {
    const uri = pathToFileURL(path).href;
    const doc = await s.open(uri, 'a2a-agent-card', text);
    const diags = await s.diagnostics(uri);
    assert.equal(diags.filter((d) => d.code === 'secrets-in-card').length, 4);
    assertNoSecret(JSON.stringify(diags), 'diagnostics');
    let fixes = 0;
    for (const d of diags) {
      const actions = await s.codeActions(uri, d.range, [d]);
      fixes += actions.length;
      // Titles only: an edit may move what the document already holds (copy the defaults into a skill).
      assertNoSecret(JSON.stringify(actions.map((a) => a.title)), `quick fix titles for ${String(d.code)}`);
    }
    assert.ok(fixes > 0, 'some quick fixes were offered (and checked)');
    // Hovers on the interfaces list the interface URLs (without their userinfo).
    let hovers = 0;
    for (const needle of ['"supportedInterfaces"', '"url"', '"documentationUrl"', '"protocolVersion"']) {
      const hover = await s.hover(uri, doc.positionAt(text.indexOf(needle) + 2));
      if (!hover) continue;
      hovers++;
      assertNoSecret(JSON.stringify(hover), `hover on ${needle}`);
    }
    assert.ok(hovers > 0, 'some hovers answered (and were checked)');
    assert.equal(s.stderr(), '');
  } finally {
    await s.stop();
  }
});

// The shapes an adversarial review found unflagged (GitLab, npm, Hugging Face, Azure storage, Slack webhooks, private
// JWKs, keys in query strings, JSON-escaped stems, passwords holding `@`, secrets as member names): each is flagged
// (test/fixtures/cards/secrets-in-card/*.expected.json), and no command prints any run of one, in any format.
test('the review-miss fixtures: lint and compile in every format repeat no run of a planted secret', async (t) => {
  const planted = JSON.parse(
    readFileSync(join(__dirname, '..', 'fixtures', 'secrets', 'review-misses.json'), 'utf8'),
  ) as { cards: string[]; secrets: string[] };
  const dir = tempDir(t, 'a2a-secrets-shapes-');
  for (const name of planted.cards) {
    const text = readFileSync(join(__dirname, '..', 'fixtures', 'cards', 'secrets-in-card', name), 'utf8');
    writeFileSync(join(dir, 'agent-card.json'), text);
    const runs: [string, string[]][] = [
      ...['text', 'json', 'sarif', 'codequality'].map((f): [string, string[]] => [
        `lint ${f}`,
        ['lint', '--format', f],
      ]),
      ...['text', 'json'].map((f): [string, string[]] => [`compile ${f}`, ['compile', '--format', f]]),
    ];
    for (const [what, args] of runs) {
      const r = await cli([...args, 'agent-card.json'], dir);
      assert.ok(r.code === 0 || r.code === 1, `${name} ${what}: ${r.stderr}`);
      assertNoSecretRun(r.stdout + r.stderr, planted.secrets, `${name} ${what}`);
    }
  }
});
