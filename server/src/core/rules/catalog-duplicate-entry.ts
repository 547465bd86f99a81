/**
 * catalog-duplicate-entry: an entry is named by its identifier and version, and two entries with the same pair
 * leave a reader to pick one (a catalog reference, CATALOG-URL#IDENTIFIER@VERSION, cannot tell them apart).
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
import { readCatalog } from '../catalog/model';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'catalog-duplicate-entry',
  defaultSeverity: 'error',
  title: 'Two catalog entries share an identifier and version',
  appliesTo: ['catalog'],
};

export const catalogDuplicateEntry: Rule = (ctx) => {
  const out: Finding[] = [];
  const first = new Map<string, number>();
  for (const entry of readCatalog(ctx.value)?.entries ?? []) {
    if (entry.identifier === undefined) continue;
    // Identifiers and versions are compared as written; no version is a value of its own.
    const key = JSON.stringify([entry.identifier, entry.version ?? null]);
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, entry.index);
      continue;
    }
    if (!admit(ctx, out)) break;
    const what =
      entry.version === undefined
        ? `identifier ${quote(entry.identifier)} (no version)`
        : `identifier ${quote(entry.identifier)} and version ${quote(entry.version)}`;
    out.push(
      finding(
        meta,
        `${entry.pointer}/identifier`,
        `entries[${earlier}] already has the ${what}: a reader cannot tell the two apart. Give this entry another version, or remove one.`,
        { data: { identifier: entry.identifier, version: entry.version ?? null, firstIndex: earlier } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    'Two entries of an AI Catalog have the same `identifier` and `version` (or the same identifier and no version).',
    'The pair names an entry, in the catalog and in a reference such as `CATALOG-URL#IDENTIFIER@VERSION`, so a reader',
    'given two picks one of them without telling you.',
  ],
  bad: 'two entries `"identifier": "urn:air:example.com:agents:pricing", "version": "3.2.0"`',
  fix: 'give each release its own `version`, or remove the stale entry',
  quickFix: 'none.',
};

const examples: RuleExamples = {
  invalid: [{ with: { entries: [catalogEntry({ version: '3.2.0' }), catalogEntry({ version: '3.2.0' })] } }],
  valid: [{ with: { entries: [catalogEntry({ version: '3.2.0' }), catalogEntry({ version: '3.3.0' })] } }],
};

export const rule: RuleDefinition = { meta, check: catalogDuplicateEntry, docs, examples };
