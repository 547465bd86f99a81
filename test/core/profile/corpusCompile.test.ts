// Every real card of the corpus (test/fixtures/corpus) compiles without a throw, to the outcome recorded as data in
// test/fixtures/compile/corpus.expected.json, and has a digest. Cards are read-only inputs.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cardDigest } from '../../../server/src/core/card/digest';
import { compileProfile } from '../../../server/src/core/profile/compile';
import { corpusCards } from '../../fixtures/corpus/corpus';

const expected = (
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'compile', 'corpus.expected.json'), 'utf8')) as {
    cards: Record<string, string>;
  }
).cards;

function outcome(card: unknown): string {
  const p = compileProfile(card);
  if (!p.usable)
    return `unusable: ${p.reason!.split(':')[0]}${p.reason!.includes('0.3-shaped') ? ' (0.3-shaped)' : ''}`;
  return `usable ${p.interface!.binding} ${p.interface!.version} skills=${Object.keys(p.skills!).length}`;
}

describe('corpus: compile every real card', () => {
  const cards = corpusCards();
  const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

  it('knows every card of the repository corpus, and nothing else', () => {
    assert.deepEqual(
      cards
        .filter((c) => c.own)
        .map((c) => c.name)
        .sort(),
      Object.keys(expected).sort(),
    );
  });

  for (const card of cards) {
    it(card.name, () => {
      const value = read(card.path);
      const got = outcome(value);
      // A card the extra directory adds has no recorded outcome: it must compile to one, without a throw.
      if (card.own) assert.equal(got, expected[card.name]);
      else assert.match(got, /^(usable|unusable: )/);
      assert.match(cardDigest(value), /^sha256:[0-9a-f]{64}$/);
    });
  }

  it('no card in v03/ is usable by a 1.0-only client unless it also lists a 1.0 interface', () => {
    for (const card of cards.filter((c) => c.group === 'v03')) {
      const value = read(card.path) as Record<string, unknown>;
      const lists10 =
        Array.isArray(value.supportedInterfaces) &&
        value.supportedInterfaces.some((i: { protocolVersion?: unknown }) => i?.protocolVersion === '1.0');
      assert.equal(compileProfile(value).usable, lists10, card.name);
    }
  });
});
