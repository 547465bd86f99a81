// URL credentials as an attacker spells them (no slashes, one slash, backslashes, an `@` inside the user name,
// tabs, a leading space and an upper-case scheme, an api_key in the query and an access_token in the fragment):
// the WHATWG parser that makes the request reads each as userinfo or a credential, so no output may print them.
// Every planted secret holds "Tricky", and nothing else in the card does.
import { strict as assert } from 'node:assert';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, tempDir } from './helpers';

const FIXTURE = join(__dirname, '..', 'fixtures', 'redact', 'tricky-userinfo.card.json');
const SECRET = /Tricky/;

const LOCK_AGENTS = [
  'https:caller:Pw9TrickyLockAgent@127.0.0.1:9/card.json',
  'https:/caller:Pw9TrickyLockAgent@127.0.0.1:9/card.json',
  'https:\\\\caller:Pw9TrickyLockAgent@127.0.0.1:9/card.json',
  'https://a@b:Pw9TrickyLockAgent@127.0.0.1:9/card.json',
  'HTTPS://caller:Pw9Tricky\tLockAgent@127.0.0.1:9/card.json',
  'https://127.0.0.1:9/card.json?token=Pw9TrickyLockAgent',
];

test('compile (json, text) and lint (json, sarif, codequality, text) never print a URL credential', async (t) => {
  const dir = tempDir(t, 'a2a-url-cred-');
  copyFileSync(FIXTURE, join(dir, 'agent-card.json'));
  const runs: string[][] = [
    ['compile', '--format', 'json', 'agent-card.json'],
    ['compile', '--format', 'text', 'agent-card.json'],
    ['lint', '--format', 'json', 'agent-card.json'],
    ['lint', '--format', 'sarif', 'agent-card.json'],
    ['lint', '--format', 'codequality', 'agent-card.json'],
    ['lint', '--format', 'text', 'agent-card.json'],
  ];
  for (const argv of runs) {
    const r = await cli(argv, dir);
    assert.ok(r.stdout.length > 0, `${argv.join(' ')} printed something (${r.stderr})`);
    assert.doesNotMatch(r.stdout + r.stderr, SECRET, `${argv.join(' ')}:\n${r.stdout}${r.stderr}`);
  }
  const lint = JSON.parse((await cli(['lint', '--format', 'json', 'agent-card.json'], dir)).stdout) as {
    findings: { code: string; pointer: string }[];
  };
  const flagged = lint.findings.filter((f) => f.code === 'secrets-in-card').map((f) => f.pointer);
  for (const i of [0, 1, 2, 3, 4, 5])
    assert.ok(flagged.includes(`/supportedInterfaces/${i}/url`), `secrets-in-card at interface ${i}: ${flagged}`);
  assert.ok(flagged.includes('/description'), 'the URL inside the description is flagged too');
  const compiled = JSON.parse((await cli(['compile', '--format', 'json', 'agent-card.json'], dir)).stdout) as {
    interface: { url: string };
  };
  assert.equal(compiled.interface.url, 'https://pricing.example.com/a2a');
});

test('check --format json never prints the credential of a lockfile agent URL', async (t) => {
  const dir = tempDir(t, 'a2a-url-cred-check-');
  for (const agent of LOCK_AGENTS) {
    writeFileSync(
      join(dir, 'a2a-lock.json'),
      JSON.stringify({
        agent,
        pinned_at: '2026-11-01T00:00:00Z',
        card_digest: `sha256:${'0'.repeat(64)}`,
        requires: { skills: { 'itinerary-pricing': {} } },
      }),
    );
    for (const format of ['json', 'text', 'sarif', 'markdown']) {
      const r = await cli(['check', '--live', '--format', format, 'a2a-lock.json'], dir);
      assert.doesNotMatch(r.stdout + r.stderr, SECRET, `${JSON.stringify(agent)} ${format}:\n${r.stdout}${r.stderr}`);
    }
  }
});
