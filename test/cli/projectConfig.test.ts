/**
 * `.a2a/config.json` in the CLI: found from the working directory upwards (or --config FILE), flags over the file
 * over the defaults, and a bad file is a one-line usage error naming the file and the member.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from './helpers';
import { at } from '../at';

const FIXTURES = join(__dirname, '..', 'fixtures');
/** A card offering GRPC, JSONRPC, then HTTP+JSON: the default client takes JSONRPC, a client of HTTP+JSON only the last. */
const TWO_BINDINGS = join(FIXTURES, 'compile', 'basic.card.json');

function project(t: { after: (fn: () => void) => void }, config: unknown): { root: string; sub: string } {
  const root = tempDir(t, 'a2a-config-');
  mkdirSync(join(root, '.a2a'));
  writeFileSync(join(root, '.a2a', 'config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  const sub = join(root, 'workflows', 'travel');
  mkdirSync(sub, { recursive: true });
  return { root, sub };
}

test('compile: the configured client, found from a subdirectory; --binding overrides it', async (t) => {
  const { sub } = project(t, { client: { bindings: ['HTTP+JSON@1.0'] } });
  copyFileSync(TWO_BINDINGS, join(sub, 'card.json'));
  const configured = JSON.parse((await cli(['compile', 'card.json'], sub)).stdout);
  assert.equal(configured.interface.binding, 'HTTP+JSON');
  const flagged = JSON.parse((await cli(['compile', 'card.json', '--binding', 'JSONRPC@1.0'], sub)).stdout);
  assert.equal(flagged.interface.binding, 'JSONRPC');
  const elsewhere = tempDir(t, 'a2a-noconfig-');
  copyFileSync(TWO_BINDINGS, join(elsewhere, 'card.json'));
  assert.equal(
    JSON.parse((await cli(['compile', 'card.json'], elsewhere)).stdout).interface.binding,
    'JSONRPC',
    'no configuration: the defaults',
  );
});

test('lint: configured rule severities; --rule wins per rule', async (t) => {
  const { sub } = project(t, { rules: { 'unknown-field': 'off' } });
  copyFileSync(join(FIXTURES, 'cards', 'unknown-field', 'typos.json'), join(sub, 'card.json'));
  const codes = async (args: string[]) =>
    (
      JSON.parse((await cli(['lint', 'card.json', '--format', 'json', ...args], sub)).stdout) as {
        findings: { code: string }[];
      }
    ).findings.map((f) => f.code);
  assert.ok(!(await codes([])).includes('unknown-field'), 'off in the configuration');
  assert.ok((await codes(['--rule', 'unknown-field=warning'])).includes('unknown-field'), 'the flag wins');
});

test('pin and check read the same configuration: compatible there, review for another client', async (t) => {
  const { sub } = project(t, { client: { bindings: ['HTTP+JSON@1.0'] } });
  copyFileSync(TWO_BINDINGS, join(sub, 'card.json'));
  const skill = JSON.parse((await cli(['compile', 'card.json'], sub)).stdout) as { skills: Record<string, unknown> };
  const id = at(Object.keys(skill.skills), 0);
  assert.equal((await cli(['pin', 'card.json', '--skill', id, '--out', 'lock.json'], sub)).code, 0);
  const same = JSON.parse((await cli(['check', 'lock.json', '--card', 'card.json'], sub)).stdout);
  assert.equal(same.classification, 'compatible');
  const other = JSON.parse(
    (
      await cli(
        ['check', 'lock.json', '--card', 'card.json', '--binding', 'JSONRPC@1.0', '--binding', 'HTTP+JSON@1.0'],
        sub,
      )
    ).stdout,
  );
  assert.equal(
    other.classification,
    'review',
    'a client that prefers what the card lists first chooses another interface',
  );
});

test('a bad configuration is one usage error naming the file and the member, for every command; --config names one', async (t) => {
  const { root, sub } = project(t, { client: { binding: ['JSONRPC@1.0'] } });
  copyFileSync(TWO_BINDINGS, join(sub, 'card.json'));
  for (const args of [
    ['compile', 'card.json'],
    ['lint', 'card.json'],
    ['check', 'x.json', '--card', 'card.json'],
    ['pin', 'card.json', '--skill', 's'],
    ['update', 'x.json'],
  ]) {
    const r = await cli(args, sub);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
    assert.match(
      r.stderr,
      /\.a2a\/config\.json: not a valid project configuration: \/client\/binding: unknown member \(did you mean "bindings"\?\)/,
      args.join(' '),
    );
  }
  writeFileSync(join(root, 'ok.json'), JSON.stringify({ client: { bindings: ['HTTP+JSON@1.0'] } }));
  const named = await cli(['compile', 'card.json', '--config', '../../ok.json'], sub);
  assert.equal(named.code, 0, named.stderr);
  assert.equal(JSON.parse(named.stdout).interface.binding, 'HTTP+JSON');
  const missing = await cli(['compile', 'card.json', '--config', 'nope.json'], sub);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /nope\.json: cannot read the project configuration \(no such file\)/);
});

test('lint FILE on a .a2a/config.json checks it as a project configuration, not as a card', async (t) => {
  const root = tempDir(t, 'a2a-config-lint-');
  mkdirSync(join(root, 'packages', 'a', '.a2a'), { recursive: true });
  mkdirSync(join(root, 'packages', 'b', '.a2a'), { recursive: true });
  writeFileSync(
    join(root, 'packages', 'a', '.a2a', 'config.json'),
    JSON.stringify({ rules: { 'unknown-field': 'off' } }),
  );
  writeFileSync(join(root, 'packages', 'b', '.a2a', 'config.json'), JSON.stringify({ rulez: {} }));
  const good = await cli(['lint', 'packages/a/.a2a/config.json'], root);
  assert.equal(good.code, 0, good.stdout + good.stderr);
  assert.match(good.stdout, /no problems in 1 file/);
  const bad = await cli(['lint', 'packages/b/.a2a/config.json', '--format', 'json'], root);
  assert.equal(bad.code, 2);
  assert.equal(
    bad.stderr,
    'a2acap lint: packages/b/.a2a/config.json: not a valid project configuration: /rulez: unknown member (did you mean "rules"?); expected "client", "rules", "maxCardBytes", "card", "target"\n',
  );
});

test("a repository with one configuration per package: lint and check take each file's own, as the editor does", async (t) => {
  const root = tempDir(t, 'a2a-config-mono-');
  const pkg = (name: string, config?: unknown) => {
    const dir = join(root, 'packages', name);
    mkdirSync(join(dir, '.a2a'), { recursive: true });
    if (config !== undefined) writeFileSync(join(dir, '.a2a', 'config.json'), JSON.stringify(config));
    copyFileSync(join(FIXTURES, 'cards', 'unknown-field', 'typos.json'), join(dir, 'typos.json'));
    copyFileSync(TWO_BINDINGS, join(dir, 'card.json'));
  };
  pkg('a', { rules: { 'unknown-field': 'off' }, client: { bindings: ['HTTP+JSON@1.0'] } });
  pkg('b');
  const lint = JSON.parse(
    (await cli(['lint', 'packages/a/typos.json', 'packages/b/typos.json', '--format', 'json'], root)).stdout,
  ) as { findings: { file: string; code: string }[] };
  const unknownIn = (file: string) => lint.findings.some((f) => f.file === file && f.code === 'unknown-field');
  assert.deepEqual([unknownIn('packages/a/typos.json'), unknownIn('packages/b/typos.json')], [false, true]);

  // Pinned in package a (its client speaks HTTP+JSON only), then checked from the repository root with package b's lock.
  const id = at(
    Object.keys(
      (JSON.parse((await cli(['compile', 'packages/a/card.json'], root)).stdout) as { skills: Record<string, unknown> })
        .skills,
    ),
    0,
  );
  assert.equal(
    (await cli(['pin', 'packages/a/card.json', '--skill', id, '--out', 'packages/a/lock.json'], root)).code,
    0,
  );
  assert.equal(
    (await cli(['pin', 'packages/b/card.json', '--skill', id, '--out', 'packages/b/lock.json'], root)).code,
    0,
  );
  const locks = (name: string) =>
    JSON.parse(readFileSync(join(root, 'packages', name, 'lock.json'), 'utf8')) as { interface: { binding: string } };
  assert.deepEqual([locks('a').interface.binding, locks('b').interface.binding], ['HTTP+JSON', 'JSONRPC']);
  const both = JSON.parse(
    (await cli(['check', 'packages/a/lock.json', 'packages/b/lock.json', '--card', 'packages/a/card.json'], root))
      .stdout,
  );
  assert.deepEqual(
    both.results.map((r: { classification: string }) => r.classification),
    ['compatible', 'compatible'],
    'each lockfile with its own client',
  );
  // --config names one configuration for the whole run: package a's lock checked for a default client is review.
  writeFileSync(join(root, 'default.json'), '{}');
  const forced = JSON.parse(
    (await cli(['check', 'packages/a/lock.json', '--card', 'packages/a/card.json', '--config', 'default.json'], root))
      .stdout,
  );
  assert.equal(forced.classification, 'review');
});
