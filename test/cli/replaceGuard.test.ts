// `pin --out`, `update` and `lint --write-baseline` replace only what is theirs: an existing file that is not a
// lockfile (or baseline), a FIFO or a device is refused and left as it was; a symbolic link is followed (the
// link stays); a replaced file keeps its permissions. (pin --out card.json used to overwrite the card itself.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  chmodSync,
  lstatSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from './helpers';

const CARD = join(__dirname, '..', '..', 'examples', 'cards', 'good.agent-card.json');

interface Case {
  name: string;
  /** Prepares `dir` (card.json is there already); returns the --out path. */
  setup: (dir: string) => string;
  /** null: written; else the refusal on stderr. */
  refused: RegExp | null;
  /** Checks on what is at the path afterwards. */
  after?: (dir: string, out: string) => void;
}

const PIN = ['pin', 'card.json', '--skill', 'plan-itinerary'];

const cases: Case[] = [
  {
    name: 'the card itself',
    setup: () => 'card.json',
    refused: /card\.json exists and is not a lockfile: not replaced/,
    after: (dir) => assert.equal(readFileSync(join(dir, 'card.json'), 'utf8'), readFileSync(CARD, 'utf8')),
  },
  {
    name: 'an unrelated text file',
    setup: (dir) => {
      writeFileSync(join(dir, 'notes.txt'), 'my notes\n');
      return 'notes.txt';
    },
    refused: /notes\.txt exists and is not a lockfile/,
    after: (dir) => assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'my notes\n'),
  },
  {
    name: 'a FIFO',
    setup: (dir) => {
      assert.equal(spawnSync('mkfifo', [join(dir, 'x.a2a-lock.json')]).status, 0);
      return 'x.a2a-lock.json';
    },
    refused: /x\.a2a-lock\.json is not a regular file: not replaced/,
    after: (dir) => assert.ok(lstatSync(join(dir, 'x.a2a-lock.json')).isFIFO()),
  },
  {
    name: 'a corrupt lockfile (merge conflict), named as one',
    setup: (dir) => {
      writeFileSync(join(dir, 'x.a2a-lock.json'), '<<<<<<< HEAD\n{}\n=======\n');
      return 'x.a2a-lock.json';
    },
    refused: null,
  },
  {
    name: 'a lockfile under another name',
    setup: (dir) => {
      writeFileSync(join(dir, 'lock.json'), JSON.stringify({ agent: 'card.json', requires: {} }));
      return 'lock.json';
    },
    refused: null,
  },
  {
    name: 'an empty file',
    setup: (dir) => {
      writeFileSync(join(dir, 'new.json'), '');
      return 'new.json';
    },
    refused: null,
  },
  { name: 'a new file', setup: () => 'fresh.a2a-lock.json', refused: null },
  {
    name: 'a symbolic link to a lockfile: the file is replaced, the link stays',
    setup: (dir) => {
      writeFileSync(join(dir, 'real.a2a-lock.json'), '');
      symlinkSync('real.a2a-lock.json', join(dir, 'link.a2a-lock.json'));
      return 'link.a2a-lock.json';
    },
    refused: null,
    after: (dir) => {
      assert.equal(readlinkSync(join(dir, 'link.a2a-lock.json')), 'real.a2a-lock.json');
      assert.match(readFileSync(join(dir, 'real.a2a-lock.json'), 'utf8'), /"plan-itinerary"/);
    },
  },
  {
    name: 'a symbolic link to the card',
    setup: (dir) => {
      symlinkSync('card.json', join(dir, 'out.json'));
      return 'out.json';
    },
    refused: /out\.json exists and is not a lockfile/,
    after: (dir) => assert.equal(readFileSync(join(dir, 'card.json'), 'utf8'), readFileSync(CARD, 'utf8')),
  },
  {
    name: 'a lockfile only its owner may read keeps its mode',
    setup: (dir) => {
      writeFileSync(join(dir, 'private.a2a-lock.json'), '');
      chmodSync(join(dir, 'private.a2a-lock.json'), 0o600);
      return 'private.a2a-lock.json';
    },
    refused: null,
    after: (dir) => assert.equal(statSync(join(dir, 'private.a2a-lock.json')).mode & 0o777, 0o600),
  },
];

for (const c of cases) {
  test(`pin --out ${c.name}: ${c.refused ? 'refused' : 'written'}`, async (t) => {
    const dir = tempDir(t);
    copyFileSync(CARD, join(dir, 'card.json'));
    const out = c.setup(dir);
    const r = await cli([...PIN, '--out', out], dir);
    if (c.refused) {
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, c.refused);
    } else {
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /pinned plan-itinerary/);
    }
    c.after?.(dir, out);
  });
}

test('lint --write-baseline replaces a baseline, never a card or a FIFO', async (t) => {
  const dir = tempDir(t);
  copyFileSync(CARD, join(dir, 'card.json'));
  const onCard = await cli(['lint', 'card.json', '--write-baseline', 'card.json'], dir);
  assert.equal(onCard.code, 2);
  assert.match(onCard.stderr, /card\.json exists and is not an a2acap baseline: not replaced/);
  assert.equal(readFileSync(join(dir, 'card.json'), 'utf8'), readFileSync(CARD, 'utf8'));
  assert.equal(spawnSync('mkfifo', [join(dir, 'fifo.json')]).status, 0);
  const onFifo = await cli(['lint', 'card.json', '--write-baseline', 'fifo.json'], dir);
  assert.equal(onFifo.code, 2);
  assert.match(onFifo.stderr, /fifo\.json is not a regular file/);
  assert.equal((await cli(['lint', 'card.json', '--write-baseline', 'baseline.json'], dir)).code, 0);
  assert.equal(
    (await cli(['lint', 'card.json', '--write-baseline', 'baseline.json'], dir)).code,
    0,
    'a baseline is replaced',
  );
});
