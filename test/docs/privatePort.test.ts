/**
 * `npm test` does not depend on a port a developer is likely to be using: the documents' examples need the example
 * agent on 127.0.0.1:41300 (the port the docs show), so they run in a loopback-only network namespace
 * (examples.netns.test.ts), where that port is private. Proved here with the port taken in this (the host's)
 * namespace, as `npm run demo` takes it: one document whose examples use the agent still passes.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const PORT = 41300;

/** Listens on 127.0.0.1:PORT; undefined when something else already does (the same situation). */
async function occupy(): Promise<Server | undefined> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EADDRINUSE' ? resolve(undefined) : reject(err),
    );
    server.listen(PORT, '127.0.0.1', () => resolve(server));
  });
}

function testFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'e2e' && name !== 'fixtures') testFiles(path, out);
    } else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

test('a test that starts a server on the docs port runs in the network namespace', () => {
  for (const file of testFiles(join(ROOT, 'test'))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(String(PORT)) || !/startPricingAgent\(\{ port: (?!0\b)|\.listen\((?!0\b)\w/.test(text)) continue;
    if (file === __filename) continue;
    assert.match(file, /\.netns\.test\.ts$/, `${relative(ROOT, file)} binds port ${PORT}: make it a *.netns.test.ts`);
  }
});

test(`the docs examples pass while another program listens on 127.0.0.1:${PORT}`, async () => {
  const blocker = await occupy();
  try {
    const inner = [
      'ip link set lo up',
      `exec ${JSON.stringify(process.execPath)} --import tsx --test --test-reporter=spec --test-name-pattern=before-you-publish test/docs/examples.netns.test.ts`,
    ].join(' && ');
    // A run of its own, not a subtest of this one (node:test marks its children through NODE_TEST_CONTEXT).
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const r = spawnSync('unshare', ['--net', '--', 'sh', '-c', inner], { cwd: ROOT, encoding: 'utf8', env });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /✔ docs\/before-you-publish\.md/, r.stdout);
    assert.match(r.stdout, /ℹ pass 1\b/, r.stdout);
  } finally {
    await new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r()));
  }
});
