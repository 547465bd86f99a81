/** Untrusted strings in the text and markdown check reports: no control, bidi or zero-width characters get through. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markdownReport } from '../../../../server/src/core/check/report/markdown';
import { textReport } from '../../../../server/src/core/check/report/text';
import type { RefreshOutcome } from '../../../../server/src/core/check/types';

const hostile = 'agent says \u202eevil\u202c ok\u200b\u2066x\u2069\u001b[31m';
const outcome: RefreshOutcome = {
  status: 'error',
  lockfile: 'a2a-lock.json',
  stage: 'fetch',
  cause: hostile,
  problems: [],
};

for (const [name, render] of [
  ['text', () => textReport([outcome], (p) => p)],
  ['markdown', () => markdownReport([outcome], (p) => p)],
] as const) {
  test(`${name} report: bidi, zero-width and control characters from a cause are shown as escapes`, () => {
    const out = render();
    assert.match(out, /agent says/);
    assert.match(out, /u202eevil/);
    // eslint-disable-next-line no-control-regex -- asserting their absence is the point
    assert.doesNotMatch(out, /[\u0000-\u0009\u000b-\u001f\u200b-\u200f\u202a-\u202e\u2060-\u2069]/);
  });
}
