// Any run of eight characters of a secret, in any case and in every encoding an agent can produce, is found; text
// around it is kept, and text that shares no run with a secret is returned as it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RUN, runFinder } from '../../../server/src/core/text/secretRuns';
import { echoForms } from '../../agents/leakAgent';
import { assertNoSecretRun } from '../../secretLeak';

const SECRET = 'leak-T0ken/with+chars=9f3a';
const finder = runFinder([SECRET])!;

test('every echo form loses every run of the secret', () => {
  for (const form of [
    ...echoForms(SECRET),
    Buffer.from(`{"token":"${SECRET}"}`).toString('base64'),
    SECRET.replace(/[/+=]/g, (c) => `\\${c}`),
  ]) {
    const out = finder.replace(`before ${form} after`, '[redacted]');
    assertNoSecretRun(out, [SECRET], JSON.stringify(form));
    assert.match(out, /^before .*after$/, out);
    assert.ok(out.includes('[redacted]'), form);
  }
});

test('shorter runs, and text without a run, are left alone', () => {
  assert.equal(finder.replace(`x ${SECRET.slice(0, RUN - 1)} y`, '[r]'), `x ${SECRET.slice(0, RUN - 1)} y`);
  assert.equal(finder.replace('Bearer tokens are fine here', '[r]'), 'Bearer tokens are fine here');
  assert.equal(runFinder(['short']), undefined);
});

test('overlapping and adjacent runs become one replacement', () => {
  assert.equal(finder.replace(`${SECRET}${SECRET.toUpperCase()}`, '[r]'), '[r]');
});

test('linear: a MiB of text with runs all through it', () => {
  const text = `${SECRET.slice(0, 12)} padding `.repeat(50_000);
  const started = performance.now();
  const out = finder.replace(text, '[r]');
  const ms = performance.now() - started;
  assertNoSecretRun(out.slice(0, 5000), [SECRET], 'start of the output');
  assert.ok(ms < 5000, `${ms} ms`);
});
