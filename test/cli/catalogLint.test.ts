/**
 * `a2acap lint` over AI Catalogs, as CI runs it: the built CLI (server/dist/cli.js) spawned on the fixtures in
 * test/fixtures/ai-catalog/. Each report format carries the catalog findings at the lines the expectations name
 * (test/fixtures/ai-catalog/lint/*.expected.json: code, severity, pointer, line), inline card findings included;
 * entry text an attacker wrote reaches the terminal only made visible.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '../..');
const cli = join(root, 'server/dist/cli.js');
const FIXTURES = 'test/fixtures/ai-catalog';

function a2acap(args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Expected {
  code: string;
  severity: string;
  pointer: string;
  line: number;
}

const CATALOG = `${FIXTURES}/lint/travel.ai-catalog.json`;
const expected: Expected[] = JSON.parse(
  readFileSync(join(root, FIXTURES, 'lint/travel.ai-catalog.expected.json'), 'utf8'),
);
const sortedKeys = (items: string[]) => [...items].sort();

test('json: every finding of the catalog, inline card findings under /entries/N/data, at the expected lines', () => {
  const r = a2acap(['lint', CATALOG, '--format', 'json']);
  assert.equal(r.code, 1, r.stderr);
  const findings = JSON.parse(r.stdout).findings as {
    code: string;
    severity: string;
    pointer: string;
    range: { start: { line: number } };
  }[];
  assert.deepEqual(
    sortedKeys(findings.map((f) => `${f.code} ${f.severity} ${f.pointer} ${f.range.start.line + 1}`)),
    sortedKeys(expected.map((e) => `${e.code} ${e.severity} ${e.pointer} ${e.line}`)),
  );
  // The MCP server card entry is listed and left alone.
  assert.ok(!findings.some((f) => f.pointer.startsWith('/entries/6')));
});

test('text, github, sarif and codequality carry the same findings at the same lines', () => {
  const text = a2acap(['lint', CATALOG]);
  assert.equal(text.code, 1, text.stderr);
  for (const e of expected) assert.ok(text.stdout.includes(`${CATALOG}:${e.line}:`), `text: ${e.code} at ${e.line}`);

  const github = a2acap(['lint', CATALOG, '--format', 'github']);
  for (const e of expected)
    assert.ok(
      github.stdout.includes(`file=${CATALOG},line=${e.line},`) && github.stdout.includes(`title=${e.code}::`),
      `github: ${e.code} at ${e.line}`,
    );

  const sarif = JSON.parse(a2acap(['lint', CATALOG, '--format', 'sarif']).stdout);
  const results = sarif.runs[0].results as {
    ruleId: string;
    locations: { physicalLocation: { region: { startLine: number } } }[];
  }[];
  assert.deepEqual(
    sortedKeys(results.map((r) => `${r.ruleId} ${r.locations[0]!.physicalLocation.region.startLine}`)),
    sortedKeys(expected.map((e) => `${e.code} ${e.line}`)),
  );
  const ruleIds = (sarif.runs[0].tool.driver.rules as { id: string }[]).map((r) => r.id);
  for (const id of ['catalog-entry-url-and-data', 'catalog-cycle']) assert.ok(ruleIds.includes(id), id);

  const quality = JSON.parse(a2acap(['lint', CATALOG, '--format', 'codequality']).stdout) as {
    check_name: string;
    location: { lines: { begin: number } };
  }[];
  assert.deepEqual(
    sortedKeys(quality.map((q) => `${q.check_name} ${q.location.lines.begin}`)),
    sortedKeys(expected.map((e) => `${e.code} ${e.line}`)),
  );
});

test('every valid catalog fixture has no catalog finding, named as a catalog or not', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'a2a-catalog-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of readdirSync(join(root, FIXTURES, 'valid'))) {
    const text = readFileSync(join(root, FIXTURES, 'valid', name), 'utf8');
    const named = join(dir, 'ai-catalog.json');
    writeFileSync(named, text);
    for (const file of [`${FIXTURES}/valid/${name}`, named]) {
      const r = a2acap(['lint', file, '--format', 'json']);
      assert.ok(r.code === 0 || r.code === 1, `${file}: ${r.stderr}`);
      // A valid catalog may carry an incomplete card inline: that card's findings are under its entry's data.
      const findings = JSON.parse(r.stdout).findings as { pointer: string }[];
      assert.deepEqual(
        findings.filter((f) => !/^\/entries\/\d+\/data\//.test(f.pointer)),
        [],
        file,
      );
    }
  }
});

test('an entry whose text carries terminal escapes and bidi controls reaches the terminal made visible', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'a2a-catalog-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'ai-catalog.json');
  const evil = 'urn:air:evil.example.net:agents:\u001b[2J\u001b]8;;https://evil.example.net\u0007x\u202egnp';
  const entry = (identifier: string) => ({
    identifier,
    type: 'application/a2a-agent-card+json',
    url: 'https://evil.example.net/card.json',
  });
  writeFileSync(
    file,
    JSON.stringify({
      specVersion: '1.0',
      host: { displayName: 'Example', identifier: 'did:web:example.com' },
      entries: [entry(evil), entry(evil)],
    }),
  );
  for (const format of ['text', 'github', 'json']) {
    const r = a2acap(['lint', file, '--format', format]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /catalog-duplicate-entry/);
    assert.match(r.stdout, /catalog-host-mismatch/);
    for (const raw of ['\u001b', '\u0007', '\u202e'])
      assert.ok(!r.stdout.includes(raw), `${format}: a raw control character reached the output`);
  }
});
