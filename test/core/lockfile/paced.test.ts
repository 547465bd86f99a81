import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { checkLockfile, checkLockfilePaced, SKILLS_PER_STEP } from '../../../server/src/core/lockfile/check';
import { parseLockfile } from '../../../server/src/core/lockfile/read';
import { compileProfile } from '../../../server/src/core/profile/compile';
import { manyPinsLockfile, manySkillsCard } from '../../wideCard';

const profile = compileProfile(JSON.parse(manySkillsCard(1_000)));
const read = parseLockfile(manyPinsLockfile(2_000));
assert.ok(read.ok);
const lock = read.lockfile;

test('a paced check pauses between steps and finds what the check finds', async () => {
  let pauses = 0;
  const paced = await checkLockfilePaced(lock, profile, {}, async () => {
    pauses++;
  });
  assert.equal(pauses, Math.floor(2_000 / SKILLS_PER_STEP));
  assert.deepEqual(paced, checkLockfile(lock, profile));
});

test('a pause that rejects abandons the check', async () => {
  let pauses = 0;
  await assert.rejects(
    checkLockfilePaced(lock, profile, {}, async () => {
      if (++pauses === 2) throw new Error('cancelled');
    }),
    /cancelled/,
  );
  assert.equal(pauses, 2);
});
