// Card digest: sha256 of the RFC 8785 (JCS) canonical form of the card without `signatures`.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { canonicalCard, canonicalProblem, cardDigest } from '../../../server/src/core/card/digest';

const sha = (text: string) => `sha256:${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex')}`;

describe('cardDigest', () => {
  it('hashes the canonical form: sorted keys, no whitespace, UTF-8 bytes', () => {
    const card = JSON.parse('{ "b": [1, "€"],\n  "a": { "z": null, "y": true } }');
    const canonical = '{"a":{"y":true,"z":null},"b":[1,"€"]}';
    assert.equal(canonicalCard(card), canonical);
    assert.equal(cardDigest(card), sha(canonical));
    assert.match(cardDigest(card), /^sha256:[0-9a-f]{64}$/);
  });

  it('excludes top-level signatures only', () => {
    const card = { name: 'A', skills: [{ id: 's', signatures: ['kept'] }] };
    const signed = { ...card, signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'abc' }] };
    assert.equal(cardDigest(signed), cardDigest(card));
    assert.equal(canonicalCard(signed), '{"name":"A","skills":[{"id":"s","signatures":["kept"]}]}');
    assert.notEqual(cardDigest({ ...card, name: 'B' }), cardDigest(card));
  });

  it('ignores key order at every level', () => {
    const a = JSON.parse(
      '{"name":"x","capabilities":{"streaming":true,"pushNotifications":false},"skills":[{"id":"s","tags":["t"]}]}',
    );
    const b = JSON.parse(
      '{"skills":[{"tags":["t"],"id":"s"}],"capabilities":{"pushNotifications":false,"streaming":true},"name":"x"}',
    );
    assert.equal(cardDigest(a), cardDigest(b));
  });

  it('keeps array order (it carries meaning: interface preference)', () => {
    assert.notEqual(cardDigest({ s: [1, 2] }), cardDigest({ s: [2, 1] }));
  });

  it('sorts keys by UTF-16 code units and keeps non-ASCII unescaped (RFC 8785 §3.2.3)', () => {
    const card = JSON.parse('{"\\ud83d\\ude00":1,"€":2,"é":3,"a":4,"\\u0007":5}');
    assert.equal(canonicalCard(card), '{"\\u0007":5,"a":4,"é":3,"€":2,"😀":1}');
  });

  it('serializes numbers the ECMAScript way (RFC 8785 §3.2.2.3)', () => {
    assert.equal(
      canonicalCard(JSON.parse('{"a":1.0,"b":1e21,"c":0.000001,"d":-0,"e":1E-7}')),
      '{"a":1,"b":1e+21,"c":0.000001,"d":0,"e":1e-7}',
    );
  });

  it('counts a "__proto__" member as data', () => {
    const a = JSON.parse('{"__proto__":{"x":1},"name":"n"}');
    assert.equal(canonicalCard(a), '{"__proto__":{"x":1},"name":"n"}');
    assert.notEqual(cardDigest(a), cardDigest({ name: 'n' }));
  });

  it('digests non-object JSON values without dropping anything', () => {
    assert.equal(canonicalCard([{ signatures: 1 }]), '[{"signatures":1}]');
    assert.equal(cardDigest('x'), sha('"x"'));
  });

  it('fails with one clear line on nesting too deep to canonicalize', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100000; i++) deep = [deep];
    assert.throws(() => cardDigest({ deep }), {
      message: /^the card cannot be used: .* because of nesting deeper than 500 levels \(at \/deep\/0\/0[/0]*…\)$/,
    });
  });

  it('fails with one clear line, naming where, on a number that overflows a double', () => {
    const card = JSON.parse('{"a":{"b":[1,1e400]}}');
    assert.throws(() => cardDigest(card), {
      message:
        /^the card cannot be used: it has no canonical form \(RFC 8785\), so it cannot be pinned, digested or signature-checked, because of a number that overflows a double .* \(at \/a\/b\/1\)$/,
    });
    assert.deepEqual(canonicalProblem(card)?.pointer, '/a/b/1');
    assert.equal(
      canonicalProblem(JSON.parse('{"a":[1.7976931348623157e308,-0,123456789012345678901234567890]}')),
      undefined,
    );
  });

  const pythonVector = join(
    __dirname,
    '..',
    '..',
    'fixtures',
    'corpus',
    'v1',
    'a2aproject__a2a-python__python-signing-jcs-expected.json',
  );
  it('reproduces the canonical form the a2a-python signing test expects', () => {
    const text = readFileSync(pythonVector, 'utf8').trim();
    const shuffled = JSON.parse(text) as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(shuffled).reverse());
    assert.equal(canonicalCard(reordered), text);
    assert.equal(cardDigest(reordered), sha(text));
  });
});
