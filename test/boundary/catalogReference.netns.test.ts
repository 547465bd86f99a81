// Catalog references and non-public addresses. A catalog is untrusted content: the card URL an entry names is
// refused when it points at a private or link-local address the catalog's own address does not justify, and a
// catalog URL in a lockfile is repository content, refused at a private address unless the run allows it. Runs
// inside a loopback-only network namespace (scripts/test.mjs); each test asserts OUR policy refused the address.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { cli, tempDir } from '../cli/helpers';

const A2A = 'application/a2a-agent-card+json';
let server: Server;
let base: string;
const requested: string[] = [];

before(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    const catalog = {
      entries: [
        { identifier: 'private', type: A2A, url: 'http://10.0.0.1/card.json' },
        { identifier: 'metadata', type: A2A, url: 'http://169.254.169.254/latest/meta-data/' },
      ],
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(catalog));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((done) => server.close(() => done())));

function lockfile(agent: string, catalog: string, identifier: string): string {
  return JSON.stringify({
    lockfile_version: 1,
    agent,
    pinned_at: '2026-11-30T12:00:00Z',
    card_digest: `sha256:${'0'.repeat(64)}`,
    requires: {},
    found_via: { catalog, identifier },
  });
}

describe('catalog references at non-public addresses', () => {
  it('an entry url at a private address is refused although the catalog (typed, loopback) was read', async (t) => {
    const dir = tempDir(t, 'a2a-netns-');
    for (const argv of [
      ['pin', `${base}/catalog.json#private`, '--skill', 'x'],
      ['fetch', `${base}/catalog.json#private`],
      ['diff', `${base}/catalog.json#private`, `${base}/catalog.json#private`],
    ]) {
      const r = await cli(argv, dir, {});
      assert.equal(r.code, 2, argv[0]);
      assert.match(
        r.stdout + r.stderr,
        /private address 10\.0\.0\.1 is not reachable from a card URL whose origin is loopback/,
        `${argv[0]}: ${r.stdout}${r.stderr}`,
      );
    }
  });

  it('an entry url at a metadata address is refused, even with every allowance', async (t) => {
    const dir = tempDir(t, 'a2a-netns-');
    const r = await cli(['pin', `${base}/catalog.json#metadata`, '--skill', 'x'], dir, {
      A2ACAP_ALLOW_NETWORK: 'loopback,private',
    });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /(link-local|metadata) address 169\.254\.169\.254 is never allowed/);
  });

  it('a lockfile whose catalog is at a private address is refused by check --live and update', async (t) => {
    const dir = tempDir(t, 'a2a-netns-');
    writeFileSync(
      join(dir, 'a.a2a-lock.json'),
      lockfile('https://agent.example/card.json', 'http://10.0.0.1/catalog.json', 'x'),
    );
    for (const argv of [
      ['check', 'a.a2a-lock.json', '--live'],
      ['update', 'a.a2a-lock.json'],
    ]) {
      const r = await cli(argv, dir, {});
      assert.equal(r.code, 2, argv[0]);
      assert.match(
        r.stdout + r.stderr,
        /private address 10\.0\.0\.1 is not reachable from a URL in repository content unless the run allows it/,
        `${argv[0]}: ${r.stdout}${r.stderr}`,
      );
    }
  });

  it('a lockfile catalog on loopback allowed still cannot steer the check to a private entry url', async (t) => {
    const dir = tempDir(t, 'a2a-netns-');
    writeFileSync(
      join(dir, 'a.a2a-lock.json'),
      lockfile('http://10.0.0.1/card.json', `${base}/catalog.json`, 'private'),
    );
    const r = await cli(['check', 'a.a2a-lock.json', '--live'], dir, { A2ACAP_ALLOW_NETWORK: 'loopback' });
    assert.equal(r.code, 2);
    assert.match(
      r.stdout + r.stderr,
      /private address 10\.0\.0\.1 is not reachable from a card URL whose origin is loopback/,
    );
  });
});
