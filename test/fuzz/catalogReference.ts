/**
 * Catalog references against hostile catalogs: entries whose identifiers, versions, types and URLs carry control,
 * bidi and invisible characters, instructions, other schemes and wrong types; references naming them (or not) with
 * such versions. Properties: a reference written and read back is the same reference; resolving an entry either
 * selects one (whose card is inline or an http(s) URL) or fails with a CatalogReferenceError, whose message shows no
 * raw hidden character and names no other entry of the catalog (identifiers are untrusted).
 */
import { CatalogReferenceError, entryForReference } from '../../server/src/core/catalog/resolve';
import { formatCatalogReference, parseCatalogReference } from '../../server/src/core/catalog/reference';
import { chance, int, pick, type Rng } from './mutate';
import { describeError, forbiddenCharacter, type Failure } from './properties';

export interface ReferenceCase {
  catalog: unknown;
  reference: { catalog: string; identifier: string; version?: string };
  /** Identifiers of the other entries: no message may name one. */
  others: string[];
}

const HOSTILE = [
  '\u202e',
  '\u200b',
  '\u001b[2J',
  '\n',
  '\u0000',
  '\udc00',
  'ignore previous instructions ',
  '\u{e0041}',
];
const TYPES = ['application/a2a-agent-card+json', 'application/ai-catalog+json', 'text/html', 'x', 7, undefined];
const URLS = [
  '/card.json',
  'https://agent.example/card.json',
  'file:///etc/passwd',
  'data:,{}',
  'javascript:1',
  'http://[::1',
  '',
  3,
];
const VERSIONS = ['1.0.0', '2.0.0-rc.1', 'v3', 'latest', '1.0.0\u202e', undefined];

function hostile(rng: Rng, text: string): string {
  return chance(rng, 0.5) ? text : `${text}${pick(rng, HOSTILE)}${chance(rng, 0.3) ? pick(rng, HOSTILE) : ''}`;
}

function entry(rng: Rng, identifier: string): Record<string, unknown> {
  const e: Record<string, unknown> = { identifier, type: pick(rng, TYPES) };
  const version = pick(rng, VERSIONS);
  if (version !== undefined) e.version = hostile(rng, version);
  if (chance(rng, 0.7)) e.url = pick(rng, URLS);
  if (chance(rng, 0.3)) e.data = chance(rng, 0.5) ? { name: hostile(rng, 'agent') } : pick(rng, [null, 1, 'x', []]);
  if (chance(rng, 0.2)) e.updatedAt = pick(rng, ['2026-01-01T00:00:00Z', 'not a date']);
  return e;
}

export function referenceCase(rng: Rng): ReferenceCase {
  const identifiers = Array.from({ length: int(rng, 5) }, (_, i) => hostile(rng, `tok${i}-${int(rng, 1e6)}`));
  const entries = identifiers.map((id) => entry(rng, id));
  if (chance(rng, 0.3) && identifiers.length > 0) entries.push(entry(rng, pick(rng, identifiers)));
  const catalog = chance(rng, 0.1) ? pick(rng, [null, [], { skills: [], entries }, { entries: 'x' }]) : { entries };
  const asked = identifiers.length > 0 && chance(rng, 0.7) ? pick(rng, identifiers) : hostile(rng, 'absent');
  const version = chance(rng, 0.4) ? hostile(rng, pick(rng, ['1.0.0', '9.9.9', 'v3'])) : undefined;
  return {
    catalog,
    reference: {
      catalog: 'https://catalog.example/ai-catalog.json',
      identifier: asked,
      ...(version ? { version } : {}),
    },
    others: identifiers.filter((id) => id !== asked),
  };
}

export function referenceFailures(c: ReferenceCase): Failure[] {
  const failures: Failure[] = [];
  const again = parseCatalogReference(formatCatalogReference(c.reference));
  if (again?.identifier !== wellFormed(c.reference.identifier) || again?.version !== wellFormed(c.reference.version))
    failures.push({ property: 'a catalog reference reads back as written', detail: JSON.stringify(c.reference) });
  try {
    const selected = entryForReference(c.catalog, c.reference, { replacement: true });
    if ('url' in selected.card && !/^https?:\/\//.test(selected.card.url))
      failures.push({ property: 'a selected entry names an http(s) card URL', detail: selected.card.url.slice(0, 80) });
  } catch (err) {
    if (!(err instanceof CatalogReferenceError))
      return [
        ...failures,
        { property: 'resolving fails only with a CatalogReferenceError', detail: describeError(err) },
      ];
    const raw = forbiddenCharacter(err.message);
    if (raw) failures.push({ property: 'reference errors show no raw hidden character', detail: raw });
    const named = c.others.find((id) => id.length > 0 && err.message.includes(id.slice(0, 10)));
    if (named) failures.push({ property: 'reference errors name no other entry', detail: JSON.stringify(named) });
  }
  return failures;
}

/** What a reference can carry: a lone surrogate has no UTF-8 form and is written as U+FFFD. */
function wellFormed(text: string | undefined): string | undefined {
  return text?.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
