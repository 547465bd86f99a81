/**
 * A crash of the bundled CLI (an uncaught exception or rejection, not a failure a command handled) exits 2, "could
 * not run", with one readable line: never Node's exit 1 (which a pipeline reads as findings or a breaking change)
 * and never a stack trace.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

const CLI = join(__dirname, '..', '..', 'server', 'dist', 'cli.js');
const CRASH = pathToFileURL(join(__dirname, 'fixtures', 'crash-later.mjs')).href;

for (const how of ['throw', 'reject'] as const) {
  test(`a callback that ${how}s: exit 2 and one line, no stack`, () => {
    const r = spawnSync(process.execPath, ['--import', CRASH, CLI, '--version'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', A2ACAP_TEST_CRASH: how },
    });
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stderr, 'a2acap: internal error: boom in a callback\n');
  });
}
