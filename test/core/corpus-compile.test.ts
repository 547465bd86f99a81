// Every real card of ../shared/corpus compiles without a throw, to the outcome recorded as data in
// test/fixtures/compile/corpus.expected.json, and has a digest. Cards are read-only inputs.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cardDigest } from '../../server/src/core/digest';
import { compileProfile } from '../../server/src/core/profile/compile';

const corpus = join(__dirname, '..', '..', '..', 'shared', 'corpus');
const expected = (JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'compile', 'corpus.expected.json'), 'utf8')) as { cards: Record<string, string> }).cards;

function outcome(card: unknown): string {
  const p = compileProfile(card);
  if (!p.usable) return `unusable: ${p.reason!.split(':')[0]}${p.reason!.includes('0.3-shaped') ? ' (0.3-shaped)' : ''}`;
  return `usable ${p.interface!.binding} ${p.interface!.version} skills=${Object.keys(p.skills!).length}`;
}

describe('corpus: compile every real card', { skip: !existsSync(corpus) && 'corpus not present' }, () => {
  const files = ['v1', 'v03', 'other'].flatMap((d) => readdirSync(join(corpus, d)).filter((f) => f.endsWith('.json')).map((f) => `${d}/${f}`)).sort();

  it('knows every card of the corpus', () => assert.deepEqual(files, Object.keys(expected).sort()));

  for (const file of files) {
    it(file, () => {
      const card: unknown = JSON.parse(readFileSync(join(corpus, file), 'utf8'));
      assert.equal(outcome(card), expected[file]);
      assert.match(cardDigest(card), /^sha256:[0-9a-f]{64}$/);
    });
  }

  it('no card in v03/ is usable by a 1.0-only client unless it also lists a 1.0 interface', () => {
    for (const file of files.filter((f) => f.startsWith('v03/'))) {
      const card = JSON.parse(readFileSync(join(corpus, file), 'utf8')) as Record<string, unknown>;
      const lists10 = Array.isArray(card.supportedInterfaces) && card.supportedInterfaces.some((i: { protocolVersion?: unknown }) => i?.protocolVersion === '1.0');
      assert.equal(compileProfile(card).usable, lists10, file);
    }
  });
});
