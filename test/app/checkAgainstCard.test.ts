/**
 * The library's checkLockfile goes through the check workflow (app/check.ts): for every check fixture it answers what
 * `a2acap check --card` answers, the same classification, problems and notes (the card compiled with the lockfile's
 * extensions known, its digest and text cues compared).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkLockfile, readLockfile } from '../../server/src/api/index';
import { runCliInProcess } from '../cliRunner';

const root = join(__dirname, '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'check');
const cases = readdirSync(fixtures)
  .sort()
  .filter((name) => existsSync(join(fixtures, name, 'lock.json')) && existsSync(join(fixtures, name, 'card.json')));

describe('checkLockfile (library) answers as a2acap check --card', () => {
  it('has fixtures', () => assert.ok(cases.length > 20));
  for (const name of cases) {
    it(name, async () => {
      const dir = join(fixtures, name);
      const read = readLockfile(readFileSync(join(dir, 'lock.json'), 'utf8'));
      if (!read.ok) return; // a lockfile the check refuses to read: the CLI's error outcome, no check to compare
      const card: unknown = JSON.parse(readFileSync(join(dir, 'card.json'), 'utf8'));
      const library = checkLockfile(read.lockfile, card);
      const cli = await runCliInProcess(
        ['check', '--card', join(dir, 'card.json'), join(dir, 'lock.json'), '--format', 'json'],
        { cwd: root },
      );
      const result = (JSON.parse(cli.stdout) as { results: { classification: string; problems: []; notes: [] }[] })
        .results[0];
      assert.deepEqual(
        { classification: library.classification, problems: library.problems, notes: library.notes },
        { classification: result?.classification, problems: result?.problems, notes: result?.notes },
      );
    });
  }
});
