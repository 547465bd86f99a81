/** The redactor of a call: every form of its credentials and any URL userinfo leave the text (core/text/redact.ts). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  REDACTED,
  headerSecrets,
  redactError,
  redactorFor,
  redactValue,
  secretForms,
  urlSecrets,
  withoutUserinfo,
} from '../../../server/src/core/text/redact';
import { NetError } from '../../../server/src/core/net/errors';
import { UsageError } from '../../../server/src/cli/io';

interface Case {
  secret: string;
  why: string;
  texts: string[];
}
const table = JSON.parse(readFileSync(join(__dirname, '../../fixtures/redact/forms.json'), 'utf8')) as {
  cases: Case[];
  kept: string[];
};

for (const c of table.cases) {
  test(`redactorFor: ${c.why}`, () => {
    const redact = redactorFor([c.secret]);
    const bare = c.secret.replace(/^(bearer|basic)\s+/i, '');
    for (const text of c.texts) {
      const out = redact(text);
      assert.notEqual(out, text, `${JSON.stringify(text)} is changed`);
      assert.ok(out.includes(REDACTED), out);
      for (const form of secretForms(c.secret))
        assert.ok(!out.includes(form), `${JSON.stringify(out)} still holds ${JSON.stringify(form)}`);
      assert.ok(!out.includes(bare), out);
    }
    for (const text of table.kept) assert.equal(redact(text), text);
  });
}

test('redactorFor: a longer form is removed whole, not left with a tail of itself', () => {
  const redact = redactorFor(['abcd', 'abcdefgh']);
  assert.equal(redact('x abcdefgh y'), `x ${REDACTED} y`);
});

test('redactorFor: secrets too short to search for, and no secrets, leave text as is (but never URL userinfo)', () => {
  assert.equal(redactorFor(['ab', undefined, ''])('ab cd'), 'ab cd');
  assert.equal(
    redactorFor([])('see https://user:pw@host.example/x and ftp://a@b/'),
    'see https://host.example/x and ftp://b/',
  );
});

test('redactorFor: userinfo goes from every URL in a text, and only from URLs', () => {
  const redact = redactorFor([]);
  assert.equal(
    redact('"card": "https://u:secret@agent.example/.well-known/agent-card.json"'),
    '"card": "https://agent.example/.well-known/agent-card.json"',
  );
  assert.equal(
    redact('mail me@example.com, or https://agent.example/p?x=a@b'),
    'mail me@example.com, or https://agent.example/p?x=a@b',
  );
});

test('withoutUserinfo and urlSecrets: the userinfo of one URL', () => {
  assert.equal(withoutUserinfo('https://user:pw@host/x'), 'https://host/x');
  assert.equal(withoutUserinfo('not a url'), 'not a url');
  assert.deepEqual(urlSecrets('https://al%20ice:p%40ss@host/'), ['al%20ice:p%40ss', 'al ice:p@ss']);
  assert.deepEqual(urlSecrets('https://host/'), []);
  assert.deepEqual(urlSecrets(undefined), []);
  const redact = redactorFor(urlSecrets('https://alice:pa55word@host/'));
  assert.equal(redact('you are alice:pa55word, pa55word is wrong'), `you are ${REDACTED}, ${REDACTED} is wrong`);
});

test('headerSecrets: Authorization value, cookie values after name=, other headers as they are', () => {
  assert.deepEqual(
    headerSecrets({ authorization: 'Bearer t0ken', cookie: 'sid=c00kie; b=2', 'x-api-key': 'k3y-value' }),
    ['Bearer t0ken', 'c00kie', '2', 'k3y-value'],
  );
  const redact = redactorFor(headerSecrets({ cookie: 'session=c00kie-value' }));
  assert.equal(redact('bad cookie c00kie-value'), `bad cookie ${REDACTED}`);
});

test('redactValue: every string, member names too, deep; other values untouched; the input is not changed', () => {
  const redact = redactorFor(['s3cret-token']);
  const input = { a: ['x s3cret-token', 1, true, null], 's3cret-token': { b: 's3cret-token' } };
  const out = redactValue(input, redact);
  assert.deepEqual(out, { a: [`x ${REDACTED}`, 1, true, null], [REDACTED]: { b: REDACTED } });
  assert.equal(input.a[0], 'x s3cret-token');
  assert.deepEqual(
    redactValue({ __proto__: 's3cret-token' } as unknown, redact),
    {},
    'a __proto__ key of a literal is no own member',
  );
  const hostile = JSON.parse('{"__proto__": {"polluted": "s3cret-token"}}') as unknown;
  const clean = redactValue(hostile, redact) as Record<string, unknown>;
  assert.deepEqual(Object.getOwnPropertyDescriptor(clean, '__proto__')?.value, { polluted: REDACTED });
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test('redactError: same class and fields, message redacted (NetError keeps its kind; UsageError its exit code)', () => {
  const redact = redactorFor(['s3cret-token']);
  const net = redactError(new NetError('network', 'https://h/', 'h: said s3cret-token', { limit: 1 }), redact);
  assert.ok(net instanceof NetError);
  assert.equal(net.kind, 'network');
  assert.equal(net.message, `h: said ${REDACTED}`);
  assert.deepEqual(net.details, { limit: 1 });
  const usage = redactError(new UsageError('bad s3cret-token', 7), redact);
  assert.ok(usage instanceof UsageError);
  assert.equal(usage.exitCode, 7);
  assert.equal(usage.message, `bad ${REDACTED}`);
  assert.equal((redactError('s3cret-token thrown', redact) as Error).message, `${REDACTED} thrown`);
});
