// The pure verdicts behind the endpoint and version probes, table-driven: Cache-Control, media type, HSTS,
// which hosts count as loopback as written, and the version a client sends for a declared protocolVersion.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { judgeCacheControl, judgeMediaType } from '../../../server/src/core/probe/cardEndpointProbe';
import { isLoopbackAsWritten, judgeHsts } from '../../../server/src/core/probe/transportProbe';
import { negotiatedVersion } from '../../../server/src/core/probe/versionProbe';

describe('card endpoint verdicts', () => {
  const cacheControl: [string | undefined, string][] = [
    [undefined, 'refuted'],
    ['', 'refuted'],
    ['no-store', 'refuted'],
    ['public, no-store, max-age=60', 'refuted'],
    ['public', 'refuted'],
    ['max-age=-1', 'refuted'],
    ['max-age=1e3', 'refuted'],
    ['max-age=99999999999', 'refuted'],
    ['no-cache', 'verified'],
    ['max-age=0', 'verified'],
    ['public, max-age="600"', 'verified'],
    ['private, max-age=60', 'verified'],
  ];
  for (const [value, outcome] of cacheControl) {
    it(`Cache-Control ${JSON.stringify(value)} → ${outcome}`, () => assert.equal(judgeCacheControl(value)[0], outcome));
  }
  it('a long hostile Cache-Control value is cut in the detail', () => {
    assert.ok(judgeCacheControl(`x${'y'.repeat(10_000)}`)[1].length < 300);
  });

  const mediaTypes: [string | undefined, string][] = [
    ['application/json', 'verified'],
    ['Application/JSON; charset=utf-8', 'verified'],
    ['application/a2a+json', 'verified'],
    ['application/problem+json', 'refuted'],
    ['text/plain', 'refuted'],
    ['text/html', 'refuted'],
    [undefined, 'refuted'],
  ];
  for (const [value, outcome] of mediaTypes) {
    it(`Content-Type ${JSON.stringify(value)} → ${outcome}`, () => assert.equal(judgeMediaType(value)[0], outcome));
  }
});

describe('transport verdicts', () => {
  const hsts: [string | undefined, boolean][] = [
    ['max-age=31536000', true],
    ['max-age=63072000; includeSubDomains; preload', true],
    ['MAX-AGE="600"', true],
    [undefined, false],
    ['', false],
    ['max-age=0', false],
    ['includeSubDomains', false],
    ['max-age=forever', false],
  ];
  for (const [value, ok] of hsts) {
    it(`Strict-Transport-Security ${JSON.stringify(value)} → ${ok ? 'on' : 'off'}`, () =>
      assert.equal(judgeHsts(value).ok, ok));
  }

  const hosts: [string, boolean][] = [
    ['localhost', true],
    ['LOCALHOST.', true],
    ['api.localhost', true],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['[::1]', true],
    ['agent.test', false],
    ['localhost.example.com', false],
    ['10.0.0.1', false],
    ['example.com', false],
    ['[::ffff:7f00:1]', true],
  ];
  for (const [host, loopback] of hosts) {
    it(`${host} is ${loopback ? '' : 'not '}loopback as written`, () =>
      assert.equal(isLoopbackAsWritten(host), loopback));
  }
});

describe('the version a client sends', () => {
  const cases: [string, string, boolean][] = [
    ['1.0', '1.0', false],
    ['1.0.1', '1.0', true],
    ['0.3.0', '0.3', true],
    ['2', '2', false],
    ['v1.0', 'v1.0', false],
  ];
  for (const [declared, sent, patch] of cases) {
    it(`${declared} → ${sent}${patch ? ' (patch part)' : ''}`, () =>
      assert.deepEqual(negotiatedVersion(declared), { sent, patch }));
  }
});
