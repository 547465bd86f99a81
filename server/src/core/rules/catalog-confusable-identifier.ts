/**
 * catalog-confusable-identifier: two entries whose identifiers look alike (confusable characters or case, or one
 * edit apart) are what typosquatting in a catalog looks like: a person or a model choosing by name takes the
 * imitation for the real agent. The comparison is bucketed (catalog/lookalikes.ts), never all pairs.
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
import { lookalikeIdentifiers } from '../catalog/lookalikes';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'catalog-confusable-identifier',
  defaultSeverity: 'warning',
  title: 'Catalog entry identifiers that look alike',
  appliesTo: ['catalog'],
};

export const catalogConfusableIdentifier: Rule = (ctx) => {
  const out: Finding[] = [];
  const entries = readCatalog(ctx.value)?.entries ?? [];
  // One place per distinct identifier: the same identifier at another version is the same agent.
  const firstAt = new Map<string, number>();
  for (const entry of entries)
    if (entry.identifier !== undefined && !firstAt.has(entry.identifier)) firstAt.set(entry.identifier, entry.index);
  const identifiers = [...firstAt.keys()];
  const indexes = [...firstAt.values()];
  for (const found of lookalikeIdentifiers(identifiers)) {
    if (!admit(ctx, out)) break;
    const index = indexes[found.index]!;
    const like = indexes[found.like]!;
    const how =
      found.how === 'skeleton' ? 'they differ only in look-alike characters or case' : 'they are one character apart';
    out.push(
      finding(
        meta,
        `/entries/${index}/identifier`,
        `The identifier ${quote(identifiers[found.index])} looks like ${quote(identifiers[found.like])} of entries[${like}] (${how}): a person or a model choosing by name may take one for the other. Rename it so the two are told apart easily, or remove the one that imitates the other.`,
        { data: { like, how: found.how } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    "Two entries' identifiers look alike: the same once Unicode's confusable characters (UTS #39, the data the",
    '`spoofed-name` rule uses) and case are set aside, or one character apart. The AI Catalog specification names',
    'typosquatting as a risk of discovery: a catalog that lists `urn:air:example.com:agents:pricing` and',
    '`urn:air:example.com:agents:prlcing` lets the imitation be chosen by name. Identifiers that differ only in a',
    'digit (`agent-1`, `agent-2`) are numbered siblings and are not reported. The comparison buckets identifiers by',
    'skeleton and by one-deletion neighbourhood, so a catalog of 10,000 entries stays fast.',
  ],
  bad: '`urn:air:example.com:agents:pricing` and `urn:air:example.com:agents:prіcing` (a Cyrillic і)',
  fix: 'identifiers that differ in more than one plain character, or remove the imitation',
  quickFix: 'none.',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        entries: [catalogEntry({}), catalogEntry({ identifier: 'urn:air:example.com:agents:pr\u0456cing' })],
      },
    },
    { with: { entries: [catalogEntry({}), catalogEntry({ identifier: 'urn:air:example.com:agents:prlcing' })] } },
  ],
  valid: [
    { with: { entries: [catalogEntry({}), catalogEntry({ identifier: 'urn:air:example.com:agents:refunds' })] } },
    {
      with: {
        entries: [
          catalogEntry({ identifier: 'urn:air:example.com:agents:pricing-1' }),
          catalogEntry({ identifier: 'urn:air:example.com:agents:pricing-2' }),
        ],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: catalogConfusableIdentifier, docs, examples };
