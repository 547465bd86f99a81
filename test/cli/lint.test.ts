/**
 * `a2acap lint` as users and CI run it: the built CLI (server/dist/cli.js, made by `npm run build`) spawned as a
 * process, plus the same command in-process with an injected TTY to check colour handling.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { run as lintCommand } from '../../server/src/cli/commands/lint';
import { alignColumns, countSummary, palette, safeText } from '../../server/src/cli/format';
import { runCliInProcess } from '../cliRunner';

const root = join(__dirname, '../..');
const cli = join(root, 'server/dist/cli.js');
const fx = (p: string) => `test/fixtures/cards/${p}`;

function a2acap(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('the CLI is built', () => assert.ok(existsSync(cli), 'run npm run build first'));

test('a valid card: exit 0, aligned text, a summary', () => {
  const r = a2acap(['lint', fx('valid/pricing-agent.json')]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /no problems in 1 file/);
  assert.equal(r.stderr, '');
});

test('error findings: exit 1; the JSON contract exactly', () => {
  const r = a2acap([
    'lint',
    fx('legacy-card-shape/top-level-members.json'),
    fx('valid/pricing.a2a-lock.json'),
    '--format',
    'json',
  ]);
  assert.equal(r.code, 1, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(out), ['findings']);
  assert.ok(out.findings.length >= 5);
  for (const f of out.findings) {
    assert.deepEqual(Object.keys(f).sort(), ['code', 'file', 'message', 'pointer', 'range', 'severity']);
    assert.ok(['error', 'warning', 'info', 'hint'].includes(f.severity));
    assert.deepEqual(Object.keys(f.range.start).sort(), ['character', 'line']);
  }
  const url = out.findings.find((f: { pointer: string }) => f.pointer === '/url');
  assert.equal(url.file, fx('legacy-card-shape/top-level-members.json'));
  assert.equal(url.code, 'legacy-card-shape');
  // line 66 of the file (zero-based 65) is '  "url": …': the range covers the key

  assert.deepEqual(url.range, { start: { line: 65, character: 2 }, end: { line: 65, character: 7 } });
});

test("a name given twice: the overridden occurrence is the one marked (its own line, not the pointer's last match)", () => {
  const r = a2acap(['lint', fx('duplicate-member/top-level-name.json'), '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const [f] = JSON.parse(r.stdout).findings;
  assert.equal(f.code, 'duplicate-member');
  assert.equal(f.pointer, '/name');
  // line 2 (zero-based 1) is '  "name": "Billing Agent",', the occurrence JSON.parse drops
  assert.deepEqual(f.range, { start: { line: 1, character: 2 }, end: { line: 1, character: 8 } });
});

test('warnings only: exit 0', () => {
  const r = a2acap(['lint', fx('unknown-field/lockfile.a2a-lock.json')]);
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stdout, /warning\s+unknown-field/);
});

test('SARIF 2.1.0: rules with help links, results with 1-based regions', () => {
  const r = a2acap(['lint', fx('invalid-json/trailing-comma.json'), '--format', 'sarif']);
  assert.equal(r.code, 1);
  const log = JSON.parse(r.stdout);
  assert.equal(log.version, '2.1.0');
  const run = log.runs[0];
  assert.equal(run.tool.driver.name, 'a2acap');
  assert.ok(
    run.tool.driver.rules.some(
      (x: { id: string; helpUri: string }) => x.id === 'invalid-json' && x.helpUri.endsWith('#invalid-json'),
    ),
  );
  const [result] = run.results;
  assert.equal(result.ruleId, 'invalid-json');
  assert.equal(result.level, 'error');
  assert.equal(run.tool.driver.rules[result.ruleIndex].id, 'invalid-json');
  assert.deepEqual(result.locations[0].physicalLocation.region, {
    startLine: 3,
    startColumn: 1,
    endLine: 3,
    endColumn: 2,
  });
  assert.equal(result.locations[0].physicalLocation.artifactLocation.uri, fx('invalid-json/trailing-comma.json'));
});

test('usage and I/O failures: exit 2 with one line on stderr, never a stack trace', () => {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-lint-'));
  const cases: [string[], RegExp][] = [
    [['lint'], /FILE/],
    [['lint', fx('valid/pricing-agent.json'), '--format', 'xml'], /format/],
    [['lint', fx('valid/pricing-agent.json'), '--bogus'], /--bogus/],
    [['lint', join(dir, 'missing.json')], /no such file/],
    [['lint', dir], /directory/],
    [['lint', '/dev/zero'], /not a regular file/],
    [['lint', fx('valid/pricing-agent.json'), '--max-card-bytes', 'lots'], /max-card-bytes/],
  ];
  for (const [args, message] of cases) {
    const r = a2acap(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  }
  // The text summary counts what could not be read: never "no problems" on its own when a file was not linted.
  const mixed = a2acap(['lint', fx('valid/pricing-agent.json'), join(dir, 'missing.json')]);
  assert.equal(mixed.code, 2);
  assert.match(mixed.stdout, /^no problems in 1 file; 1 file could not be read$/m);
});

test('bad files are findings, not failures: binary, empty, huge', () => {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-lint-'));
  writeFileSync(join(dir, 'binary.json'), Buffer.from([0, 1, 2, 0xff, 0xfe, 0]));
  writeFileSync(join(dir, 'empty.json'), '');
  writeFileSync(join(dir, 'agent-card.json'), '{"description":"' + 'x'.repeat(2_000_000) + '"}');
  const r = a2acap([
    'lint',
    '--format',
    'json',
    join(dir, 'binary.json'),
    join(dir, 'empty.json'),
    join(dir, 'agent-card.json'),
  ]);
  assert.equal(r.code, 1, r.stderr);
  assert.deepEqual(
    JSON.parse(r.stdout).findings.map((f: { code: string }) => f.code),
    ['invalid-json', 'invalid-json', 'card-too-large'],
  );
  const raised = a2acap(['lint', '--max-card-bytes', '4000000', join(dir, 'agent-card.json')]);
  assert.match(raised.stdout, /schema/);
});

const ESC = '\u001b';

function lintOutput(args: string[], isTTY: boolean, env: Record<string, string | undefined>) {
  return runCliInProcess(args, { cwd: root, env, isTTY, command: lintCommand });
}

test('colour only on a TTY and never with NO_COLOR', async () => {
  const args = [fx('legacy-card-shape/top-level-members.json')];
  const tty = await lintOutput(args, true, {});
  assert.equal(tty.code, 1);
  assert.ok(tty.stdout.includes(`${ESC}[31merror`));
  assert.ok(!(await lintOutput(args, true, { NO_COLOR: '1' })).stdout.includes(ESC));
  assert.ok(!(await lintOutput(args, false, {})).stdout.includes(ESC));
  const spawned = a2acap(['lint', ...args], { NO_COLOR: '1' });
  assert.ok(!spawned.stdout.includes(ESC));
});

test('untrusted card text cannot drive the terminal', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-lint-'));
  const file = join(dir, 'agent-card.json');
  writeFileSync(
    file,
    JSON.stringify({
      name: 'x',
      description: 'd',
      supportedInterfaces: [],
      version: '1',
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
      '\u001b[2Jevil': 1,
    }),
  );
  assert.ok(!(await lintOutput([file], true, {})).stdout.includes(`${ESC}[2J`));
});

test('--binding / --known-extension describe the client, as for compile', () => {
  const card = fx('no-supported-interface/grpc-and-0.3-only.json');
  assert.equal(a2acap(['lint', card]).code, 1);
  const grpc = a2acap(['lint', card, '--binding', 'GRPC@1.0', '--format', 'json']);
  assert.equal(grpc.code, 0, grpc.stdout);
  assert.deepEqual(JSON.parse(grpc.stdout).findings, []);
  const ext = fx('required-extension-unsupported/required-unknown.json');
  assert.match(a2acap(['lint', ext]).stdout, /required-extension-unsupported/);
  assert.doesNotMatch(
    a2acap(['lint', ext, '--known-extension', 'https://example.com/ext/payments/v2']).stdout,
    /required-extension-unsupported/,
  );
  assert.equal(a2acap(['lint', card, '--binding', 'GRPC']).code, 2);
});

test('format helpers: columns aligned by visible width, counts, untrusted text escaped', () => {
  const c = palette(true);
  const out = alignColumns([
    [c.red('ab'), 'x', 'tail'],
    ['abcd', 'xyz', 't'],
  ]);
  const plain = out
    .split(ESC)
    .join('')
    .replace(/\[\d+m/g, '');
  assert.deepEqual(plain.split('\n'), ['ab    x    tail', 'abcd  xyz  t', '']);
  assert.equal(alignColumns([]), '');
  assert.equal(countSummary({ error: 2, warning: 1, info: 3 }), '2 errors, 1 warning, 3 info');
  assert.equal(countSummary({}), 'no problems');
  assert.equal(safeText(`a${ESC}[2Jb\u202Ec\nd`), 'a\\u001b[2Jb\\u202ec\\nd');
  assert.equal(palette(false).red('x'), 'x');
});

test('--rule ID=SEVERITY and --rules FILE override severities as a2a.rules does; typos are usage errors', () => {
  const legacy = fx('legacy-card-shape/top-level-members.json');
  const codes = (r: { stdout: string }) =>
    (JSON.parse(r.stdout) as { findings: { code: string; severity: string }[] }).findings;
  const before = codes(a2acap(['lint', legacy, '--format', 'json']));
  assert.ok(before.some((f) => f.code === 'legacy-card-shape' && f.severity === 'error'));

  // Every error demoted: the same findings, exit 0.
  const errorCodes = [...new Set(before.filter((f) => f.severity === 'error').map((f) => f.code))];
  const demoted = a2acap([
    'lint',
    legacy,
    '--format',
    'json',
    ...errorCodes.flatMap((c) => ['--rule', `${c}=warning`]),
  ]);
  assert.equal(demoted.code, 0, demoted.stderr);
  assert.equal(codes(demoted).length, before.length);
  assert.ok(codes(demoted).every((f) => f.severity !== 'error'));

  // Off removes the rule's findings; a --rules file is the a2a.rules value, and --rule wins over it.
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-rules-'));
  const file = join(dir, 'rules.json');
  writeFileSync(file, JSON.stringify({ 'legacy-card-shape': 'off', 'unknown-field': 'hint' }));
  const fromFile = codes(a2acap(['lint', legacy, '--format', 'json', '--rules', file]));
  assert.ok(!fromFile.some((f) => f.code === 'legacy-card-shape'));
  const flagWins = codes(
    a2acap(['lint', legacy, '--format', 'json', '--rules', file, '--rule', 'legacy-card-shape=info']),
  );
  assert.ok(flagWins.some((f) => f.code === 'legacy-card-shape' && f.severity === 'info'));

  // A typo never silently leaves a rule at its default.
  for (const [args, pattern] of [
    [['--rule', 'legacy-card-shap=off'], /unknown rule id "legacy-card-shap" \(did you mean legacy-card-shape\?\)/],
    [['--rule', 'legacy-card-shape=loud'], /severity must be one of error, warning, info, hint, off/],
    [['--rule', 'legacy-card-shape'], /is not ID=SEVERITY/],
    [['--rules', join(dir, 'missing.json')], /--rules .*missing\.json: cannot read it \(no such file\)/],
  ] as const) {
    const r = a2acap(['lint', legacy, ...args]);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, pattern);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  }
  writeFileSync(file, '{"legacy-card-shape": "of"}');
  assert.match(
    a2acap(['lint', legacy, '--rules', file]).stderr,
    /--rules .*rules\.json: rule legacy-card-shape: severity must be one of/,
  );
  writeFileSync(file, '{nope');
  assert.match(a2acap(['lint', legacy, '--rules', file]).stderr, /--rules .*rules\.json: not valid JSON/);
});

test('--write-baseline records the findings as accepted; --baseline then reports only new ones', () => {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-baseline-'));
  const card = JSON.parse(readFileSync(join(root, fx('legacy-card-shape/top-level-members.json')), 'utf8')) as Record<
    string,
    unknown
  >;
  writeFileSync(join(dir, 'card.json'), JSON.stringify(card, null, 2));
  const run = (args: string[]) => {
    const r = spawnSync(process.execPath, [cli, 'lint', 'card.json', ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
      timeout: 30_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  assert.equal(run([]).code, 1, 'the card has error findings');
  const written = run(['--write-baseline', 'a2acap-baseline.json']);
  assert.equal(written.code, 0, written.stderr);
  assert.match(written.stderr, /\d+ findings recorded as accepted in a2acap-baseline\.json/);
  const text = readFileSync(join(dir, 'a2acap-baseline.json'), 'utf8');
  assert.equal(run(['--write-baseline', 'a2acap-baseline.json']).code, 0);
  assert.equal(
    readFileSync(join(dir, 'a2acap-baseline.json'), 'utf8'),
    text,
    're-writing an unchanged baseline changes nothing',
  );

  const accepted = run(['--baseline', 'a2acap-baseline.json']);
  assert.equal(accepted.code, 0, accepted.stderr);
  assert.match(accepted.stdout, /no problems in 1 file \(\d+ accepted in the baseline not shown\)/);
  assert.deepEqual(JSON.parse(run(['--baseline', 'a2acap-baseline.json', '--format', 'json']).stdout), {
    findings: [],
  });

  // A new problem (moving the card's other members around does not revive the accepted ones).
  writeFileSync(join(dir, 'card.json'), JSON.stringify({ ...card, defaultInputModes: ['text'] }, null, 4));
  const fresh = run(['--baseline', 'a2acap-baseline.json', '--format', 'json']);
  const findings = (JSON.parse(fresh.stdout) as { findings: { code: string; pointer: string }[] }).findings;
  assert.deepEqual(
    findings.map((f) => [f.code, f.pointer]),
    [['invalid-media-type', '/defaultInputModes/0']],
  );
  assert.equal(run(['--baseline', 'a2acap-baseline.json', '--format', 'sarif']).code, 1);

  // A baseline that cannot be read or is not one is a usage error, never "no baseline".
  writeFileSync(join(dir, 'broken.json'), '[]');
  for (const [args, pattern] of [
    [
      ['--baseline', 'missing.json'],
      /--baseline missing\.json: cannot read it \(no such file\); write one with --write-baseline/,
    ],
    [['--baseline', 'broken.json'], /--baseline broken\.json: not an a2acap baseline/],
    [['--baseline', 'broken.json', '--write-baseline', 'x.json'], /exclude each other/],
  ] as const) {
    const r = run([...args]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, pattern);
  }
});
