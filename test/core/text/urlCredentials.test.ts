// URL credentials are decided by the WHATWG parser that makes the request: every spelling it reads as userinfo or
// a credential parameter is removed, whatever a pattern would have made of it; and the work stays linear.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { REDACTED } from '../../../server/src/core/text/redact';
import {
  REDACTED_VALUE,
  isCredentialParameter,
  jsonMayHoldUrlCredentials,
  urlCredentialsIn,
  withoutUrlCredentials,
  withoutUrlCredentialsInText,
} from '../../../server/src/core/text/urlCredentials';

/** [as written, as shown]: the password is always "s3cretPW1". */
const FORMS: [string, string][] = [
  ['https://user:s3cretPW1@host/a', 'https://host/a'],
  ['https:user:s3cretPW1@host/a', 'https://host/a'],
  ['https:/user:s3cretPW1@host/a', 'https://host/a'],
  ['https:\\\\user:s3cretPW1@host/a', 'https://host/a'],
  ['https://a@b:s3cretPW1@host/a', 'https://host/a'],
  ['  \tHTTPS://us\ner:s3cret\tPW1@host/a', 'https://host/a'],
  ['wss:user:s3cretPW1@host/a', 'wss://host/a'],
  ['postgres://user:s3cretPW1@db:5432/x', 'postgres://db:5432/x'],
  ['https://host:8443?api_key=s3cretPW1', 'https://host:8443?api_key=[redacted]'],
  ['https://host/cb#access_token=s3cretPW1&state=1', 'https://host/cb#access_token=[redacted]&state=1'],
  ['https://host/x?X-Amz-Signature=s3cretPW1&a=b', 'https://host/x?X-Amz-Signature=[redacted]&a=b'],
];

describe('URL credentials', () => {
  for (const [written, shown] of FORMS) {
    it(`${JSON.stringify(written)} is shown as ${shown} and flagged`, () => {
      assert.equal(withoutUrlCredentials(written), shown);
      const inText = withoutUrlCredentialsInText(`see ${written.trim()} (the agent)`);
      assert.ok(!/s3cret/.test(inText), inText);
      assert.ok(
        urlCredentialsIn(written).some((h) => h.secret.replace(/[\t\n]/g, '') === 's3cretPW1'),
        JSON.stringify(urlCredentialsIn(written)),
      );
      assert.ok(jsonMayHoldUrlCredentials(JSON.stringify({ url: written })));
    });
  }

  it('leaves URLs without credentials and other text exactly as they are', () => {
    for (const s of [
      'https://host:8443',
      'HTTPS://Host/a?x=1#y',
      'mailto:someone@example.com',
      'urn:x:y@z',
      'a=b and c@d',
      '2026-11-01T00:00:00Z',
      'https://host/?page_size=10&cursor=abc',
    ]) {
      assert.equal(withoutUrlCredentials(s), s);
      assert.equal(withoutUrlCredentialsInText(s), s);
      assert.deepEqual(urlCredentialsIn(s), []);
    }
  });

  it('finds a URL glued after a digit or punctuation, which a reader still takes for a URL with a password', () => {
    for (const text of [
      'Agent 7https://user:s3cretPW1@host/x',
      'v1.https://u:s3cretPW1@host/',
      '(1)+https:u:s3cretPW1@host',
    ]) {
      const shown = withoutUrlCredentialsInText(text);
      assert.ok(!/s3cret/.test(shown), shown);
    }
  });

  it('cleans a URL held in the path of another, to any depth', () => {
    const inner = 'https://user:s3cretPW1@catalog.example/xacmehttps://user:s3cretPW1@catalog.example/x@everyone';
    const deep = Array.from({ length: 12 }, (_, i) => `x${i}https://u:s3cretPW1@h${i}.example/`).join('');
    for (const text of [inner, `\u202e${inner}"`, deep, `see ${deep}`]) {
      assert.ok(!/s3cret/.test(withoutUrlCredentials(text)), withoutUrlCredentials(text));
      assert.ok(!/s3cret/.test(withoutUrlCredentialsInText(text)), withoutUrlCredentialsInText(text));
    }
  });

  it('does not flag placeholders', () => {
    for (const s of ['https://user:password@host/', 'https://u:${PASSWORD}@h/', 'https://h/?api_key=<your-key>'])
      assert.deepEqual(urlCredentialsIn(s), [], s);
  });

  it('knows the credential parameter names, in any case and spelling', () => {
    for (const name of ['api_key', 'APIKEY', 'api-key', 'key', 'token', 'access_token', 'client_secret', 'sig', 'code'])
      assert.ok(isCredentialParameter(name), name);
    for (const name of ['page', 'q', 'lang', 'cursor', 'keyword']) assert.ok(!isCredentialParameter(name), name);
  });

  it('uses the same placeholder as the redactor', () => assert.equal(REDACTED_VALUE, REDACTED));

  it('stays linear on crowded text', () => {
    for (const text of [
      'a:'.repeat(200_000) + '@',
      `https://${'a@'.repeat(200_000)}`,
      `x ${'https://u:p@h/?key=v&'.repeat(20_000)}`,
      `{"a":"${':\\"'.repeat(200_000)}@"}`,
    ]) {
      const start = performance.now();
      withoutUrlCredentialsInText(text);
      urlCredentialsIn(text);
      jsonMayHoldUrlCredentials(text);
      assert.ok(performance.now() - start < 3000, `${text.slice(0, 20)}: ${performance.now() - start} ms`);
    }
  });
});
