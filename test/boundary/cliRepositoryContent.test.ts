// What a lockfile (repository content) may make `a2acap check --live`, `update` and `probe LOCK` read or reach:
// card paths inside the lockfile's repository only (symlinks resolved), loopback and private agents only when the
// run allows them. Refusals say so and reveal nothing about the target (not whether it exists, is a directory or
// is JSON). Non-loopback addresses are in cliRepositoryNetwork.netns.test.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { cli, tempDir } from '../cli/helpers';
import { cardDigest } from '../../server/src/core/card/digest';

const CARD_TEXT = readFileSync(join(__dirname, '../../examples/cards/good.agent-card.json'), 'utf8');
const CARD = JSON.parse(CARD_TEXT) as unknown;
/** A value only the card outside the repository holds: it must never appear in any output. */
const SECRET_NAME = 'Outside-Card-Name-7f3a';

function lockfile(agent: string): string {
  return JSON.stringify({
    lockfile_version: 1,
    agent,
    pinned_at: '2026-11-30T12:00:00Z',
    card_digest: cardDigest(CARD),
    requires: {},
  });
}

describe('card paths a lockfile names stay inside its repository', () => {
  it('a path outside (relative, absolute, through a symlink) is refused alike in every format, revealing nothing', async (t) => {
    const base = tempDir(t, 'a2a-boundary-');
    const repo = join(base, 'repo');
    const outside = join(base, 'elsewhere');
    mkdirSync(join(repo, '.git'), { recursive: true });
    mkdirSync(join(repo, 'locks'));
    mkdirSync(join(outside, 'dir'), { recursive: true });
    writeFileSync(join(outside, 'x.agent-card.json'), JSON.stringify({ ...(CARD as object), name: SECRET_NAME }));
    writeFileSync(join(outside, 'notes.txt'), 'not json');
    symlinkSync(outside, join(repo, 'linked'));
    const targets = {
      card: '../../elsewhere/x.agent-card.json',
      absolute: join(outside, 'x.agent-card.json'),
      folder: '../../elsewhere/dir',
      text: '../../elsewhere/notes.txt',
      absent: '../../elsewhere/none.json',
      symlinked: '../linked/x.agent-card.json',
    };
    const causes = new Set<string>();
    for (const [name, agent] of Object.entries(targets)) {
      writeFileSync(join(repo, 'locks', `${name}.a2a-lock.json`), lockfile(agent));
      for (const format of ['json', 'text', 'markdown', 'sarif']) {
        const r = await cli(['check', `locks/${name}.a2a-lock.json`, '--live', '--format', format], repo);
        assert.equal(r.code, 2, `${name} ${format}: ${r.stdout}`);
        const all = r.stdout + r.stderr;
        assert.doesNotMatch(all, new RegExp(SECRET_NAME), `${name} ${format}`);
        assert.doesNotMatch(
          all,
          /is a directory|not valid JSON|no such file|ENOENT|EISDIR|cannot read/i,
          `${name} ${format}: ${all}`,
        );
        assert.match(all, /is outside the repository, so it is not read/, `${name} ${format}`);
      }
      const json = await cli(['check', `locks/${name}.a2a-lock.json`, '--live'], repo);
      // The cause is the same sentence whatever is there, apart from the path as the lockfile wrote it.
      causes.add(
        (JSON.parse(json.stdout) as { results: { error?: string }[] }).results[0]!.error!.replace(
          JSON.stringify(agent),
          'PATH',
        ),
      );
    }
    assert.equal(causes.size, 1, [...causes].join('\n'));
    const update = await cli(['update', 'locks/card.a2a-lock.json'], repo);
    assert.equal(update.code, 2);
    assert.match(update.stderr, /is outside the repository, so it is not read/);
    assert.doesNotMatch(update.stdout + update.stderr, new RegExp(SECRET_NAME));
  });

  it('a path inside the repository is read (a card in another folder of the same repository)', async (t) => {
    const base = tempDir(t, 'a2a-boundary-');
    mkdirSync(join(base, '.git'));
    mkdirSync(join(base, 'cards'));
    mkdirSync(join(base, 'locks'));
    writeFileSync(join(base, 'cards', 'good.agent-card.json'), CARD_TEXT);
    writeFileSync(join(base, 'locks', 'ok.a2a-lock.json'), lockfile('../cards/good.agent-card.json'));
    const r = await cli(['check', 'locks/ok.a2a-lock.json', '--live'], base);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal((JSON.parse(r.stdout) as { classification: string }).classification, 'compatible');
    // update reads the card too (this lockfile pins no skill, so there is nothing to re-pin: exit 2 for that reason).
    const update = await cli(['update', 'locks/ok.a2a-lock.json'], base);
    assert.match(update.stdout, /^locks\/ok\.a2a-lock\.json: compatible/, update.stdout + update.stderr);
  });
});

describe('lockfile agents reach loopback only when the run allows it', () => {
  let server: Server;
  let url: string;
  let requests = 0;
  before(async () => {
    server = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(CARD_TEXT);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('check --live, update and probe LOCK send nothing to a loopback agent without --allow-network / A2ACAP_ALLOW_NETWORK', async (t) => {
    const dir = tempDir(t, 'a2a-boundary-');
    writeFileSync(join(dir, 'a.a2a-lock.json'), lockfile(url));
    requests = 0;
    for (const argv of [
      ['check', 'a.a2a-lock.json', '--live'],
      ['update', 'a.a2a-lock.json'],
      ['probe', 'a.a2a-lock.json'],
    ]) {
      const r = await cli(argv, dir, {});
      assert.equal(r.code, 2, `${argv[0]}: ${r.stdout}`);
      assert.match(
        r.stdout + r.stderr,
        /not reachable from a URL in repository content unless the run allows it \(--allow-network loopback or A2ACAP_ALLOW_NETWORK\)/,
        argv[0],
      );
    }
    assert.equal(requests, 0);
    const flag = await cli(['check', 'a.a2a-lock.json', '--live', '--allow-network', 'loopback'], dir, {});
    assert.equal(flag.code, 0, flag.stdout);
    const env = await cli(['check', 'a.a2a-lock.json', '--live'], dir, { A2ACAP_ALLOW_NETWORK: 'private,loopback' });
    assert.equal(env.code, 0, env.stdout);
    assert.ok(requests >= 2);
    // A URL the user types (pin) is the user's: loopback is fine without a grant.
    const pin = await cli(['pin', url, '--skill', 'plan-itinerary'], dir, {});
    assert.equal(pin.code, 0, pin.stderr);
  });

  it('--allow-network is parsed strictly and belongs to live checks', async (t) => {
    const dir = tempDir(t, 'a2a-boundary-');
    writeFileSync(join(dir, 'a.a2a-lock.json'), lockfile(url));
    const typo = await cli(['check', 'a.a2a-lock.json', '--live', '--allow-network', 'loopback,link-local'], dir, {});
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /--allow-network: unknown network class "link-local"/);
    const card = await cli(['check', 'a.a2a-lock.json', '--card', 'x.json', '--allow-network', 'loopback'], dir, {});
    assert.equal(card.code, 2);
    assert.match(card.stderr, /--allow-network applies to --live checks/);
  });
});

describe('the project configuration is repository content too', () => {
  it('a .a2a/config.json that links out of its directory is not read, and its content is not quoted', async (t) => {
    const base = tempDir(t, 'a2a-boundary-');
    const repo = join(base, 'repo');
    mkdirSync(join(repo, '.a2a'), { recursive: true });
    writeFileSync(join(base, 'private.json'), JSON.stringify({ [SECRET_NAME]: 1 }));
    symlinkSync(join(base, 'private.json'), join(repo, '.a2a', 'config.json'));
    writeFileSync(join(repo, 'a.agent-card.json'), CARD_TEXT);
    const r = await cli(['lint', 'a.agent-card.json'], repo);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /a symbolic link leads outside the directory it configures, so it is not read/);
    assert.doesNotMatch(r.stdout + r.stderr, new RegExp(SECRET_NAME));
  });
});
