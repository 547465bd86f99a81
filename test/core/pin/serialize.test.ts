import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keepPreviousWhenUnchanged, serializeLockfile } from '../../../server/src/core/pin/serialize';
import type { Lockfile } from '../../../server/src/core/types';

const lock: Lockfile = {
  requires: { skills: { b: { output: ['x/y'], input: ['a/b'] }, a: { input: [], output: [] } }, extensions: [] },
  pinned_at: '2026-10-02T08:00:00.000Z',
  card_digest: 'sha256:ab',
  agent: 'http://127.0.0.1:1/.well-known/agent-card.json',
  verified: { streaming: { result: 'verified', probe: 'streaming', at: '2026-10-02T08:00:01.000Z' } },
};

test('keys are sorted at every level, 2-space indent, one trailing newline', () => {
  const text = serializeLockfile(lock);
  assert.equal(
    text,
    `{
  "agent": "http://127.0.0.1:1/.well-known/agent-card.json",
  "card_digest": "sha256:ab",
  "pinned_at": "2026-10-02T08:00:00.000Z",
  "requires": {
    "extensions": [],
    "skills": {
      "a": {
        "input": [],
        "output": []
      },
      "b": {
        "input": [
          "a/b"
        ],
        "output": [
          "x/y"
        ]
      }
    }
  },
  "verified": {
    "streaming": {
      "at": "2026-10-02T08:00:01.000Z",
      "probe": "streaming",
      "result": "verified"
    }
  }
}
`,
  );
});

test('the same lockfile built in a different key order gives identical bytes', () => {
  const reordered = JSON.parse(
    JSON.stringify(
      lock,
      Object.keys(lock)
        .reverse()
        .concat('skills', 'a', 'b', 'input', 'output', 'extensions', 'streaming', 'result', 'probe', 'at'),
    ),
  ) as Lockfile;
  assert.equal(serializeLockfile(reordered), serializeLockfile(lock));
});

test('a re-pin that changes only timestamps keeps the previous lockfile (pinned_at and evidence times)', () => {
  const later: Lockfile = {
    ...lock,
    pinned_at: '2026-11-01T00:00:00.000Z',
    verified: { streaming: { result: 'verified', probe: 'streaming', at: '2026-11-01T00:00:01.000Z' } },
  };
  assert.equal(keepPreviousWhenUnchanged(later, lock), lock);
  assert.equal(keepPreviousWhenUnchanged(later, undefined), later);
});

test('a re-pin with a real change takes the new lockfile and its pinned_at', () => {
  const changed: Lockfile = { ...lock, pinned_at: '2026-11-01T00:00:00.000Z', card_digest: 'sha256:cd' };
  assert.equal(keepPreviousWhenUnchanged(changed, lock), changed);
  const refuted: Lockfile = {
    ...lock,
    verified: { streaming: { result: 'refuted', probe: 'streaming', at: 'later' } },
  };
  assert.equal(keepPreviousWhenUnchanged(refuted, lock), refuted);
});

test('a lockfile from before lockfile_version is format 1: a re-pin with nothing else changed keeps it as it is', () => {
  const repinned: Lockfile = { ...lock, lockfile_version: 1, pinned_at: '2026-11-01T00:00:00.000Z' };
  assert.equal(keepPreviousWhenUnchanged(repinned, lock), lock);
  assert.equal(
    keepPreviousWhenUnchanged({ ...repinned, lockfile_version: 2 }, lock).lockfile_version,
    2,
    'another format is a change',
  );
});
