/**
 * What `a2acap lint` reports for a catalog, as discover's findings: the catalog rules and schema, discovery-poisoning
 * and hidden text in entry text, inline nested catalogs linted in place, each finding with the catalog it is about.
 * Inline A2A cards are not linted here: discover lints and compiles each one once, on its own, and its findings make
 * its entry's status. Discover's findings carry pointers, not ranges, so none are located.
 */
import type { DiscoverFinding } from '../core/catalog/discoverReport';
import { lintDocument } from '../core/lint';
import { ruleMeta } from '../core/rules/catalog';
import type { ClientConfig } from '../core/types';

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
  const result = lintDocument(request.text, {
    kind: 'catalog',
    settings: { client: request.client, maxCardBytes: request.maxBytes },
    inlineCards: false,
    ...(request.url !== undefined ? { source: request.url } : {}),
  });
  return result.findings.map((f) => ({
    code: f.code,
    severity: f.severity,
    message: f.message,
    pointer: f.pointer,
    catalog: request.shown,
    ruleTitle: ruleMeta(f.code)?.title ?? f.code,
  }));
}
