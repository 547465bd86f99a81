// The hidden-text classes as a user meets them: the real bundled CLI (server/dist/cli.js) on fixture cards and
// lockfile pairs from test/fixtures. Forged flags, ids and URLs with hidden characters, look-alike names and
// selection phrases are reported; a changed card that gains them is a `review`; a repository's configuration
// cannot switch the rules off unless the run says --allow-repo-rule-overrides.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from './helpers';

const root = join(__dirname, '..', '..');
const cliPath = join(root, 'server', 'dist', 'cli.js');
const cards = join(root, 'test', 'fixtures', 'cards');
const pairs = join(root, 'test', 'fixtures', 'check');

function run(args: string[], cwd = root) {
  const r = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function findings(file: string, extra: string[] = [], cwd = root): { code: string; pointer: string }[] {
  const r = run(['lint', '--format', 'json', ...extra, file], cwd);
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  return (JSON.parse(r.stdout) as { findings: { code: string; pointer: string }[] }).findings;
}

describe('hidden text through the CLI', () => {
  for (const [fixture, code, pointer] of [
    ['suspicious-text/flags-chained-forged.json', 'suspicious-text', '/skills/0/description'],
    ['suspicious-text/class-egyptian-format-control.json', 'suspicious-text', '/description'],
    ['suspicious-text/hidden-in-skill-id-and-urls.json', 'suspicious-text', '/skills/0/id'],
    ['suspicious-text/hidden-in-skill-id-and-urls.json', 'suspicious-text', '/supportedInterfaces/0/url'],
    ['spoofed-name/confusables-uts39.json', 'spoofed-name', '/name'],
    ['spoofed-name/confusables-uts39.json', 'spoofed-name', '/skills/7/name'],
    [
      'discovery-poisoning/common-phrasings.json',
      'discovery-poisoning',
      '/securitySchemes/oauth/oauth2SecurityScheme/flows/clientCredentials/scopes/pricing.quote',
    ],
  ] as const) {
    it(`lint reports ${code} at ${pointer} in ${fixture}`, () => {
      const found = findings(join(cards, fixture));
      assert.ok(
        found.some((f) => f.code === code && f.pointer === pointer),
        JSON.stringify(found),
      );
    });
  }

  it('valid subdivision flags are not reported', () => {
    assert.deepEqual(findings(join(cards, 'suspicious-text', 'flags-valid-subdivisions.json')), []);
  });

  for (const pair of [
    'review-spoofed-name',
    'review-poisoning-in-scope-description',
    'review-first-choice-in-scheme-description',
    'review-forged-flags-in-extension-params',
    'review-hidden-in-skill-id',
  ]) {
    it(`check classifies ${pair} as review, not compatible`, () => {
      const r = run([
        'check',
        join(pairs, pair, 'lock.json'),
        '--card',
        join(pairs, pair, 'card.json'),
        '--format',
        'json',
      ]);
      assert.ok(r.stdout.length > 0, r.stderr);
      assert.match(r.stdout, /"classification":\s*"review"/);
    });
  }
});

describe('a repository configuration cannot switch off the rules that protect the reader', () => {
  const quiet = {
    'suspicious-text': 'off',
    'spoofed-name': 'off',
    'discovery-poisoning': 'hint',
    'unknown-field': 'off',
  };
  function repoWith(t: { after: (fn: () => void) => void }): string {
    const dir = tempDir(t, 'a2a-repo-rules-');
    mkdirSync(join(dir, '.a2a'));
    writeFileSync(join(dir, '.a2a', 'config.json'), JSON.stringify({ rules: quiet }));
    copyFileSync(join(cards, 'suspicious-text', 'flags-chained-forged.json'), join(dir, 'forged.agent-card.json'));
    copyFileSync(join(cards, 'spoofed-name', 'confusables-uts39.json'), join(dir, 'spoofed.agent-card.json'));
    copyFileSync(join(cards, 'discovery-poisoning', 'common-phrasings.json'), join(dir, 'poison.agent-card.json'));
    return dir;
  }
  const codes = (dir: string, extra: string[] = []) =>
    new Set(
      ['forged', 'spoofed', 'poison'].flatMap((n) =>
        findings(join(dir, `${n}.agent-card.json`), extra, dir).map((f) => `${f.code}`),
      ),
    );

  it('without the flag, .a2a/config.json cannot quieten them', (t) => {
    const dir = repoWith(t);
    const found = codes(dir);
    for (const id of ['suspicious-text', 'spoofed-name', 'discovery-poisoning']) assert.ok(found.has(id), id);
    const r = run(['lint', '--format', 'json', join(dir, 'poison.agent-card.json')], dir);
    const poison = (JSON.parse(r.stdout) as { findings: { code: string; severity: string }[] }).findings;
    assert.ok(poison.filter((f) => f.code === 'discovery-poisoning').every((f) => f.severity === 'warning'));
  });

  it('--allow-repo-rule-overrides lets it', (t) => {
    const dir = repoWith(t);
    const found = codes(dir, ['--allow-repo-rule-overrides']);
    for (const id of ['suspicious-text', 'spoofed-name']) assert.ok(!found.has(id), id);
  });

  it('the run itself may switch them off with --rule', (t) => {
    const dir = repoWith(t);
    const found = codes(dir, ['--rule', 'spoofed-name=off', '--rule', 'suspicious-text=off']);
    for (const id of ['suspicious-text', 'spoofed-name']) assert.ok(!found.has(id), id);
  });

  it('--help names the flag', () => {
    assert.match(run(['lint', '--help']).stdout, /--allow-repo-rule-overrides/);
  });
});
