/** What discover tries for a source: domains told from paths and URLs, the scheme of a domain, the well-known order. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  isOriginUrl,
  looksLikeDomain,
  originOfDomain,
  wellKnownCandidates,
} from '../../../server/src/core/catalog/discoverSource';

describe('discoverSource', () => {
  it('tells a domain from a file, a path and a URL', () => {
    for (const domain of ['example.com', 'agents.example.co.uk', 'localhost:8080', '127.0.0.1:9000', '[::1]:80'])
      assert.equal(looksLikeDomain(domain), true, domain);
    for (const other of [
      'ai-catalog.json',
      './example.com',
      'dir/card.json',
      'https://example.com',
      'a b',
      '',
      '-x.com',
    ])
      assert.equal(looksLikeDomain(other), false, other);
  });

  it('asks loopback hosts over http and every other host over https', () => {
    assert.equal(originOfDomain('localhost:8080'), 'http://localhost:8080');
    assert.equal(originOfDomain('127.0.0.1:9000'), 'http://127.0.0.1:9000');
    assert.equal(originOfDomain('[::1]:80'), 'http://[::1]:80');
    assert.equal(originOfDomain('Example.COM'), 'https://example.com');
    assert.equal(originOfDomain('10.0.0.1'), 'https://10.0.0.1');
  });

  it('tries the catalog, then the card, then the legacy card path', () => {
    assert.deepEqual(wellKnownCandidates('https://example.com'), [
      { url: 'https://example.com/.well-known/ai-catalog.json', expect: 'catalog', legacy: false },
      { url: 'https://example.com/.well-known/agent-card.json', expect: 'card', legacy: false },
      { url: 'https://example.com/.well-known/agent.json', expect: 'card', legacy: true },
    ]);
  });

  it('takes a URL without a path as an origin', () => {
    assert.equal(isOriginUrl(new URL('https://example.com')), true);
    assert.equal(isOriginUrl(new URL('https://example.com/')), true);
    assert.equal(isOriginUrl(new URL('https://example.com/?q=1')), false);
    assert.equal(isOriginUrl(new URL('https://example.com/catalog.json')), false);
  });
});
