/**
 * AI Catalog attack classes for the core campaign: inline catalogs nested past any bound, a catalog that lists
 * itself, look-alike identifiers (a confusable character or one edit), and an A2A entry whose inline card is a
 * mutated seed. Each case says what lint must report; every case must lint without throwing, never report a
 * finding of an inline card outside its entry's /entries/N/data, and stay fast (the nesting is never followed past
 * MAX_CATALOG_DEPTH).
 */
import { lintDocument } from '../../server/src/core/lint';
import { MAX_CATALOG_DEPTH } from '../../server/src/core/catalog/model';
import { int, mutate, pick, type Rng } from './mutate';
import type { Failure } from './properties';
import type { Seed } from './seeds';

const A2A = 'application/a2a-agent-card+json';
const CATALOG = 'application/ai-catalog+json';
const HOST = { displayName: 'Example', identifier: 'did:web:example.com' };

export interface CatalogExpectation {
  /** A code lint must report (undefined: none in particular). */
  code?: string;
  /** The index of the entry whose inline card was mutated: its findings stay under /entries/N/data. */
  inlineAt?: number;
}

export interface CatalogCase {
  text: string;
  op: string;
  expect: CatalogExpectation;
}

const entry = (identifier: string, members: Record<string, unknown>) => ({ identifier, type: A2A, ...members });

function nestedCase(rng: Rng): CatalogCase {
  const depth = 1 + int(rng, 200);
  // Built as text: a writer that recursed per level would be what the case is about.
  let inner = '{"specVersion":"1.0","entries":[]}';
  for (let i = 0; i < depth; i++)
    inner = `{"specVersion":"1.0","entries":[{"identifier":"urn:air:example.com:c:${i}","type":"${CATALOG}","data":${inner}}]}`;
  return {
    text: inner,
    op: `catalog: inline nesting ${depth} deep`,
    expect: depth > MAX_CATALOG_DEPTH ? { code: 'catalog-nesting-too-deep' } : {},
  };
}

function cycleCase(): CatalogCase {
  const self = entry('urn:air:example.com:catalogs:all', {
    type: CATALOG,
    url: 'https://example.com/.well-known/ai-catalog.json',
  });
  return {
    text: JSON.stringify({ specVersion: '1.0', host: HOST, entries: [self] }),
    op: 'catalog: lists itself',
    expect: { code: 'catalog-cycle' },
  };
}

/** Letters and the characters Unicode lists as looking like them. */
const LOOKALIKES: readonly [string, string][] = [
  ['a', '\u0430'],
  ['e', '\u0435'],
  ['o', '\u043e'],
  ['i', '\u0456'],
  ['l', 'I'],
  ['p', '\u0440'],
];

function lookalikeCase(rng: Rng): CatalogCase {
  const base = 'urn:air:example.com:agents:pricing-planner';
  const [from, to] = pick(rng, LOOKALIKES);
  const at = base.lastIndexOf(from);
  const confusable = int(rng, 2) === 0;
  const other = confusable ? base.slice(0, at) + to + base.slice(at + 1) : base.slice(0, at) + base.slice(at + 1);
  const url = { url: 'https://pricing.example.com/.well-known/agent-card.json' };
  const entries = [entry(base, url), entry(other, url)];
  return {
    text: JSON.stringify({ specVersion: '1.0', host: HOST, entries }),
    op: `catalog: ${confusable ? `${from} → U+${to.codePointAt(0)!.toString(16)}` : `${from} deleted`} in an identifier`,
    expect: { code: 'catalog-confusable-identifier' },
  };
}

function inlineCardCase(rng: Rng, seeds: readonly Seed[]): CatalogCase {
  const cards = seeds.filter((s) => s.kind === 'card');
  const m = mutate(rng, pick(rng, cards), seeds);
  const index = int(rng, 3);
  const before = Array.from({ length: index }, (_, i) =>
    JSON.stringify(entry(`urn:air:example.com:agents:a${i}`, { url: `https://a${i}.example.com/card.json` })),
  );
  // The mutated text goes in as it is: it may not even be JSON, and then the catalog is not either.
  const inline = `{"identifier":"urn:air:example.com:agents:inline","type":"${A2A}","data":${m.text}}`;
  return {
    text: `{"specVersion":"1.0","entries":[${[...before, inline].join(',')}]}`,
    op: `catalog: inline card at entries[${index}]: ${m.ops.join(', ')}`,
    expect: { inlineAt: index },
  };
}

export function catalogCase(rng: Rng, seeds: readonly Seed[]): CatalogCase {
  const which = int(rng, 4);
  if (which === 0) return nestedCase(rng);
  if (which === 1) return cycleCase();
  if (which === 2) return lookalikeCase(rng);
  return inlineCardCase(rng, seeds);
}

export function catalogFailures(text: string, expect: CatalogExpectation): Failure[] {
  const result = lintDocument(text, { fileName: 'ai-catalog.json' });
  const failures: Failure[] = [];
  if (result.value === undefined) return failures;
  if (expect.code !== undefined && !result.findings.some((f) => f.code === expect.code))
    failures.push({ property: 'a catalog attack is reported', detail: `no ${expect.code} finding` });
  if (expect.inlineAt !== undefined) {
    const inside = `/entries/${expect.inlineAt}/data`;
    const stray = result.findings.find(
      (f) =>
        f.pointer.startsWith('/entries/') &&
        f.pointer !== `/entries/${expect.inlineAt}` &&
        !f.pointer.startsWith(`/entries/${expect.inlineAt}/`) &&
        f.code !== 'findings-left-out',
    );
    if (stray)
      failures.push({
        property: "an inline card's findings stay under its entry",
        detail: `${stray.code} at ${JSON.stringify(stray.pointer.slice(0, 120))}, outside ${inside}`,
      });
  }
  return failures;
}
