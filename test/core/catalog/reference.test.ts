import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readCatalog, looksLikeCatalog } from '../../../server/src/core/catalog/model';
import {
  formatCatalogReference,
  parseCatalogReference,
  selectCatalogEntry,
} from '../../../server/src/core/catalog/reference';

const catalog = readCatalog({
  specVersion: '1.0',
  entries: [
    {
      identifier: 'urn:air:example.com:agents:travel',
      version: '1.2.0',
      type: 'application/a2a-agent-card+json',
      url: 'https://example.com/a.json',
    },
    {
      identifier: 'urn:air:example.com:agents:travel',
      version: '1.10.0',
      type: 'application/a2a-agent-card+json',
      url: 'https://example.com/b.json',
    },
    {
      identifier: 'dated',
      updatedAt: '2026-01-01T00:00:00Z',
      mediaType: 'Application/A2A-Agent-Card+JSON; charset=utf-8',
      url: 'https://example.com/old.json',
    },
    {
      identifier: 'dated',
      updatedAt: '2026-03-01T00:00:00Z',
      mediaType: 'application/a2a-agent-card+json',
      url: 'https://example.com/new.json',
    },
    { identifier: 'nested', type: 'application/ai-catalog+json', url: 'https://example.com/more.json' },
    'not an entry',
  ],
})!;

test('both media-type dialects are read, with parameters and case ignored', () => {
  assert.deepEqual(
    catalog.entries.map((e) => e.kind),
    ['a2a-card', 'a2a-card', 'a2a-card', 'a2a-card', 'catalog'],
  );
  assert.equal(catalog.entries[2]!.mediaTypeMember, 'mediaType');
  assert.equal(catalog.entries[4]!.pointer, '/entries/4');
});

test('a reference without a version picks the highest semantic version, else the latest date', () => {
  assert.equal(
    selectCatalogEntry(catalog.entries, 'urn:air:example.com:agents:travel')?.url,
    'https://example.com/b.json',
  );
  assert.equal(
    selectCatalogEntry(catalog.entries, 'urn:air:example.com:agents:travel', '1.2.0')?.url,
    'https://example.com/a.json',
  );
  assert.equal(selectCatalogEntry(catalog.entries, 'urn:air:example.com:agents:travel', '9.9.9'), undefined);
  assert.equal(selectCatalogEntry(catalog.entries, 'dated')?.url, 'https://example.com/new.json');
  assert.equal(selectCatalogEntry(catalog.entries, 'absent'), undefined);
});

test('references parse and format back; paths and plain URLs are not references', () => {
  const ref = parseCatalogReference(
    'https://example.com/.well-known/ai-catalog.json#urn:air:example.com:agents:travel@1.2.0',
  );
  assert.deepEqual(ref, {
    catalog: 'https://example.com/.well-known/ai-catalog.json',
    identifier: 'urn:air:example.com:agents:travel',
    version: '1.2.0',
  });
  assert.equal(
    formatCatalogReference(ref!),
    'https://example.com/.well-known/ai-catalog.json#urn:air:example.com:agents:travel@1.2.0',
  );
  const odd = { catalog: 'https://h.example/c.json', identifier: 'a@b#c d' };
  assert.deepEqual(parseCatalogReference(formatCatalogReference(odd)), odd);
  assert.equal(parseCatalogReference('https://example.com/card.json'), undefined);
  assert.equal(parseCatalogReference('https://example.com/card.json#'), undefined);
  assert.equal(parseCatalogReference('cards/a#b.json'), undefined);
  assert.equal(parseCatalogReference('https://example.com/c.json#%E0%A4%A'), undefined);
});

test('a card is not taken for a catalog', () => {
  assert.equal(looksLikeCatalog({ entries: [], skills: [] }), false);
  assert.equal(looksLikeCatalog({ specVersion: '1.0', entries: [] }), true);
});
