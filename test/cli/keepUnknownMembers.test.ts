// A re-pin keeps what a person added to the lockfile (members the format does not define: a comment, an owner, a
// note on a skill); it used to drop them silently. Members the format defines follow the re-pin as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeLockfile } from '../../server/src/core/pin/serialize';
import { cli, tempDir } from './helpers';

const CARD = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'examples', 'cards', 'good.agent-card.json'), 'utf8'),
) as Record<string, unknown>;

test('update --yes and a re-pin keep added members; an unchanged re-pin still writes nothing', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'card.json'), JSON.stringify(CARD));
  assert.equal((await cli(['pin', 'card.json', '--skill', 'plan-itinerary', '--out', 'l.a2a-lock.json'], dir)).code, 0);
  const lock = JSON.parse(readFileSync(join(dir, 'l.a2a-lock.json'), 'utf8'));
  lock.comment = 'pinned for the Q3 planner';
  lock['x-owner'] = { team: 'travel' };
  lock.requires.skills['plan-itinerary'].note = 'asked the provider to keep JSON';
  // Written as pin writes (sorted keys), so an unchanged re-pin has nothing to change.
  writeFileSync(join(dir, 'l.a2a-lock.json'), serializeLockfile(lock));

  const same = await cli(['pin', 'card.json', '--skill', 'plan-itinerary', '--out', 'l.a2a-lock.json'], dir);
  assert.match(same.stderr, /already up to date/);

  writeFileSync(join(dir, 'card.json'), JSON.stringify({ ...CARD, version: '9.9.9' }));
  const r = await cli(['update', 'l.a2a-lock.json', '--yes'], dir);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const after = JSON.parse(readFileSync(join(dir, 'l.a2a-lock.json'), 'utf8'));
  assert.equal(after.agent_version, '9.9.9', 'the re-pin happened');
  assert.equal(after.comment, 'pinned for the Q3 planner');
  assert.deepEqual(after['x-owner'], { team: 'travel' });
  assert.equal(after.requires.skills['plan-itinerary'].note, 'asked the provider to keep JSON');
});

test('a defined member the re-pin leaves out stays out (a skill no longer pinned is not brought back)', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'card.json'), JSON.stringify(CARD));
  assert.equal(
    (
      await cli(
        ['pin', 'card.json', '--skill', 'plan-itinerary', '--skill', 'render-itinerary', '--out', 'l.a2a-lock.json'],
        dir,
      )
    ).code,
    0,
  );
  assert.equal((await cli(['pin', 'card.json', '--skill', 'plan-itinerary', '--out', 'l.a2a-lock.json'], dir)).code, 0);
  const after = JSON.parse(readFileSync(join(dir, 'l.a2a-lock.json'), 'utf8'));
  assert.deepEqual(Object.keys(after.requires.skills), ['plan-itinerary']);
});
