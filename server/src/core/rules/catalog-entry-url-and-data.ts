/**
 * catalog-entry-url-and-data: an AI Catalog entry is served at `url` or carried inline in `data`, exactly one of
 * them. With both, readers disagree on which artifact the entry is; with neither, there is no artifact at all.
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
  id: 'catalog-entry-url-and-data',
  defaultSeverity: 'error',
  title: 'A catalog entry with both url and data, or neither',
  appliesTo: ['catalog'],
};

export const catalogEntryUrlAndData: Rule = (ctx) => {
  const out: Finding[] = [];
  for (const entry of readCatalog(ctx.value)?.entries ?? []) {
    if (entry.hasUrl !== entry.hasData || !admit(ctx, out)) continue;
    const name = entry.identifier === undefined ? `entries[${entry.index}]` : quote(entry.identifier);
    out.push(
      finding(
        meta,
        entry.pointer,
        entry.hasUrl
          ? `The entry ${name} has both "url" and "data": readers disagree on which artifact it is. Keep one (the URL where the artifact is served, or the artifact inline).`
          : `The entry ${name} has neither "url" nor "data": there is no artifact to read. Add the URL where it is served, or the artifact inline as "data".`,
        { data: { both: entry.hasUrl } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    'An AI Catalog entry names its artifact in exactly one way: served at `url`, or inline in `data`. With both,',
    'one reader fetches the URL and another uses the inline copy, and the two may differ; with neither, the entry has',
    'no artifact.',
  ],
  bad: '`{ "identifier": "urn:air:example.com:agents:pricing", "type": "application/a2a-agent-card+json", "url": "https://…", "data": { … } }`',
  fix: 'keep one of `url` and `data`',
  quickFix: 'none (which one is right is yours to decide).',
};

const examples: RuleExamples = {
  invalid: [
    { with: { entries: [catalogEntry({ data: { name: 'Pricing Agent' } })] } },
    {
      with: {
        entries: [{ identifier: 'urn:air:example.com:agents:pricing', type: 'application/a2a-agent-card+json' }],
      },
    },
  ],
  valid: [{ with: { entries: [catalogEntry({})] } }],
};

export const rule: RuleDefinition = { meta, check: catalogEntryUrlAndData, docs, examples };
