/**
 * What `a2acap lint` reports for a catalog, as discover's findings: the catalog's text through the app's one lint
 * function (lint.ts `lintText`, the catalog rules and schema, discovery-poisoning and hidden text in entry text),
 * each finding with the catalog it is about. Findings inside an inline A2A card's `data` are left out: an inline card
 * is compiled on its own, and its findings make its entry's status.
 */
import { MAX_CATALOG_DEPTH, readCatalog } from '../core/catalog/model';
import type { DiscoverFinding } from '../core/catalog/discoverReport';
import { ruleMeta } from '../core/rules/catalog';
import type { ClientConfig } from '../core/types';
import { lintText } from './lint';

export interface CatalogLintRequest {
  text: string;
  /** The catalog's URL or file as reports show it (credentials stripped). */
  shown: string;
  /** The URL it was fetched from (for the rules that compare a catalog's host); absent for a file. */
  url?: string;
  client: ClientConfig;
  maxBytes: number;
}

export function catalogFindings(request: CatalogLintRequest): DiscoverFinding[] {
  const result = lintText({
    text: request.text,
    kind: 'catalog',
    settings: { client: request.client, maxCardBytes: request.maxBytes },
    ...(request.url !== undefined ? { source: request.url } : {}),
  });
  const inlineCards = inlineCardPointers(result.value, '', 0);
  return result.findings
    .filter((f) => !inlineCards.some((p) => f.pointer === p || f.pointer.startsWith(`${p}/`)))
    .map((f) => ({
      code: f.code,
      severity: f.severity,
      message: f.message,
      pointer: f.pointer,
      catalog: request.shown,
      ruleTitle: ruleMeta(f.code)?.title ?? f.code,
    }));
}

/** The pointers of the inline A2A cards in a catalog, inline nested catalogs included (as deep as lint reads). */
function inlineCardPointers(value: unknown, prefix: string, depth: number): string[] {
  const out: string[] = [];
  for (const entry of readCatalog(value)?.entries ?? []) {
    if (!entry.hasData) continue;
    const at = `${prefix}${entry.pointer}/data`;
    if (entry.kind === 'a2a-card') out.push(at);
    else if (entry.kind === 'catalog' && depth < MAX_CATALOG_DEPTH)
      out.push(...inlineCardPointers(entry.data, at, depth + 1));
  }
  return out;
}
