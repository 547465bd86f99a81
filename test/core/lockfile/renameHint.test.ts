import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { checkLockfile } from '../../../server/src/core/lockfile/check';
import { parseLockfile } from '../../../server/src/core/lockfile/read';
import { RenameHints } from '../../../server/src/core/lockfile/renameHint';
import { compileProfile } from '../../../server/src/core/profile/compile';
import { manyPinsLockfile, manySkillsCard } from '../../wideCard';

test('the hint is the one offered id within two edits, or one equal but for case', () => {
  const hints = new RenameHints(['quote-2', 'Refund', 'book', 'look']);
  assert.equal(hints.suggest('quote'), 'quote-2');
  assert.equal(hints.suggest('refund'), 'Refund');
  assert.equal(hints.suggest('cook'), undefined, 'two at one edit: ambiguous');
  assert.equal(hints.suggest('something-else'), undefined);
});

test('the comparisons of one check share a budget: past it, no hint', () => {
  const offered = Array.from({ length: 100 }, (_, i) => `${'a'.repeat(1000)}${String(i).padStart(3, '0')}`);
  const hints = new RenameHints(offered, 2_000_000);
  assert.equal(hints.suggest(`${'a'.repeat(1000)}00x`), undefined, 'ambiguous, but asked');
  assert.equal(hints.suggest(`${'a'.repeat(1000)}0x1`), undefined, 'the budget is spent');
  assert.equal(new RenameHints([`${'a'.repeat(1000)}001`]).suggest(`${'a'.repeat(1000)}0x1`), `${'a'.repeat(1000)}001`);
});

test('2,500 missing pinned skills against 17,000 offered ones: checked in bounded time', () => {
  const card: unknown = JSON.parse(manySkillsCard(17_000));
  const read = parseLockfile(manyPinsLockfile(2_500));
  assert.ok(read.ok);
  const profile = compileProfile(card);
  const started = performance.now();
  const result = checkLockfile(read.lockfile, profile);
  const ms = performance.now() - started;
  assert.equal(result.problems.length, 2_500);
  // Generous (a shared machine): comparing each missing skill with every offered one took 42 s.
  assert.ok(ms < 5_000, `${Math.round(ms)} ms`);
});
