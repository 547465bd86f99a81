/**
 * The decisions of a catalog reference on a catalog in hand (core/catalog/resolve.ts): which entry, where its card
 * is, and the errors, which quote identifiers and versions and list nothing from the catalog but a count.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CatalogReferenceError, entryForReference } from '../../../server/src/core/catalog/resolve';
import { formatCatalogReference, parseCatalogReference } from '../../../server/src/core/catalog/reference';

const A2A = 'application/a2a-agent-card+json';
const CATALOG = 'https://catalog.example/dir/ai-catalog.json';
const catalog = {
  entries: [
    { identifier: 'pricing', version: '1.0.0', type: A2A, url: '../cards/1.json' },
    { identifier: 'pricing', version: '1.10.0', type: A2A, url: 'https://cdn.example/1.10.json' },
    { identifier: 'inline', mediaType: A2A, data: { name: 'inline' } },
    { identifier: 'both', type: A2A, url: '/x.json', data: {} },
    { identifier: 'file', type: A2A, url: 'file:///etc/passwd' },
    { identifier: 'mcp', type: 'application/mcp-server-card+json', url: '/mcp.json' },
  ],
};

function failure(fn: () => unknown): CatalogReferenceError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof CatalogReferenceError, String(err));
    return err;
  }
  assert.fail('expected a CatalogReferenceError');
}

test('the highest semantic version; the url resolved against the catalog URL; found_via records the version', () => {
  const selected = entryForReference(catalog, { catalog: CATALOG, identifier: 'pricing' });
  assert.deepEqual(selected.card, { url: 'https://cdn.example/1.10.json' });
  assert.deepEqual(selected.foundVia, { catalog: CATALOG, identifier: 'pricing', version: '1.10.0' });
  const named = entryForReference(catalog, { catalog: CATALOG, identifier: 'pricing', version: '1.0.0' });
  assert.deepEqual(named.card, { url: 'https://catalog.example/cards/1.json' });
});

test('inline data, in either media-type dialect', () => {
  assert.deepEqual(entryForReference(catalog, { catalog: CATALOG, identifier: 'inline' }).card, {
    data: { name: 'inline' },
  });
});

test('a version not listed: an error naming the newest listed, or with replacement the newest', () => {
  const err = failure(() => entryForReference(catalog, { catalog: CATALOG, identifier: 'pricing', version: '2.0.0' }));
  assert.equal(err.code, 'version-not-listed');
  assert.match(err.message, /version "2\.0\.0" of "pricing" is not listed \(the newest listed is "1\.10\.0"\)/);
  const replaced = entryForReference(
    catalog,
    { catalog: CATALOG, identifier: 'pricing', version: '2.0.0' },
    { replacement: true },
  );
  assert.equal(replaced.replaced, '2.0.0');
  assert.equal(replaced.foundVia.version, '1.10.0');
});

test('errors: no entry (a count only), not an A2A card, url and data, a non-http url, not a catalog', () => {
  const cases: [string, string, RegExp][] = [
    ['nobody\u202e', 'no-entry', /no entry with the identifier "nobody\\u202e" \(the catalog lists 6 entries\)$/i],
    ['mcp', 'not-a2a', /is of type "application\/mcp-server-card\+json", not an A2A agent card/],
    ['both', 'not-a2a', /has both "url" and "data"/],
    ['file', 'not-a2a', /no http\(s\) "url"/],
  ];
  for (const [identifier, code, message] of cases) {
    const err = failure(() => entryForReference(catalog, { catalog: CATALOG, identifier }));
    assert.equal(err.code, code, identifier);
    assert.match(err.message, message);
    assert.doesNotMatch(err.message, /pricing|inline/);
  }
  for (const value of [null, [], { name: 'a card', skills: [], entries: [] }])
    assert.equal(failure(() => entryForReference(value, { catalog: CATALOG, identifier: 'x' })).code, 'not-a-catalog');
});

test('a reference with an emoji or a lone surrogate is written without throwing and reads back', () => {
  const emoji = { catalog: CATALOG, identifier: 'agent-\u{1F600}', version: '1.0.0' };
  assert.deepEqual(parseCatalogReference(formatCatalogReference(emoji)), emoji);
  const lone = { catalog: CATALOG, identifier: 'agent-\udc00' };
  assert.equal(parseCatalogReference(formatCatalogReference(lone))?.identifier, 'agent-\ufffd');
});
