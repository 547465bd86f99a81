/**
 * catalog-cycle: an entry that lists the catalog itself by URL sends a reader following nested catalogs back to
 * where it started. Readers that keep a set of visited URLs stop; others loop. The catalog's own URLs are the one
 * it was read from and the well-known address of its did:web host (catalog/host.ts).
 */
import {
  admit,
  finding,
  quote,
  type Rule,
  type RuleDefinition,
  type RuleDocs,
  type RuleExamples,
  type RuleMeta,
} from './context';
import { catalogEntry } from './examples';
import { AI_CATALOG_MEDIA_TYPE, readCatalog } from '../catalog/model';
import { comparableUrl, ownCatalogUrls } from '../catalog/host';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'catalog-cycle',
  defaultSeverity: 'error',
  title: 'A catalog entry that lists the catalog itself',
  appliesTo: ['catalog'],
};

export const catalogCycle: Rule = (ctx) => {
  const out: Finding[] = [];
  const own = new Set(ownCatalogUrls(ctx.value, ctx.source));
  if (own.size === 0) return out;
  for (const entry of readCatalog(ctx.value)?.entries ?? []) {
    if (entry.url === undefined) continue;
    const url = comparableUrl(entry.url);
    if (url === undefined || !own.has(url) || !admit(ctx, out)) continue;
    out.push(
      finding(
        meta,
        `${entry.pointer}/url`,
        `This entry's URL ${quote(entry.url)} is this catalog's own address: a reader following nested catalogs comes back here. Remove the entry, or point it at the catalog it means.`,
        { data: { url: entry.url } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    "An entry's `url` is the catalog's own address: the URL it was read from, or the well-known address",
    '(`https://HOST/.well-known/ai-catalog.json`) of its `did:web` host. Following nested catalogs comes back to the',
    'start; a2acap never follows a catalog twice, but other readers may loop.',
  ],
  bad: '`"host": { "identifier": "did:web:example.com" }` with an entry `"url": "https://example.com/.well-known/ai-catalog.json"`',
  fix: 'remove the entry, or point it at the nested catalog it means',
  quickFix: 'none.',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        entries: [
          catalogEntry({
            identifier: 'urn:air:example.com:catalogs:all',
            type: AI_CATALOG_MEDIA_TYPE,
            url: 'https://example.com/.well-known/ai-catalog.json',
          }),
        ],
      },
    },
  ],
  valid: [
    {
      with: {
        entries: [
          catalogEntry({
            identifier: 'urn:air:example.com:catalogs:travel',
            type: AI_CATALOG_MEDIA_TYPE,
            url: 'https://example.com/travel/ai-catalog.json',
          }),
        ],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: catalogCycle, docs, examples };
