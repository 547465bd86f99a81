// What `a2acap --help` and `a2acap COMMAND --help` promise is what the commands accept: every flag a command
// parses (as its own "unknown option" message lists them) is named in its help and in the overview's line for
// it. docs/cli.md shows these help texts as the commands print them (test/docs/examples.netns.test.ts runs them).
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cli } from './helpers';
import { at } from '../at';

const root = join(__dirname, '..', '..');
const COMMANDS = ['lint', 'compile', 'check', 'fetch', 'probe', 'pin', 'update'] as const;

/** The flags a command accepts, read from its own message about an unknown one. */
async function acceptedFlags(argv: string[]): Promise<string[]> {
  const r = await cli([...argv, '--no-such-flag'], root);
  assert.equal(r.code, 2, r.stderr);
  const listed = /expected one of: ([^)]*)\)/.exec(r.stderr);
  assert.ok(listed, `the message lists the accepted flags: ${r.stderr}`);
  return at(listed, 1).split(', ');
}

/** The overview's usage line(s) for a command (continuation lines are indented deeper). */
function overviewOf(usage: string, command: string): string {
  const lines = usage.split('\n');
  const start = lines.findIndex((l) => l.trimStart().startsWith(`a2acap ${command} `));
  assert.ok(start >= 0, `the overview has a line for ${command}`);
  let end = start + 1;
  while (end < lines.length && /^\s{6,}\[/.test(at(lines, end))) end++;
  return lines.slice(start, end).join('\n');
}

describe('help texts name every flag a command accepts', () => {
  for (const command of COMMANDS) {
    it(command, async () => {
      const flags = new Set(await acceptedFlags([command, 'x']));
      // check hands --live runs to the concurrent checker, which parses its own flags.
      if (command === 'check') for (const f of await acceptedFlags([command, 'x', '--live'])) flags.add(f);
      const help = await cli([command, '--help'], root);
      assert.equal(help.code, 0);
      const overview = overviewOf((await cli(['--help'], root)).stdout, command);
      for (const flag of flags) {
        assert.match(help.stdout, new RegExp(`${flag}\\b`), `${command} --help names ${flag}`);
        assert.match(overview, new RegExp(`${flag}\\b`), `a2acap --help names ${flag} for ${command}`);
      }
    });
  }

  it('pin and update explain themselves and their exit codes, not only their usage', async () => {
    for (const command of ['pin', 'update']) {
      const help = await cli([command, '--help'], root);
      assert.match(help.stdout, /^Usage: a2acap /);
      assert.match(help.stdout, /Exit 0 /);
    }
  });

  it('the --format choices are listed in the same order everywhere, the default first', async () => {
    const usage = (await cli(['--help'], root)).stdout;
    const formats = (text: string) => /--format ([a-z|]+)/.exec(text)?.[1];
    for (const command of COMMANDS.filter((c) => c !== 'pin' && c !== 'update')) {
      const help = (await cli([command, '--help'], root)).stdout;
      assert.equal(formats(help), formats(overviewOf(usage, command)), command);
    }
    // The defaults that need no agent to observe: lint prints text, compile and check print JSON.
    const card = join(root, 'test', 'fixtures', 'compile', 'basic.card.json');
    assert.equal(formats(overviewOf(usage, 'lint'))!.split('|')[0], 'text');
    assert.doesNotMatch((await cli(['lint', card], root)).stdout, /^\{/);
    for (const [command, argv] of [
      ['compile', [card]],
      [
        'check',
        [
          join(root, 'test', 'fixtures', 'check', 'compatible-identical', 'lock.json'),
          '--card',
          join(root, 'test', 'fixtures', 'check', 'compatible-identical', 'card.json'),
        ],
      ],
    ] as const) {
      assert.equal(formats(overviewOf(usage, command))!.split('|')[0], 'json', command);
      const stdout = (await cli([command, ...argv], root)).stdout;
      assert.doesNotThrow(() => JSON.parse(stdout), command);
    }
  });

  it('check --help says which format is the default (json), and is the same help with --live or --format sarif', async () => {
    const help = (await cli(['check', '--help'], root)).stdout;
    assert.match(help, /json \(default\)/);
    assert.equal((await cli(['check', '--live', '--help'], root)).stdout, help);
    assert.equal((await cli(['check', '--format', 'sarif', '--help'], root)).stdout, help);
  });
});

describe('check without a target, and --card with flags of --live', () => {
  const fx = (...p: string[]) => join(root, 'test', 'fixtures', 'check', 'breaking-listed-before-review', ...p);

  it('without --card or --live the one-line error names both', async () => {
    const r = await cli(['check', fx('lock.json')], root);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^a2acap check: [^\n]*--card CARD[^\n]*--live[^\n]*\n$/);
  });

  it('--concurrency works with --card too (every lockfile, in argument order)', async () => {
    const r = await cli(
      ['check', fx('lock.json'), fx('card.json'), '--card', fx('card.json'), '--concurrency', '1', '--format', 'json'],
      root,
    );
    assert.equal(r.code, 2, 'the second "lockfile" is a card: not a valid lockfile');
    const out = JSON.parse(r.stdout) as {
      classification: string;
      results: { file: string; classification?: string; error?: string }[];
    };
    assert.deepEqual(
      out.results.map((x) => [x.file, x.classification ?? 'error']),
      [
        [fx('lock.json'), 'breaking'],
        [fx('card.json'), 'error'],
      ],
    );
    const bad = await cli(['check', fx('lock.json'), '--card', fx('card.json'), '--concurrency', '0'], root);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--concurrency must be an integer from 1 to 256/);
  });

  it('--cache-dir and --stale-markers with --card: a reason, not "unknown option"', async () => {
    for (const flag of ['--cache-dir', '--stale-markers']) {
      const r = await cli(['check', fx('lock.json'), '--card', fx('card.json'), flag, 'x'], root);
      assert.equal(r.code, 2);
      assert.equal(r.stderr, `a2acap check: ${flag} applies to --live checks, not to --card\n`);
    }
  });

  it('a mistyped flag is answered with the list that includes --live', async () => {
    const r = await cli(['check', fx('lock.json'), '--liv'], root);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown option --liv \(expected one of: [^)]*--live/);
  });
});
