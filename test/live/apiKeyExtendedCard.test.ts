/**
 * An agent whose extended card needs an API key in a header (apiKeySecurityScheme, location header): `a2acap fetch
 * --extended` sends the key from the environment in the header the card names, only to the agent's origin, and
 * gets the extended card; a wrong key is the agent's refusal, said as such. A real HTTP+JSON agent on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { runCliInProcess, type CliRun } from '../cliRunner';

const KEY = 'k-7f3a9c';
let server: Server;
let base = '';
const seen: (string | undefined)[] = [];

const card = (extended: boolean) => ({
  name: extended ? 'Payments (extended)' : 'Payments',
  description: 'Takes payments.',
  version: '1.0.0',
  supportedInterfaces: [{ url: base, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' }],
  capabilities: { extendedAgentCard: true },
  securitySchemes: { key: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } } },
  securityRequirements: [{ schemes: { key: { list: [] } } }],
  defaultInputModes: ['application/json'],
  defaultOutputModes: ['application/json'],
  skills: [
    { id: 'pay', name: 'Pay', description: 'Pays.', tags: ['payments'] },
    ...(extended ? [{ id: 'refund', name: 'Refund', description: 'Refunds.', tags: ['payments'] }] : []),
  ],
});

before(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/agent-card.json') {
      res.end(JSON.stringify(card(false)));
      return;
    }
    if (req.url === '/extendedAgentCard') {
      seen.push(req.headers['x-api-key'] as string | undefined);
      if (req.headers['x-api-key'] !== KEY) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { code: 16, message: 'bad key' } }));
        return;
      }
      res.end(JSON.stringify(card(true)));
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

function a2acap(args: string[], env: Record<string, string>): Promise<CliRun> {
  return runCliInProcess(args, { env });
}

test('fetch --extended with an API key: sent in the header the card names; the extended card comes back', async () => {
  seen.length = 0;
  const r = await a2acap(['fetch', base, '--extended', '--credential-env', 'PAYMENTS_KEY', '--format', 'json'], {
    PAYMENTS_KEY: KEY,
  });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const out = JSON.parse(r.stdout) as { extended?: { status: string; profile?: { skills: Record<string, unknown> } } };
  assert.equal(out.extended?.status, 'extended', r.stdout);
  assert.deepEqual(Object.keys(out.extended!.profile!.skills).sort(), ['pay', 'refund']);
  assert.deepEqual(seen, [KEY]);
  assert.ok(!r.stdout.includes(KEY) && !r.stderr.includes(KEY), 'the key is never printed');
});

test("a wrong key: the agent's refusal, named by scheme; --credential-scheme picks the scheme", async () => {
  const r = await a2acap(
    ['fetch', base, '--extended', '--credential-env', 'PAYMENTS_KEY', '--credential-scheme', 'key', '--format', 'json'],
    { PAYMENTS_KEY: 'wrong' },
  );
  const out = JSON.parse(r.stdout) as { extended?: { status: string; message: string } };
  assert.equal(out.extended?.status, 'auth-failed', r.stdout);
  assert.match(out.extended!.message, /refused the credential for scheme 'key'/);
  const unknown = await a2acap(
    [
      'fetch',
      base,
      '--extended',
      '--credential-env',
      'PAYMENTS_KEY',
      '--credential-scheme',
      'oauth',
      '--format',
      'json',
    ],
    { PAYMENTS_KEY: KEY },
  );
  assert.match(
    (JSON.parse(unknown.stdout) as { extended?: { message: string } }).extended!.message,
    /does not declare scheme 'oauth'/,
  );
});
