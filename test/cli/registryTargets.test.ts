/**
 * Registry targets: `a2acap lint --target REGISTRY` (repeatable or a comma list) and `target` in .a2a/config.json
 * turn on the documented limits of the registries that ingest A2A cards; without a target they are silent. And
 * `a2acap diff REGISTRY-COPY LIVE` shows a registry copy that drifted from the card a live agent on 127.0.0.1 serves.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { cli, tempDir } from './helpers';

const BASE = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/cards/protocol-version-patch/patch-part.json'), 'utf8'),
) as Record<string, unknown>;
const BIG = {
  ...BASE,
  supportedInterfaces: [{ url: 'https://pricing.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  description: 'Quotes itinerary prices for flights, trains and hotels. '.repeat(250),
};

type Lint = { findings: { code: string; severity: string }[] };

async function codes(dir: string, ...args: string[]): Promise<{ code: number; codes: string[]; stderr: string }> {
  const r = await cli(['lint', 'agent-card.json', '--format', 'json', ...args], dir);
  return {
    code: r.code,
    codes: r.code === 2 ? [] : (JSON.parse(r.stdout) as Lint).findings.map((f) => f.code),
    stderr: r.stderr,
  };
}

describe('registry targets', () => {
  test('off without a target; --target turns each registry on (repeatable or a comma list)', async (t) => {
    const dir = tempDir(t, 'a2a-target-');
    writeFileSync(join(dir, 'agent-card.json'), JSON.stringify(BIG, null, 2));
    const none = await codes(dir);
    assert.ok(!none.codes.some((c) => c.endsWith('-registry-limits')), none.codes.join());
    const google = await codes(dir, '--target', 'google-agent-registry');
    assert.ok(google.codes.includes('google-agent-registry-limits'));
    assert.equal(google.code, 1);
    const both = await codes(dir, '--target', 'aws-agent-registry,google-agent-registry');
    assert.ok(both.codes.includes('google-agent-registry-limits'));
    assert.ok(!both.codes.includes('aws-agent-registry-limits'), 'a 14 KB card is well within AWS limits');
  });

  test('aws-agent-registry: interfaces of two A2A versions name the dataSchemaVersion to record', async (t) => {
    const dir = tempDir(t, 'a2a-target-');
    const interfaces = [
      { url: 'https://pricing.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: 'https://pricing.example.com/v03', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ];
    writeFileSync(join(dir, 'agent-card.json'), JSON.stringify({ ...BASE, supportedInterfaces: interfaces }));
    const r = await cli(['lint', 'agent-card.json', '--format', 'json', '--target', 'aws-agent-registry'], dir);
    const found = (
      JSON.parse(r.stdout) as { findings: { code: string; severity: string; pointer: string; message: string }[] }
    ).findings.filter((f) => f.code === 'aws-agent-registry-limits');
    assert.deepEqual(
      found.map((f) => [f.severity, f.pointer]),
      [['warning', '/supportedInterfaces/1/protocolVersion']],
    );
    assert.match(found[0]!.message, /Record "1\.0", .* as dataSchemaVersion/);
    assert.match(found[0]!.message, /protocolVersion says "0\.3"/);
    const one = await cli(['lint', 'agent-card.json', '--format', 'json'], dir);
    assert.doesNotMatch(one.stdout, /aws-agent-registry-limits/, 'silent without the target');
  });

  test('an unknown registry is a usage error naming the ones there are', async (t) => {
    const dir = tempDir(t, 'a2a-target-');
    writeFileSync(join(dir, 'agent-card.json'), JSON.stringify(BIG));
    const r = await codes(dir, '--target', 'azure-agent-registry');
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /unknown registry target "azure-agent-registry"; expected google-agent-registry, aws-agent-registry/,
    );
  });

  test('"target" in .a2a/config.json turns it on; a bad value makes the configuration invalid', async (t) => {
    const dir = tempDir(t, 'a2a-target-');
    writeFileSync(join(dir, 'agent-card.json'), JSON.stringify(BIG));
    mkdirSync(join(dir, '.a2a'));
    writeFileSync(join(dir, '.a2a', 'config.json'), JSON.stringify({ target: ['google-agent-registry'] }));
    assert.ok((await codes(dir)).codes.includes('google-agent-registry-limits'));
    writeFileSync(join(dir, '.a2a', 'config.json'), JSON.stringify({ target: 'gcp' }));
    const bad = await codes(dir);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /\/target/);
  });

  test('diff REGISTRY-COPY LIVE: a registry copy that drifted from the live card', async (t) => {
    const dir = tempDir(t, 'a2a-target-');
    const live = {
      ...BASE,
      supportedInterfaces: [
        { url: 'https://pricing.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      ],
      version: '3.3.0',
      skills: [{ id: 'trip-pricing', name: 'Trip pricing', description: 'Prices a whole trip.', tags: ['pricing'] }],
    };
    const registryCopy = { ...live, version: '3.2.0', skills: BASE.skills };
    writeFileSync(join(dir, 'registry-copy.json'), JSON.stringify(registryCopy, null, 2));
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(live));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    t.after(() => new Promise<void>((r) => server.close(() => r())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`;
    const r = await cli(['diff', 'registry-copy.json', url, '--format', 'json'], dir);
    assert.equal(r.code, 1, r.stderr);
    const out = JSON.parse(r.stdout) as { classification: string; skills: Record<string, { classification: string }> };
    assert.equal(out.classification, 'breaking');
    assert.equal(out.skills['itinerary-pricing']?.classification, 'breaking');
  });
});
