/**
 * What `a2acap mcp` may touch is fixed at launch, so its flags are strict: a credential must name the variable
 * (never the value) and the origin it is for, an allowance with a typo is an error, a root must be a directory.
 * Each mistake is one line and exit 2, before anything is served.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runCliInProcess, type CliRun } from '../cliRunner';

function launch(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return runCliInProcess(['mcp', ...args], { cwd: __dirname, env });
}

describe('a2acap mcp: launch flags', () => {
  for (const [args, env, pattern] of [
    [['--credential-env', 'TOKEN'], { TOKEN: 'x' }, /name the origin the credential is for/],
    [['--credential-env', 'not a name=https://a.example'], {}, /the NAME of an environment variable/],
    [['--credential-env', 'TOKEN=ftp://a.example'], { TOKEN: 'x' }, /must be an http\(s\) URL/],
    [['--credential-env', 'TOKEN=https://a.example'], {}, /not set, empty, or holds a line break/],
    [['--credential-env', 'TOKEN=https://a.example'], { TOKEN: 'a\nb' }, /holds a line break/],
    [['--allow-network', 'loopbak'], {}, /unknown network class "loopbak"/],
    [[], { A2ACAP_ALLOW_NETWORK: 'everything' }, /unknown network class "everything"/],
    [['--root', '/no/such/dir'], {}, /--root \/no\/such\/dir: not a directory/],
    [['--max-card-bytes', '0'], {}, /positive number of bytes/],
    [['extra'], {}, /unexpected argument/],
  ] as const) {
    it(`${args.join(' ') || JSON.stringify(env)} → exit 2, one line`, async () => {
      const r = await launch([...args], { ...env });
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, pattern);
      assert.equal(r.stderr.trimEnd().split('\n').length, 1);
    });
  }

  it('--help names every flag and the clip limit', async () => {
    const r = await launch(['--help']);
    assert.equal(r.code, 0);
    for (const flag of ['--root', '--allow-network', '--credential-env', '--max-card-bytes'])
      assert.ok(r.stdout.includes(flag), flag);
    const overview = await runCliInProcess(['--help'], { cwd: __dirname });
    assert.match(overview.stdout, /a2acap mcp \[--root DIR\]/);
    assert.equal(overview.code, 0);
  });
});
