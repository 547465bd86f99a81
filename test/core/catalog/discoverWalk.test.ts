/** The walk's bookkeeping: depth, cycles, catalogs seen, and the bounds of a run. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  Allowance,
  limitFindings,
  nestedDecision,
  DEFAULT_DISCOVER_LIMITS,
} from '../../../server/src/core/catalog/discoverWalk';
import { cardVerdict } from '../../../server/src/core/catalog/discoverStatus';
import type { CompiledProfile, Finding } from '../../../server/src/core/types';

describe('nestedDecision', () => {
  const at = (depth: number, ancestors: string[] = []) => ({ depth, ancestors });

  it('follows to depth 4 and no deeper', () => {
    assert.deepEqual(nestedDecision(at(3, ['a']), 'b', new Set()), {
      follow: true,
      trail: { depth: 4, ancestors: ['a', 'b'] },
    });
    assert.deepEqual(nestedDecision(at(4), 'b', new Set()), { follow: false, why: 'too-deep' });
    assert.deepEqual(nestedDecision(at(4), undefined, new Set()), { follow: false, why: 'too-deep' });
  });

  it('reports a URL among the ancestors as a cycle, and one followed elsewhere as seen', () => {
    assert.deepEqual(nestedDecision(at(1, ['a', 'b']), 'a', new Set(['a', 'b'])), { follow: false, why: 'cycle' });
    assert.deepEqual(nestedDecision(at(1, ['a']), 'c', new Set(['a', 'c'])), { follow: false, why: 'seen' });
  });
});

describe('Allowance and limitFindings', () => {
  it('counts what it refused, and says so once per bound', () => {
    const fetches = new Allowance(2);
    assert.deepEqual([fetches.take(), fetches.take(), fetches.take(), fetches.take()], [true, true, false, false]);
    assert.equal(fetches.left, 2);
    const findings = limitFindings({ entries: 0, fetches: fetches.left, cards: 0 }, DEFAULT_DISCOVER_LIMITS);
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, f.message]),
      [['discover-limit-reached', 'warning', '2 URLs were not fetched: a run fetches at most 100']],
    );
  });
});

describe('cardVerdict', () => {
  const error = (code: string, pointer: string): Finding => ({ code, severity: 'error', pointer, message: code });
  const usable = { usable: true } as CompiledProfile;

  it('invalid with the first errors named, usable, or unusable with the reason', () => {
    const four = ['a', 'b', 'c', 'd'].map((c) => error(c, `/${c}`));
    assert.deepEqual(cardVerdict(four, usable), {
      status: 'invalid',
      reason: '4 error(s): a at /a, b at /b, c at /c, and 1 more',
    });
    assert.deepEqual(cardVerdict([], usable), { status: 'usable' });
    assert.deepEqual(cardVerdict([], { usable: false, reason: 'no supported interface' } as CompiledProfile), {
      status: 'unusable',
      reason: 'no supported interface',
    });
  });
});
