/** The command table (client/src/commands/table.ts): the rows registration, the trust wrapper and the palette use. */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { COMMAND_IDS, COMMAND_TABLE, COMMAND_TITLES } from '../../client/src/commands/table';

test('command ids are unique and each has a title', () => {
  assert.equal(new Set(COMMAND_IDS).size, COMMAND_IDS.length);
  for (const id of COMMAND_IDS) assert.ok(COMMAND_TITLES[id].length > 0, id);
});

test('the commands that contact agents are the ones Restricted Mode refuses', () => {
  const network = COMMAND_TABLE.filter((c) => c.needsNetwork)
    .map((c) => c.id)
    .sort();
  assert.deepEqual(network, [
    'a2a.checkLockfiles',
    'a2a.fetchCard',
    'a2a.fetchExtendedCard',
    'a2a.pinAgent',
    'a2a.probeAgent',
    'a2a.updateLockfile',
  ]);
});
