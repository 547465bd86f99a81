/**
 * The library's checkLockfile with `project` (the JSON value of a .a2a/config.json): its policies run on the card,
 * a violation a problem at /agent whose message starts with the policy id; its `ignore` entries for a policy
 * accept the problem for the lockfile named by `fileName`. The fixture is the CLI's (test/cli/checkPolicies.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkLockfile, readLockfile } from '../../server/src/api';

const FIXTURE = join(__dirname, '..', 'fixtures', 'checkPolicies');
const read = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURE, name), 'utf8'));
const EXPECTED = read('violates.check-expected.json') as string[][];
const project = read('.a2a/config.json') as { policies: unknown[] };
const card = read('violates.agent-card.json');
const lock = readLockfile(readFileSync(join(FIXTURE, 'violates.lock.json'), 'utf8'));

function lockfile() {
  assert.ok(lock.ok);
  return lock.lockfile;
}

test('checkLockfile: without project, no policy problems', () => {
  const result = checkLockfile(lockfile(), card);
  assert.equal(result.classification, 'compatible');
});

test('checkLockfile with project: the policy problems, as a2acap check reports them', () => {
  const result = checkLockfile(lockfile(), card, { project });
  assert.equal(result.classification, 'breaking');
  assert.deepEqual(
    [...result.problems, ...result.notes].map((i) => [i.level, i.pointer, i.message]),
    EXPECTED,
  );
});

test('checkLockfile with project: an ignore entry for the policy and fileName accepts its problem', () => {
  const ignore = [{ rule: 'https-only', file: 'violates.lock.json', reason: 'retiring' }];
  const result = checkLockfile(lockfile(), card, { project: { ...project, ignore }, fileName: 'violates.lock.json' });
  assert.deepEqual(result.suppressed, [
    { level: 'breaking', pointer: '/agent', message: EXPECTED[0]![2], justification: 'retiring' },
  ]);
  assert.ok(!result.problems.some((p) => p.message.startsWith('https-only:')));
  const elsewhere = checkLockfile(lockfile(), card, { project: { ...project, ignore }, fileName: 'other.lock.json' });
  assert.equal(elsewhere.suppressed, undefined);
});

test('checkLockfile with an invalid project: a TypeError naming the member', () => {
  const broken = { policies: [{ id: 'broken', severity: 'error', expression: 'profile.skills.all(', message: 'm' }] };
  assert.throws(() => checkLockfile(lockfile(), card, { project: broken }), {
    name: 'TypeError',
    message: /\/policies\/0\/expression: policy "broken" does not compile/,
  });
});
