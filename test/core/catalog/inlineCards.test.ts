/**
 * A catalog's lint with its inline A2A cards left to their caller (`inlineCards: false`, what discover asks for):
 * none of an inline card's findings, nor their count in a left-out summary, while the catalog's own rules and its
 * inline nested catalogs are linted as always. By default the cards are linted in place, as the editor shows them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintDocument } from '../../../server/src/core/lint';

const CARD_TYPE = 'application/a2a-agent-card+json';
/** A card with an error (no name) and a warning (a skill description too short), 150 times: past the per-rule cap. */
const flawedCard = { description: 'x', skills: [{ id: 's', name: 'S', description: 'short', tags: [] }] };

const text = JSON.stringify({
  specVersion: '1.0',
  entries: [
    ...Array.from({ length: 150 }, (_, i) => ({ identifier: `urn:test:a${i}x`, type: CARD_TYPE, data: flawedCard })),
    {
      identifier: 'urn:test:nested',
      type: 'application/ai-catalog+json',
      data: { entries: [{ identifier: 'urn:test:inner', type: CARD_TYPE, data: flawedCard }] },
    },
  ],
});

function codesAt(findings: { code: string; pointer: string }[], prefix: string): string[] {
  return [...new Set(findings.filter((f) => f.pointer.startsWith(prefix)).map((f) => f.code))].sort();
}

describe('lintDocument of a catalog: inline cards', () => {
  it('lints them in place by default', () => {
    const { findings } = lintDocument(text, { kind: 'catalog' });
    assert.ok(codesAt(findings, '/entries/0/data/').includes('schema'));
    assert.ok(findings.some((f) => f.code === 'findings-left-out'));
  });

  it('leaves them out with inlineCards: false, inline nested catalogs still linted', () => {
    const { findings } = lintDocument(text, { kind: 'catalog', inlineCards: false });
    // The one finding is the nested catalog's own: no card's, no left-out summary.
    assert.deepEqual(
      findings.map((f) => [f.code, f.pointer]),
      [['schema', '/entries/150/data/specVersion']],
    );
  });
});
