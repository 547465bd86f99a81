/**
 * catalog-nesting-too-deep: a catalog may list catalogs, inline in `data`; readers follow at most
 * MAX_CATALOG_DEPTH levels (the AI Catalog specification's bound). lint lints each inline catalog down to that
 * depth (lint.ts) and tells this rule how deep the catalog it is given sits: an inline catalog one level further is
 * reported here and never descended into.
 */
import {
  admit,
  finding,
  type Rule,
  type RuleDefinition,
  type RuleDocs,
  type RuleExamples,
  type RuleMeta,
} from './context';
import { catalogEntry } from './examples';
import { AI_CATALOG_MEDIA_TYPE, MAX_CATALOG_DEPTH, readCatalog } from '../catalog/model';
import { isObject } from '../document';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'catalog-nesting-too-deep',
  defaultSeverity: 'error',
  title: `Inline catalogs nested deeper than ${MAX_CATALOG_DEPTH}`,
  appliesTo: ['catalog'],
};

export const catalogNestingTooDeep: Rule = (ctx) => {
  const out: Finding[] = [];
  const depth = (ctx.catalogDepth ?? 0) + 1;
  if (depth <= MAX_CATALOG_DEPTH) return out;
  for (const entry of readCatalog(ctx.value)?.entries ?? []) {
    if (entry.kind !== 'catalog' || !isObject(entry.data) || !admit(ctx, out)) continue;
    out.push(
      finding(
        meta,
        `${entry.pointer}/data`,
        `This inline catalog is nested ${depth} levels deep, more than the ${MAX_CATALOG_DEPTH} readers follow: it was not read. List its entries in a shallower catalog.`,
        { data: { depth, limit: MAX_CATALOG_DEPTH } },
      ),
    );
  }
  return out;
};

/** A catalog with one inline catalog entry nested `levels` deep, the innermost empty. */
function nested(levels: number): Record<string, unknown> {
  let inner: Record<string, unknown> = { specVersion: '1.0', entries: [] };
  for (let i = 0; i < levels; i++)
    inner = {
      specVersion: '1.0',
      entries: [
        catalogEntry({
          identifier: `urn:air:example.com:catalogs:c${i}`,
          type: AI_CATALOG_MEDIA_TYPE,
          url: undefined,
          data: inner,
        }),
      ],
    };
  return inner;
}

const docs: RuleDocs = {
  summary: [
    `A catalog lists a catalog inline (an entry of type \`${AI_CATALOG_MEDIA_TYPE}\` with \`data\`) that lists`,
    `another, more than ${MAX_CATALOG_DEPTH} levels deep. Readers stop at ${MAX_CATALOG_DEPTH} (the AI Catalog`,
    'specification), so the agents below are never found; a2acap lints each inline catalog down to that depth and',
    'reports the next one here, without reading it.',
  ],
  bad: `inline catalogs nested ${MAX_CATALOG_DEPTH + 1} levels deep`,
  fix: 'list the agents in a shallower catalog, or by URL',
  quickFix: 'none.',
};

const examples: RuleExamples = {
  invalid: [{ with: { entries: nested(MAX_CATALOG_DEPTH + 1).entries as unknown[] } }],
  valid: [{ with: { entries: nested(MAX_CATALOG_DEPTH).entries as unknown[] } }],
};

export const rule: RuleDefinition = { meta, check: catalogNestingTooDeep, docs, examples };
